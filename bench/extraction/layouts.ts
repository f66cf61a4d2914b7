/**
 * Seven invoice layouts, each a different billing template: where labels sit (left of or above their
 * values), how the header is split, where the totals are, how line items run (wrapped descriptions,
 * a second page). Each writes through PdfWriter and tells the TruthRecorder where every value went.
 */
import { formatAmount, formatDate, formatQuantity } from './formats.ts';
import type { ColumnKey, Invoice, LayoutName } from './invoice-data.ts';
import { A4, type PdfWriter, type Placed, type TextOptions } from './pdf-writer.ts';
import type { TruthRecorder } from './truth-recorder.ts';

type Layout = (w: PdfWriter, inv: Invoice, rec: TruthRecorder) => void;

const R = A4.width - 50; // right margin
const BOTTOM = 770; // rows stop here; the footer sits below

const amount = (inv: Invoice, minor: number) => formatAmount(minor, inv.vendor.amountStyle);
const date = (inv: Invoice, iso: string) => formatDate(iso, inv.vendor.dateStyle);

/** A label and its value on one line: the value starts at `valueX` (or right-aligned there). */
function pair(
  w: PdfWriter,
  label: string,
  value: string,
  labelX: number,
  valueX: number,
  top: number,
  options: { label?: TextOptions; value?: TextOptions } = {},
): Placed {
  w.text(label, labelX, top, options.label ?? { bold: true });
  return w.text(value, valueX, top, options.value ?? {});
}

/** Lines of text one below the other, 12 points apart. */
function block(w: PdfWriter, lines: string[], x: number, top: number, options: TextOptions): void {
  for (const [i, line] of lines.entries()) w.text(line, x, top + i * 12, options);
}

/** A label with its value on the next line. */
function stacked(w: PdfWriter, label: string, value: string, x: number, top: number, size = 10): Placed {
  w.text(label, x, top, { size: 7.5, bold: true, grey: true });
  return w.text(value, x, top + 11, { size });
}

interface Column {
  key: ColumnKey | 'index';
  header: string;
  /** Left edge (align left) or right edge (align right). */
  x: number;
  align: 'left' | 'right';
  /** Wrap the text to this width (descriptions). */
  wrap?: number;
}

function cellText(inv: Invoice, row: number, key: ColumnKey | 'index'): string {
  const item = inv.items[row];
  if (!item) throw new Error(`no item ${row}`);
  switch (key) {
    case 'index':
      return String(row + 1);
    case 'description':
      return item.description;
    case 'quantity':
      return formatQuantity(item.quantity, inv.vendor.amountStyle);
    case 'unit_price':
      return amount(inv, item.unitMinor);
    case 'amount':
      return amount(inv, item.amountMinor);
  }
}

/**
 * The line-items table: a header, then one row per item (descriptions wrapped when the column is
 * narrow); rows that do not fit continue on a new page under the header again. Returns the top
 * below the last row.
 */
function table(
  w: PdfWriter,
  inv: Invoice,
  rec: TruthRecorder,
  columns: Column[],
  top: number,
  options: { rowHeight?: number; fill?: number; rules?: boolean; continued?: (w: PdfWriter) => number } = {},
): number {
  const rowHeight = options.rowHeight ?? 16;
  const header = (at: number) => {
    if (options.fill !== undefined) w.rect(45, at - 4, R - 40, 18, options.fill);
    for (const c of columns) w.text(c.header, c.x, at, { bold: true, align: c.align, size: 9.5 });
    w.line(45, at + 15, R + 5, at + 15);
    return at + 22;
  };
  let y = header(top);
  inv.items.forEach((_, row) => {
    const lines = columns.map((c) =>
      c.wrap ? w.wrap(cellText(inv, row, c.key), c.wrap, { size: 9.5 }) : [cellText(inv, row, c.key)],
    );
    const height = Math.max(...lines.map((l) => l.length)) * 12 + (rowHeight - 12);
    if (y + height > BOTTOM) {
      w.newPage();
      y = header(options.continued ? options.continued(w) : 60);
    }
    columns.forEach((c, i) => {
      const placed = (lines[i] as string[]).map((text, j) =>
        w.text(text, c.x, y + j * 12, { align: c.align, size: 9.5 }),
      );
      if (c.key !== 'index') rec.cell(row, c.key, cellText(inv, row, c.key), placed);
    });
    y += height;
    if (options.rules) w.line(45, y - 4, R + 5, y - 4, 0.3);
  });
  w.line(45, y, R + 5, y);
  return y + 10;
}

