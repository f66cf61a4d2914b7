import type { Annotation, DocumentTokens, Label, ModelConfiguration, Token } from '@counterpart/contracts';

/**
 * Synthetic invoices for the learner's tests: words placed at known points of an A4 page (as a
 * PDF's text layer would give them), three clearly different layouts, values and positions varied
 * by a seed, with the annotations a user would draw.
 */
const W = 595;
const H = 842;
const FONT = 10;

export const LABELS: Label[] = [
  {
    id: 'l1',
    model_id: 'm',
    key: 'invoice_number',
    name: 'Invoice number',
    type: 'text',
    required: true,
    columns: [],
    position: 0,
  },
  {
    id: 'l2',
    model_id: 'm',
    key: 'invoice_date',
    name: 'Invoice date',
    type: 'date',
    required: true,
    columns: [],
    position: 1,
  },
  {
    id: 'l3',
    model_id: 'm',
    key: 'customer',
    name: 'Customer',
    type: 'text',
    required: false,
    columns: [],
    position: 2,
  },
  {
    id: 'l4',
    model_id: 'm',
    key: 'total',
    name: 'Total',
    type: 'amount',
    required: true,
    columns: [],
    position: 3,
  },
  {
    id: 'l5',
    model_id: 'm',
    key: 'items',
    name: 'Line items',
    type: 'table',
    required: false,
    position: 4,
    columns: [
      { key: 'description', name: 'Description', type: 'text' },
      { key: 'qty', name: 'Qty', type: 'number' },
      { key: 'amount', name: 'Amount', type: 'amount' },
    ],
  },
];

export const CONFIGURATION: ModelConfiguration = {
  confidence_threshold: 0.8,
  ocr_language: 'eng',
  date_order: 'DMY',
  decimal_separator: '.',
  currency: 'KES',
  target_table_id: null,
  selection: { mode: 'any', keywords: [], exclude: [] },
};

export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export interface Truth {
  invoice_number: string;
  invoice_date: string;
  customer: string;
  total: string;
  items: { description: string; qty: string; amount: string }[];
}

class Page {
  tokens: Token[] = [];
  /** Writes words from (x, y) in points (y: the baseline's top); returns each word's box in page units. */
  text(x: number, y: number, text: string, size = FONT) {
    const boxes = [];
    let cx = x;
    for (const word of text.split(' ').filter(Boolean)) {
      const w = word.length * size * 0.5;
      const box = { x0: cx / W, y0: y / H, x1: (cx + w) / W, y1: (y + size) / H };
      this.tokens.push({ page: 1, text: word, box, confidence: 1, source: 'pdf' });
      boxes.push(box);
      cx += w + size * 0.28;
    }
    return boxes;
  }
  /** Right-aligned at x. */
  right(x: number, y: number, text: string, size = FONT) {
    const width = text.replace(/ /g, '').length * size * 0.5 + (text.split(' ').length - 1) * size * 0.28;
    return this.text(x - width, y, text, size);
  }
}

type Box = { x0: number; y0: number; x1: number; y1: number };
const around = (boxes: Box[]): Box => ({
  x0: Math.min(...boxes.map((b) => b.x0)) - 0.002,
  y0: Math.min(...boxes.map((b) => b.y0)) - 0.002,
  x1: Math.max(...boxes.map((b) => b.x1)) + 0.002,
  y1: Math.max(...boxes.map((b) => b.y1)) + 0.002,
});

