/** A pharmaceutical distributor's invoice: boxed grid of labels above values, dense table with batch and expiry. */
import { rgb } from 'pdf-lib';
import { forEachPage, grey } from '../canvas.ts';
import { bankLines, makeDecoys, mpesaLine } from '../decoys.ts';
import type { Design } from '../design.ts';
import { addDays, formatAmountCell, formatDate, formatMoney, formatQuantity } from '../formats.ts';
import { digits } from '../random.ts';
import { drawTable } from '../table.ts';

const red = rgb(0.7, 0.1, 0.12);

export const pharmaDense: Design = {
  name: 'pharma-dense',
  summary:
    'pharmacy distributor: cross logo, labels above values in a boxed grid, batch/expiry columns, exempt lines',
  choose: (rng) => ({
    plan: {
      kinds: ['pharma'],
      numberStyle: 'inv-dash',
      wholeUnits: false,
      usdShare: 0,
      dueShare: 0.85,
      items: [8, 25],
    },
    look: { money: rng.pick(['plain', 'code'] as const), date: 'dmy-slash' },
  }),
  draw: (c, plan, look, rng) => {
    const f = c.fonts;
    const v = plan.vendor;
    const d = makeDecoys(rng, plan);
    const left = 30;
    const right = c.width - 30;
    const batches = plan.lines.map(
      () => `B${digits(rng, 2)}${String.fromCharCode(65 + rng.int(0, 25))}${digits(rng, 3)}`,
    );
    const expiries = plan.lines.map(() =>
      formatDate(addDays(plan.invoiceDate, rng.int(200, 1100)), 'dmy-slash').slice(3),
    );
    const letterhead = (small: boolean) => {
      const s = small ? 0.7 : 1;
      c.rect(left, 800 - 30 * s, 10 * s, 30 * s, { fill: red });
      c.rect(left - 10 * s, 800 - 20 * s, 30 * s, 10 * s, { fill: red });
      c.text(v.name, left + 30, 786, { font: f.sansBold, size: 14 * s });
      c.text('Tax Invoice', right, 786, { font: f.sansBold, size: 16 * s, color: red, align: 'right' });
    };
    letterhead(false);
    c.text(v.tagline ?? '', left + 30, 774, { font: f.sans, size: 7.5 });
    c.text(`${v.address.join(', ')}  Tel ${v.phone}  ${v.email}`, left + 30, 764, {
      font: f.sans,
      size: 7.5,
    });
    c.text(`PIN: ${v.kraPin}`, right, 770, { font: f.sansBold, size: 8.5, align: 'right' });
    // A grid of boxes: label on top, value below.
    const cells: [string, string][] = [
      ['Invoice No.', plan.invoiceNumber],
      ['Invoice Date', formatDate(plan.invoiceDate, look.date)],
      ['Due Date', plan.dueDate ? formatDate(plan.dueDate, look.date) : 'Cash'],
      ['Customer A/C', d.customerAccount],
      ['Your Order No.', d.lpo],
      ['Order Date', formatDate(d.orderDate, look.date)],
      ['Sales Rep', rng.pick(['J. Kiprono', 'E. Wafula', 'Z. Ali'])],
      ['Route', rng.pick(['NRB-EAST', 'MSA-01', 'KSM-03'])],
    ];
    const cw = (right - left) / 4;
    cells.forEach(([label, value], i) => {
      const x = left + (i % 4) * cw;
      const top = 748 - Math.floor(i / 4) * 28;
      c.rect(x, top - 28, cw, 28, { border: grey(0.3), thickness: 0.5 });
      c.text(label, x + 4, top - 9, { font: f.sans, size: 6.5, color: grey(0.35) });
      c.text(value, x + 4, top - 22, { font: f.sansBold, size: 9 });
    });
    let y = 680;
    c.text('Deliver to / Invoice to:', left, y, { font: f.sans, size: 7, color: grey(0.35) });
    y = c.lines([plan.customer.name, ...plan.customer.address], left, y - 11, { font: f.sansBold, size: 9 });
    if (plan.customer.kraPin)
      c.text(`Customer PIN: ${plan.customer.kraPin}`, left, y, { font: f.sans, size: 8 });
    c.text(`Delivery Note ${d.deliveryNote}  dated ${formatDate(d.deliveryDate, look.date)}`, right, 669, {
      font: f.sans,
      size: 8,
      align: 'right',
    });
    y -= 14;
    const end = drawTable(
      c,
      [
        {
          title: 'Code',
          width: 44,
          align: 'left',
          cell: (_l, i) => `AB${String(1000 + ((i * 37) % 900)).padStart(4, '0')}`,
        },
        { title: 'Description', width: 190, align: 'left', cell: (l) => l.description, wraps: true },
        { title: 'Batch', width: 52, align: 'left', cell: (_l, i) => batches[i]! },
        { title: ['Expiry', '(mm/yyyy)'], width: 48, align: 'center', cell: (_l, i) => expiries[i]! },
        { title: 'Qty', width: 38, align: 'right', cell: (l) => formatQuantity(l.qtyMilli) },
        {
          title: 'Unit Price',
          width: 60,
          align: 'right',
          cell: (l) => formatAmountCell(l.unitPrice, 'plain'),
        },
        { title: 'VAT', width: 32, align: 'center', cell: (l) => (l.exempt ? 'E' : '16%') },
        { title: 'Amount', width: 71, align: 'right', cell: (l) => formatAmountCell(l.amount, 'plain') },
      ],
      plan.lines,
      {
        font: f.sans,
        headerFont: f.sansBold,
        size: 7.8,
        headerSize: 7.5,
        leading: 9.5,
        padding: 3.5,
        grid: true,
        headerFill: grey(0.9),
        ruleColor: grey(0.4),
      },
      {
        x: left,
        top: y,
        bottom: 235,
        continueOnNewPage: () => {
          c.addPage();
          letterhead(true);
          c.text(`Invoice No. ${plan.invoiceNumber} (continued)`, left + 30, 770, {
            font: f.sans,
            size: 8.5,
          });
          return { top: 756, bottom: 235 };
        },
      },
    );
    y = end - 8;
    if (y < 190) {
      c.addPage();
      letterhead(true);
      y = 760;
    }
    const vatable = plan.lines.filter((l) => !l.exempt).reduce((s, l) => s + l.amount, 0n);
    const rows: [string, bigint][] = [
      ['Vatable Amount', vatable],
      ['Exempt Amount', plan.subtotal - vatable],
      ['Sub Total', plan.subtotal],
      ['VAT 16%', plan.vat],
      ['Total Amount Due', plan.total],
    ];
    rows.forEach(([label, amount], i) => {
      const font = i === rows.length - 1 ? f.sansBold : f.sans;
      c.text(label, right - 190, y - 11 * (i + 1), { font, size: 8.5 });
      c.text(formatMoney(amount, look.money, 'KES'), right - 3, y - 11 * (i + 1), {
        font,
        size: 8.5,
        align: 'right',
      });
    });
    c.rect(right - 194, y - 11 * rows.length - 4, 194, 11 * rows.length + 2, {
      border: grey(0.3),
      thickness: 0.5,
    });
    c.text(`Lines: ${plan.lines.length}   Cartons: ${rng.int(1, 30)}`, left, y - 11, {
      font: f.sans,
      size: 8,
    });
    c.lines(
      [
        'Goods remain the property of the company until paid for in full.',
        'Claims for short supply must be made within 48 hours of delivery.',
        'Received the above goods in good order and condition:',
        'Name: ____________  Sign: ____________  Date: ____________',
      ],
      left,
      y - 26,
      { font: f.sans, size: 7.5 },
    );
    c.rule(left, 96, right, 96, 0.5, grey(0.4));
    c.lines([mpesaLine(plan, d.customerAccount), ...bankLines(plan)], left, 86, { font: f.sans, size: 7.5 });
    forEachPage(c, (i, n) => {
      c.text(`Page ${i} of ${n}`, right, 30, { font: f.sans, size: 7.5, align: 'right' });
    });
  },
};