/** Room for the totals block: a new page when fewer than `needed` points are left. */
function room(w: PdfWriter, top: number, needed: number): number {
  if (top + needed <= BOTTOM) return top;
  w.newPage();
  return 60;
}

function footer(w: PdfWriter, text: string): void {
  w.text(text, A4.width / 2, 800, { size: 8, align: 'center', grey: true });
}

/** Labels left of values; meta block top right; Bill To below its label; totals bottom right. */
const classic: Layout = (w, inv, rec) => {
  const v = inv.vendor;
  rec.field('vendor_name', v.name, w.text(v.name, 50, 48, { size: 16, bold: true }));
  block(w, v.address, 50, 70, { size: 9 });
  w.text(`Tel: ${v.phone}`, 50, 94, { size: 9 });
  rec.field(
    'vendor_kra_pin',
    v.pin,
    pair(w, 'KRA PIN:', v.pin, 50, 95, 106, { label: { size: 9, bold: true }, value: { size: 9 } }),
  );
  w.text('INVOICE', R, 48, { size: 22, bold: true, align: 'right' });
  rec.field('invoice_number', inv.number, pair(w, 'Invoice No:', inv.number, 360, 450, 90));
  rec.field(
    'invoice_date',
    date(inv, inv.issued),
    pair(w, 'Invoice Date:', date(inv, inv.issued), 360, 450, 105),
  );
  rec.field('due_date', date(inv, inv.due), pair(w, 'Due Date:', date(inv, inv.due), 360, 450, 120));
  rec.field('currency', v.currency, pair(w, 'Currency:', v.currency, 360, 450, 135));
  w.text('Bill To:', 50, 170, { bold: true });
  rec.field('customer_name', inv.customer.name, w.text(inv.customer.name, 50, 184));
  block(w, inv.customer.address, 50, 197, { size: 9 });
  let y = table(
    w,
    inv,
    rec,
    [
      { key: 'description', header: 'Description', x: 50, align: 'left', wrap: 260 },
      { key: 'quantity', header: 'Qty', x: 360, align: 'right' },
      { key: 'unit_price', header: 'Unit Price', x: 450, align: 'right' },
      { key: 'amount', header: 'Amount', x: R, align: 'right' },
    ],
    250,
  );
  y = room(w, y, 70);
  rec.field(
    'subtotal',
    amount(inv, inv.subtotal),
    pair(w, 'Subtotal', amount(inv, inv.subtotal), 380, R, y, { value: { align: 'right' } }),
  );
  rec.field(
    'vat',
    amount(inv, inv.vat),
    pair(w, 'VAT (16%)', amount(inv, inv.vat), 380, R, y + 15, { value: { align: 'right' } }),
  );
  rec.field(
    'total',
    amount(inv, inv.total),
    pair(w, 'Total', amount(inv, inv.total), 380, R, y + 32, {
      label: { bold: true, size: 11 },
      value: { bold: true, size: 11, align: 'right' },
    }),
  );
  footer(w, `Pay via M-Pesa Paybill ${v.paybill}, Account ${inv.number}. Thank you for your business.`);
};