const CUSTOMERS = [
  'Kamau Traders',
  'Nairobi Fresh Produce Ltd',
  'Otieno & Sons',
  'Mombasa Marine Supplies',
  'Wanjiru Books',
  'Rift Valley Dairies Co',
  'Kisumu Hardware',
];
const ITEMS = [
  'Printer paper A4',
  'Toner cartridge',
  'Office chair',
  'Desk lamp',
  'USB cable 2m',
  'Filing cabinet',
  'Water dispenser',
  'Stapler heavy duty',
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const money = (minor: number) =>
  `${Math.floor(minor / 100).toLocaleString('en-US')}.${String(minor % 100).padStart(2, '0')}`;

/**
 * One invoice of layout 'A' (labels left of values), 'B' (labels above values, totals on the left)
 * or 'C' (a third vendor, for unknown-vendor tests). `shift` moves the whole page content (points).
 */
export function invoice(
  layout: 'A' | 'B' | 'C',
  seed: number,
  shift = { x: 0, y: 0 },
): { doc: DocumentTokens; annotations: Annotation[]; truth: Truth } {
  const r = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const p = new Page();
  const sx = shift.x;
  const sy = shift.y;
  const day = 1 + Math.floor(r() * 28);
  const month = 1 + Math.floor(r() * 12);
  const n = 1 + Math.floor(r() * 4);
  const items = Array.from({ length: n }, () => {
    const qty = 1 + Math.floor(r() * 9);
    const unit = 100 * (50 + Math.floor(r() * 5000));
    return { description: pick(ITEMS), qty: String(qty), minor: qty * unit };
  });
  const totalMinor = Math.round(items.reduce((s, i) => s + i.minor, 0) * 1.16);
  const customer = pick(CUSTOMERS);
  const ann: Annotation[] = [];
  const mark = (label_key: string, boxes: Box[], value: string, extra: Partial<Annotation> = {}) =>
    ann.push({ label_key, page: 1, box: around(boxes), value, ...extra });
  let number: string;
  let date: string;
  let total: string;
  const rows: Truth['items'] = items.map((i) => ({
    description: i.description,
    qty: i.qty,
    amount: money(i.minor),
  }));
  if (layout === 'A') {
    number = `INV-${1000 + Math.floor(r() * 9000)}`;
    date = `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/2026`;
    total = `KES ${money(totalMinor)}`;
    p.text(40 + sx, 40 + sy, 'ACME SUPPLIES LTD', 16);
    p.text(40 + sx, 62 + sy, 'P.O. Box 1234 Nairobi KRA PIN P051234567X');
    p.text(360 + sx, 40 + sy, 'TAX INVOICE', 14);
    p.text(360 + sx, 70 + sy, 'Invoice No:');
    mark('invoice_number', p.text(440 + sx, 70 + sy, number), number);
    p.text(360 + sx, 86 + sy, 'Date:');
    mark('invoice_date', p.text(440 + sx, 86 + sy, date), date);
    p.text(40 + sx, 120 + sy, 'Bill To:');
    mark('customer', p.text(40 + sx, 136 + sy, customer), customer);
    p.text(40 + sx, 152 + sy, 'Nairobi, Kenya');
    let y = 200 + sy;
    p.text(40 + sx, y, 'Description');
    p.text(300 + sx, y, 'Qty');
    p.text(360 + sx, y, 'Unit Price');
    p.right(540 + sx, y, 'Amount');
    rows.forEach((row, i) => {
      y += 18;
      mark('items', p.text(40 + sx, y, row.description), row.description, { row: i, column: 'description' });
      mark('items', p.text(300 + sx, y, row.qty), row.qty, { row: i, column: 'qty' });
      p.text(360 + sx, y, money(items[i]!.minor / Number(row.qty)));
      mark('items', p.right(540 + sx, y, row.amount), row.amount, { row: i, column: 'amount' });
    });
    y += 30;
    p.text(360 + sx, y, 'Subtotal');
    p.right(540 + sx, y, money(items.reduce((s, i) => s + i.minor, 0)));
    p.text(360 + sx, y + 16, 'VAT 16%');
    p.right(540 + sx, y + 16, money(totalMinor - items.reduce((s, i) => s + i.minor, 0)));
    p.text(360 + sx, y + 32, 'Total');
    mark('total', p.right(540 + sx, y + 32, total), total);
    p.text(40 + sx, 780 + sy, 'Pay via M-Pesa Paybill 123456 Account', 8);
  } else if (layout === 'B') {
    number = `B${String(Math.floor(r() * 100000)).padStart(5, '0')}`;
    date = `${day} ${MONTHS[month - 1]} 2026`;
    total = money(totalMinor);
    p.text(40 + sx, 40 + sy, 'Invoice', 22);
    p.right(555 + sx, 40 + sy, 'Baraka Office World', 12);
    p.right(555 + sx, 56 + sy, 'Moi Avenue, Mombasa');
    p.text(40 + sx, 100 + sy, 'INVOICE NUMBER', 8);
    mark('invoice_number', p.text(40 + sx, 112 + sy, number), number);
    p.text(180 + sx, 100 + sy, 'INVOICE DATE', 8);
    mark('invoice_date', p.text(180 + sx, 112 + sy, date), date);
    p.text(320 + sx, 100 + sy, 'CUSTOMER', 8);
    mark('customer', p.text(320 + sx, 112 + sy, customer), customer);
    let y = 170 + sy;
    p.text(40 + sx, y, 'Qty');
    p.text(90 + sx, y, 'Item');
    p.right(555 + sx, y, 'Line Total');
    rows.forEach((row, i) => {
      y += 20;
      mark('items', p.text(40 + sx, y, row.qty), row.qty, { row: i, column: 'qty' });
      mark('items', p.text(90 + sx, y, row.description), row.description, { row: i, column: 'description' });
      mark('items', p.right(555 + sx, y, row.amount), row.amount, { row: i, column: 'amount' });
    });
    y += 40;
    p.text(40 + sx, y, 'VAT (16%) included');
    p.text(40 + sx, y + 20, 'AMOUNT DUE (KES)', 8);
    mark('total', p.text(40 + sx, y + 32, total), total);
    p.text(40 + sx, 790 + sy, 'Thank you for your business', 8);
  } else {
    number = `${2026}/${String(Math.floor(r() * 1000)).padStart(4, '0')}`;
    date = `${2026}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    total = money(totalMinor);
    p.text(300 + sx, 40 + sy, 'Jua Kali Engineering', 14);
    p.text(40 + sx, 90 + sy, 'Customer:');
    mark('customer', p.text(110 + sx, 90 + sy, customer), customer);
    p.text(330 + sx, 90 + sy, 'Invoice #');
    mark('invoice_number', p.text(400 + sx, 90 + sy, number), number);
    p.text(330 + sx, 106 + sy, 'Invoice Date');
    mark('invoice_date', p.text(410 + sx, 106 + sy, date), date);
    let y = 160 + sy;
    p.text(40 + sx, y, 'Item Description');
    p.text(330 + sx, y, 'Quantity');
    p.right(555 + sx, y, 'Amount');
    rows.forEach((row, i) => {
      y += 18;
      mark('items', p.text(40 + sx, y, row.description), row.description, { row: i, column: 'description' });
      mark('items', p.text(330 + sx, y, row.qty), row.qty, { row: i, column: 'qty' });
      mark('items', p.right(555 + sx, y, row.amount), row.amount, { row: i, column: 'amount' });
    });
    y += 40;
    p.text(330 + sx, y, 'Total Due');
    mark('total', p.right(555 + sx, y, total), total);
  }
  return {
    doc: { pages: [{ page: 1, width: W, height: H }], tokens: p.tokens },
    annotations: ann,
    truth: { invoice_number: number, invoice_date: date, customer, total, items: rows },
  };
}
