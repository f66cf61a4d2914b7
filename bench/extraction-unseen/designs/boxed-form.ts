/** A pre-printed form look: the whole page framed, every field a box with its label on top, totals in boxes. */
import { forEachPage, grey, wrap } from '../canvas.ts';
import { bankLines, makeDecoys, mpesaLine } from '../decoys.ts';
import type { Design } from '../design.ts';
import { formatAmountCell, formatDate, formatMoney, formatQuantity } from '../formats.ts';
import { drawTable } from '../table.ts';
import { amountInWords } from '../words.ts';

export const boxedForm: Design = {
  name: 'boxed-form',
  summary:
    'pre-printed form: framed page, each field a box with a small label on top, totals in boxes, signature boxes',
  choose: (rng) => ({
    plan: {
      kinds: ['logistics', 'hardware', 'it'],
      numberStyle: 'inv-slash',
      wholeUnits: false,
      usdShare: 0.15,
      dueShare: 0.7,
      items: [3, 25],
    },
    look: { money: 'code', date: rng.pick(['iso', 'dmy-dot', 'dmy-slash'] as const) },
  }),
  draw: (c, plan, look, rng) => {
    const f = c.fonts;
    const v = plan.vendor;
    const d = makeDecoys(rng, plan);
    // Printers' forms word the totals differently.
    const label = {
      subtotal: rng.pick(['Sub Total', 'Net Amount', 'Total Excl. VAT']),
      total: rng.pick(['Total', 'Invoice Total', 'Total Incl. VAT']),
    };
    const left = 28;
    const right = c.width - 28;
    const box = (
      x: number,
      top: number,
      w: number,
      h: number,
      label: string,
      value: string[],
      bold = false,
    ) => {
      c.rect(x, top - h, w, h, { border: grey(0), thickness: 0.7 });
      c.text(label.toUpperCase(), x + 4, top - 8, { font: f.sans, size: 6 });
      c.lines(value, x + 4, top - 20, { font: bold ? f.sansBold : f.sans, size: 9.5, leading: 11.5 });
    };
    const heading = (top: number): number => {
      const address = wrap(v.address.join(', '), f.sans, 9.5, 320).slice(0, 2);
      box(
        left,
        top,
        330,
        62,
        'Supplier',
        [v.name, ...address, `PIN ${v.kraPin ?? '-'}  Tel ${v.phone}`],
        false,
      );
      c.rect(left + 330, top - 62, right - left - 330, 62, {
        border: grey(0),
        thickness: 0.7,
        fill: grey(0.92),
      });
      c.text('INVOICE', (left + 330 + right) / 2, top - 40, { font: f.sansBold, size: 24, align: 'center' });
      return top - 62;
    };
    let y = heading(814);
    const w = (right - left) / 6;
    const fields: [string, string][] = [
      ['Invoice No.', plan.invoiceNumber],
      ['Date', formatDate(plan.invoiceDate, look.date)],
      ['Due Date', plan.dueDate ? formatDate(plan.dueDate, look.date) : 'Upon receipt'],
      ['LPO No.', d.lpo],
      ['Delivery Note No.', d.deliveryNote],
      ['Terms', plan.dueDate ? 'Credit' : 'C.O.D.'],
    ];
    fields.forEach(([label, value], i) => {
      box(left + i * w, y, w, 32, label, [value], i === 0);
    });
    y -= 32;
    box(left, y, (right - left) / 2, 64, 'Sold to', [plan.customer.name, ...plan.customer.address]);
    box(left + (right - left) / 2, y, (right - left) / 2, 64, 'Ship to / Site', [
      plan.customer.attention ? `Attn: ${plan.customer.attention}` : 'Same as billing address',
      `Customer PIN: ${plan.customer.kraPin ?? 'not given'}`,
      `Order date: ${formatDate(d.orderDate, look.date)}`,
    ]);
    y -= 64;
    const end = drawTable(
      c,
      [
        { title: 'Item', width: 36, align: 'center', cell: (_l, i) => String(i + 1).padStart(3, '0') },
        { title: 'Description', width: 257, align: 'left', cell: (l) => l.description, wraps: true },
        { title: 'Quantity', width: 52, align: 'right', cell: (l) => formatQuantity(l.qtyMilli) },
        {
          title: `Unit Price ${plan.currency}`,
          width: 91,
          align: 'right',
          cell: (l) => formatAmountCell(l.unitPrice, 'plain'),
        },
        {
          title: `Total ${plan.currency}`,
          width: right - left - 436,
          align: 'right',
          cell: (l) => formatAmountCell(l.amount, 'plain'),
        },
      ],
      plan.lines,
      {
        font: f.sans,
        headerFont: f.sansBold,
        size: 8.8,
        headerSize: 8,
        leading: 10.5,
        padding: 4,
        grid: true,
        headerFill: grey(0.92),
      },
      {
        x: left,
        top: y,
        bottom: 215,
        continueOnNewPage: () => {
          c.addPage();
          const top = heading(814);
          box(left, top, right - left, 24, 'Continued', [`Invoice No. ${plan.invoiceNumber}`]);
          return { top: top - 24, bottom: 120 };
        },
      },
    );
    y = end;
    if (y < 190) {
      c.addPage();
      y = heading(814) - 10;
    }
    const tw = 200;
    const rows: [string, bigint][] = [
      [label.subtotal, plan.subtotal],
      ['VAT 16%', plan.vat],
      [label.total, plan.total],
    ];
    rows.forEach(([label, amount], i) => {
      const top = y - i * 22;
      c.rect(right - tw, top - 22, tw, 22, {
        border: grey(0),
        thickness: 0.7,
        ...(i === 2 ? { fill: grey(0.92) } : {}),
      });
      c.text(label, right - tw + 5, top - 15, { font: i === 2 ? f.sansBold : f.sans, size: 9.5 });
      c.text(formatMoney(amount, look.money, plan.currency), right - 5, top - 15, {
        font: i === 2 ? f.sansBold : f.sans,
        size: 9.5,
        align: 'right',
      });
    });
    const words = wrap(amountInWords(plan.total, plan.currency), f.sans, 9.5, right - left - tw - 16);
    box(left, y, right - left - tw - 8, 66, 'Amount in words / remarks', [
      ...words.slice(0, 3),
      ...(words.length < 3 ? [`Prices quoted under ${d.quote}.`] : []),
    ]);
    const sy = 150;
    const sw = (right - left) / 3;
    box(left, sy, sw, 40, 'Prepared by', ['']);
    box(left + sw, sy, sw, 40, 'Received by (name, sign, stamp)', ['']);
    box(left + 2 * sw, sy, sw, 40, 'Date received', ['']);
    box(left, sy - 44, right - left, 62, 'Payment details', [
      ...bankLines(plan).slice(0, 1),
      bankLines(plan)[2]!,
      mpesaLine(plan, plan.invoiceNumber),
    ]);
    forEachPage(c, (i, n) => {
      c.rect(14, 14, c.width - 28, c.height - 28, { border: grey(0), thickness: 1.5 });
      c.text(`Sheet ${i} of ${n}`, right, 22, { font: f.sans, size: 7, align: 'right' });
    });
  },
};