/** Labels above values everywhere: a header band of four, BILLED TO above the customer, totals in a row. */
const stackedLayout: Layout = (w, inv, rec) => {
  const v = inv.vendor;
  rec.field('vendor_name', v.name, w.text(v.name, 50, 45, { size: 18, bold: true }));
  w.text('INVOICE', 50, 72, { size: 11, grey: true, bold: true });
  block(w, [...v.address, v.phone], R, 45, { size: 9, align: 'right' });
  w.line(45, 115, R + 5, 115);
  rec.field('invoice_number', inv.number, stacked(w, 'INVOICE NUMBER', inv.number, 50, 128));
  rec.field(
    'invoice_date',
    date(inv, inv.issued),
    stacked(w, 'DATE OF ISSUE', date(inv, inv.issued), 180, 128),
  );
  rec.field('due_date', date(inv, inv.due), stacked(w, 'DUE DATE', date(inv, inv.due), 310, 128));
  rec.field('vendor_kra_pin', v.pin, stacked(w, 'KRA PIN', v.pin, 440, 128));
  w.line(45, 160, R + 5, 160);
  w.text('BILLED TO', 50, 180, { size: 7.5, bold: true, grey: true });
  rec.field('customer_name', inv.customer.name, w.text(inv.customer.name, 50, 192, { size: 11, bold: true }));
  block(w, inv.customer.address, 50, 207, { size: 9 });
  let y = table(
    w,
    inv,
    rec,
    [
      { key: 'description', header: 'ITEM', x: 50, align: 'left', wrap: 250 },
      { key: 'quantity', header: 'QTY', x: 350, align: 'right' },
      { key: 'unit_price', header: 'RATE', x: 450, align: 'right' },
      { key: 'amount', header: 'AMOUNT', x: R, align: 'right' },
    ],
    260,
    { fill: 0.9 },
  );
  y = room(w, y + 10, 60);
  rec.field('subtotal', amount(inv, inv.subtotal), stacked(w, 'SUBTOTAL', amount(inv, inv.subtotal), 300, y));
  rec.field('vat', amount(inv, inv.vat), stacked(w, 'VAT 16%', amount(inv, inv.vat), 390, y));
  rec.field('total', amount(inv, inv.total), stacked(w, 'TOTAL DUE', amount(inv, inv.total), 470, y, 11));
  w.text('All amounts in', 300, y + 36, { size: 8, grey: true });
  rec.field(
    'currency',
    v.currency,
    w.text(v.currency, 300 + w.width('All amounts in ', { size: 8 }), y + 36, { size: 8, grey: true }),
  );
  footer(w, `Lipa na M-Pesa: Paybill ${v.paybill}, Account No. ${inv.number}`);
};

/** Two columns (From / To) side by side, a two-column grid of key: value, wrapped descriptions. */
const twoColumn: Layout = (w, inv, rec) => {
  const v = inv.vendor;
  w.text('Invoice', 50, 40, { size: 20, bold: true });
  w.text('From', 50, 90, { size: 8, grey: true });
  rec.field('vendor_name', v.name, w.text(v.name, 50, 102, { bold: true, size: 11 }));
  block(w, v.address, 50, 117, { size: 9 });
  rec.field(
    'vendor_kra_pin',
    v.pin,
    pair(w, 'PIN', v.pin, 50, 75, 141, { label: { size: 9, bold: true }, value: { size: 9 } }),
  );
  w.text('To', 320, 90, { size: 8, grey: true });
  rec.field(
    'customer_name',
    inv.customer.name,
    w.text(inv.customer.name, 320, 102, { bold: true, size: 11 }),
  );
  block(w, inv.customer.address, 320, 117, { size: 9 });
  w.rect(45, 180, R - 40, 44);
  rec.field('invoice_number', inv.number, pair(w, 'Invoice No.', inv.number, 55, 140, 188));
  rec.field(
    'invoice_date',
    date(inv, inv.issued),
    pair(w, 'Issue Date', date(inv, inv.issued), 55, 140, 206),
  );
  rec.field('due_date', date(inv, inv.due), pair(w, 'Due Date', date(inv, inv.due), 320, 405, 188));
  rec.field('currency', v.currency, pair(w, 'Currency', v.currency, 320, 405, 206));
  let y = table(
    w,
    inv,
    rec,
    [
      { key: 'index', header: '#', x: 50, align: 'left' },
      { key: 'description', header: 'Description', x: 70, align: 'left', wrap: 170 },
      { key: 'quantity', header: 'Qty', x: 360, align: 'right' },
      { key: 'unit_price', header: 'Rate', x: 450, align: 'right' },
      { key: 'amount', header: 'Amount', x: R, align: 'right' },
    ],
    245,
    { rules: true, rowHeight: 18 },
  );
  y = room(w, y, 80);
  rec.field(
    'subtotal',
    amount(inv, inv.subtotal),
    pair(w, 'Sub Total', amount(inv, inv.subtotal), 370, R, y, { label: {}, value: { align: 'right' } }),
  );
  rec.field(
    'vat',
    amount(inv, inv.vat),
    pair(w, 'VAT 16%', amount(inv, inv.vat), 370, R, y + 15, { label: {}, value: { align: 'right' } }),
  );
  rec.field(
    'total',
    amount(inv, inv.total),
    pair(w, 'Total', amount(inv, inv.total), 370, R, y + 30, { value: { align: 'right', bold: true } }),
  );
  w.rect(365, y + 47, R - 360, 18, 0.9);
  pair(w, 'Balance Due', `${v.currency} ${amount(inv, inv.total)}`, 370, R, y + 51, {
    value: { align: 'right', bold: true },
  });
  footer(w, `M-PESA Paybill No. ${v.paybill}  Acc. No. ${inv.number}  |  Thank you for your business`);
};

/** Comma decimals (1.471,60); vendor top right; an amount-due box top left; the PIN in the footer. */
const euro: Layout = (w, inv, rec) => {
  const v = inv.vendor;
  rec.field('vendor_name', v.name, w.text(v.name, R, 45, { size: 15, bold: true, align: 'right' }));
  block(w, [...v.address, v.phone], R, 66, { size: 9, align: 'right' });
  w.rect(50, 45, 190, 55, 0.92);
  w.text('Amount due', 60, 53, { size: 9, grey: true });
  w.text(`${v.currency} ${amount(inv, inv.total)}`, 60, 70, { size: 15, bold: true });
  w.text('INVOICE', 50, 125, { size: 13, bold: true });
  rec.field('invoice_number', inv.number, pair(w, 'Invoice no.:', inv.number, 50, 150, 150, { label: {} }));
  rec.field(
    'invoice_date',
    date(inv, inv.issued),
    pair(w, 'Invoice date:', date(inv, inv.issued), 50, 150, 165, { label: {} }),
  );
  rec.field(
    'due_date',
    date(inv, inv.due),
    pair(w, 'Payment due:', date(inv, inv.due), 50, 150, 180, { label: {} }),
  );
  rec.field(
    'customer_name',
    inv.customer.name,
    pair(w, 'Customer:', inv.customer.name, 50, 150, 195, { label: {} }),
  );
  let y = table(
    w,
    inv,
    rec,
    [
      { key: 'index', header: 'Pos.', x: 50, align: 'left' },
      { key: 'description', header: 'Description', x: 80, align: 'left', wrap: 230 },
      { key: 'quantity', header: 'Quantity', x: 370, align: 'right' },
      { key: 'unit_price', header: 'Unit price', x: 455, align: 'right' },
      { key: 'amount', header: 'Net amount', x: R, align: 'right' },
    ],
    235,
  );
  y = room(w, y, 70);
  rec.field(
    'subtotal',
    amount(inv, inv.subtotal),
    pair(w, 'Net total', amount(inv, inv.subtotal), 360, R, y, { label: {}, value: { align: 'right' } }),
  );
  rec.field(
    'vat',
    amount(inv, inv.vat),
    pair(w, 'VAT 16 %', amount(inv, inv.vat), 360, R, y + 15, { label: {}, value: { align: 'right' } }),
  );
  w.text('Gross total', 360, y + 32, { bold: true });
  rec.field('currency', v.currency, w.text(v.currency, 430, y + 32, { bold: true }));
  rec.field(
    'total',
    amount(inv, inv.total),
    w.text(amount(inv, inv.total), R, y + 32, { bold: true, align: 'right' }),
  );
  w.line(45, 785, R + 5, 785, 0.3);
  w.text('KRA PIN:', 50, 792, { size: 8, grey: true });
  rec.field('vendor_kra_pin', v.pin, w.text(v.pin, 90, 792, { size: 8, grey: true }));
  w.text(`M-Pesa Paybill ${v.paybill} - Account ${inv.number}`, R, 792, {
    size: 8,
    grey: true,
    align: 'right',
  });
};

/** Many rows: the items spill to a second (or third) page under a repeated header; totals at the end. */
const long: Layout = (w, inv, rec) => {
  const v = inv.vendor;
  rec.field('vendor_name', v.name, w.text(v.name, 50, 45, { size: 14, bold: true }));
  w.text(v.address.join(', '), 50, 63, { size: 8.5 });
  rec.field(
    'vendor_kra_pin',
    v.pin,
    pair(w, 'PIN No:', v.pin, 50, 88, 76, { label: { size: 8.5, bold: true }, value: { size: 8.5 } }),
  );
  w.text('INVOICE', R, 45, { size: 16, bold: true, align: 'right' });
  rec.field(
    'invoice_number',
    inv.number,
    pair(w, 'Invoice Number', inv.number, 330, 440, 100, { label: {} }),
  );
  rec.field(
    'invoice_date',
    date(inv, inv.issued),
    pair(w, 'Invoice Date', date(inv, inv.issued), 330, 440, 114, { label: {} }),
  );
  rec.field(
    'due_date',
    date(inv, inv.due),
    pair(w, 'Due Date', date(inv, inv.due), 330, 440, 128, { label: {} }),
  );
  w.text('Sold To:', 50, 100, { bold: true });
  rec.field('customer_name', inv.customer.name, w.text(inv.customer.name, 50, 114));
  w.text(inv.customer.address.join(', '), 50, 128, { size: 9 });
  const continued = (writer: PdfWriter) => {
    writer.text(`${v.name} - Invoice ${inv.number} (continued)`, 50, 45, { size: 9, grey: true });
    return 70;
  };
  let y = table(
    w,
    inv,
    rec,
    [
      { key: 'description', header: 'Item Description', x: 50, align: 'left', wrap: 260 },
      { key: 'quantity', header: 'Quantity', x: 370, align: 'right' },
      { key: 'unit_price', header: 'Unit Cost', x: 455, align: 'right' },
      { key: 'amount', header: 'Line Total', x: R, align: 'right' },
    ],
    160,
    { rowHeight: 14, continued },
  );
  y = room(w, y, 60);
  rec.field(
    'subtotal',
    amount(inv, inv.subtotal),
    pair(w, 'Subtotal', amount(inv, inv.subtotal), 360, R, y, { label: {}, value: { align: 'right' } }),
  );
  rec.field(
    'vat',
    amount(inv, inv.vat),
    pair(w, 'VAT 16%', amount(inv, inv.vat), 360, R, y + 15, { label: {}, value: { align: 'right' } }),
  );
  w.text('Invoice Total', 360, y + 32, { bold: true });
  rec.field('currency', v.currency, w.text(v.currency, 450, y + 32, { bold: true }));
  rec.field(
    'total',
    amount(inv, inv.total),
    w.text(amount(inv, inv.total), R, y + 32, { bold: true, align: 'right' }),
  );
  footer(w, `Payment: M-Pesa Paybill ${v.paybill}, Account ${inv.number}`);
};

/** Centred header, a bordered grid of details, quantity first, totals on the left under the table. */
const taxInvoice: Layout = (w, inv, rec) => {
  const v = inv.vendor;
  const mid = A4.width / 2;
  rec.field('vendor_name', v.name, w.text(v.name, mid, 40, { size: 16, bold: true, align: 'center' }));
  w.text(`${v.address.join(', ')}  Tel ${v.phone}`, mid, 60, { size: 9, align: 'center' });
  const pinLabel = 'PIN: ';
  const pinWidth = w.width(pinLabel, { size: 9, bold: true }) + w.width(v.pin, { size: 9 });
  w.text(pinLabel, mid - pinWidth / 2, 73, { size: 9, bold: true });
  rec.field(
    'vendor_kra_pin',
    v.pin,
    w.text(v.pin, mid - pinWidth / 2 + w.width(pinLabel, { size: 9, bold: true }), 73, { size: 9 }),
  );
  w.text('TAX INVOICE', mid, 100, { size: 14, bold: true, align: 'center' });
  w.rect(45, 125, R - 40, 40);
  w.line(mid, 125, mid, 165);
  w.line(45, 145, R + 5, 145);
  rec.field(
    'invoice_number',
    inv.number,
    pair(w, 'Invoice #', inv.number, 52, 130, 131, { label: { bold: true, size: 9 }, value: { size: 9.5 } }),
  );
  rec.field(
    'invoice_date',
    date(inv, inv.issued),
    pair(w, 'Date', date(inv, inv.issued), mid + 7, mid + 80, 131, {
      label: { bold: true, size: 9 },
      value: { size: 9.5 },
    }),
  );
  rec.field(
    'customer_name',
    inv.customer.name,
    pair(w, 'Customer', inv.customer.name, 52, 130, 151, {
      label: { bold: true, size: 9 },
      value: { size: 9.5 },
    }),
  );
  rec.field(
    'due_date',
    date(inv, inv.due),
    pair(w, 'Due', date(inv, inv.due), mid + 7, mid + 80, 151, {
      label: { bold: true, size: 9 },
      value: { size: 9.5 },
    }),
  );
  let y = table(
    w,
    inv,
    rec,
    [
      { key: 'quantity', header: 'Qty', x: 80, align: 'right' },
      { key: 'description', header: 'Description', x: 100, align: 'left', wrap: 270 },
      { key: 'unit_price', header: 'Unit Price', x: 450, align: 'right' },
      { key: 'amount', header: 'Total', x: R, align: 'right' },
    ],
    190,
    { fill: 0.88, rules: true },
  );
  y = room(w, y + 5, 70);
  rec.field(
    'subtotal',
    amount(inv, inv.subtotal),
    pair(w, 'Sub-total', amount(inv, inv.subtotal), 50, 250, y, { label: {}, value: { align: 'right' } }),
  );
  rec.field(
    'vat',
    amount(inv, inv.vat),
    pair(w, 'VAT @ 16%', amount(inv, inv.vat), 50, 250, y + 15, { label: {}, value: { align: 'right' } }),
  );
  w.text('TOTAL', 50, y + 32, { bold: true, size: 11 });
  rec.field('currency', v.currency, w.text(v.currency, 95, y + 32, { bold: true, size: 11 }));
  rec.field(
    'total',
    amount(inv, inv.total),
    w.text(amount(inv, inv.total), 250, y + 32, { bold: true, size: 11, align: 'right' }),
  );
  footer(
    w,
    `Pay by M-PESA: Paybill ${v.paybill}, Account: ${inv.number}. Goods once sold are not returnable.`,
  );
};

/** Held out of training entirely: a compact one-line header, the PIN right of the vendor. */
const compact: Layout = (w, inv, rec) => {
  const v = inv.vendor;
  rec.field('vendor_name', v.name, w.text(v.name, 50, 50, { size: 13, bold: true }));
  rec.field(
    'vendor_kra_pin',
    v.pin,
    pair(w, 'VAT/PIN', v.pin, 400, 460, 52, { label: { size: 9, grey: true }, value: { size: 9 } }),
  );
  w.line(45, 72, R + 5, 72);
  w.text('Invoice', 50, 85, { bold: true });
  rec.field('invoice_number', inv.number, w.text(inv.number, 92, 85));
  w.text('issued', 200, 85, { grey: true });
  rec.field('invoice_date', date(inv, inv.issued), w.text(date(inv, inv.issued), 235, 85));
  w.text('due', 350, 85, { grey: true });
  rec.field('due_date', date(inv, inv.due), w.text(date(inv, inv.due), 372, 85));
  rec.field('customer_name', inv.customer.name, pair(w, 'Customer:', inv.customer.name, 50, 105, 105));
  let y = table(
    w,
    inv,
    rec,
    [
      { key: 'description', header: 'Item', x: 50, align: 'left', wrap: 270 },
      { key: 'quantity', header: 'Qty', x: 380, align: 'right' },
      { key: 'unit_price', header: 'Price', x: 460, align: 'right' },
      { key: 'amount', header: 'Total', x: R, align: 'right' },
    ],
    140,
  );
  y = room(w, y, 60);
  rec.field(
    'subtotal',
    amount(inv, inv.subtotal),
    pair(w, 'Net', amount(inv, inv.subtotal), 400, R, y, { label: {}, value: { align: 'right' } }),
  );
  rec.field(
    'vat',
    amount(inv, inv.vat),
    pair(w, 'VAT', amount(inv, inv.vat), 400, R, y + 14, { label: {}, value: { align: 'right' } }),
  );
  w.text('Due', 400, y + 30, { bold: true });
  rec.field('currency', v.currency, w.text(v.currency, 430, y + 30, { bold: true }));
  rec.field(
    'total',
    amount(inv, inv.total),
    w.text(amount(inv, inv.total), R, y + 30, { bold: true, align: 'right' }),
  );
  footer(w, `M-Pesa Paybill ${v.paybill}`);
};

export const LAYOUT_WRITERS: Record<LayoutName, Layout> = {
  classic,
  stacked: stackedLayout,
  'two-column': twoColumn,
  euro,
  long,
  'tax-invoice': taxInvoice,
  compact,
};
