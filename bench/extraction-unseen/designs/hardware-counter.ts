/** A hardware shop's counter invoice: big bold shop name, "TAX INVOICE" in a box, labels left of values, full grid. */
import { grey, wrap } from '../canvas.ts';
import { bankLines, makeDecoys, mpesaLine } from '../decoys.ts';
import type { Design } from '../design.ts';
import { formatAmountCell, formatDate, formatMoney, formatQuantity } from '../formats.ts';
import { drawTable } from '../table.ts';
import { amountInWords } from '../words.ts';

export const hardwareCounter: Design = {
  name: 'hardware-counter',
  summary:
    'hardware shop: bold shop name, boxed TAX INVOICE, "Label: value" pairs, full grid table, Ksh totals',
  choose: (rng) => {
    const whole = rng.chance(0.6);
    return {
      plan: {
        kinds: ['hardware'],
        numberStyle: 'inv-slash',
        wholeUnits: whole,
        usdShare: 0,
        dueShare: 0.3,
        items: [1, 25],
      },
      look: { money: whole ? 'ksh' : 'kshs', date: rng.pick(['dmy-slash', 'dmy-dash-mon'] as const) },
    };
  },
  draw: (c, plan, look, rng) => {
    const f = c.fonts;
    const v = plan.vendor;
    const d = makeDecoys(rng, plan);
    // Shops word the same fields differently.
    const label = {
      number: rng.pick(['Invoice No:', 'Invoice No.:', 'Inv. No:']),
      date: rng.pick(['Date:', 'Invoice Date:']),
      total: rng.pick(['Total Amount Due', 'Grand Total', 'Amount Payable']),
    };
    const left = 40;
    const right = c.width - 40;
    const header = (continued: boolean): number => {
      const name = v.tradingName ?? v.name.toUpperCase();
      // As large as fits beside the TAX INVOICE box.
      const fit = (22 * (right - left - 170)) / f.sansBold.widthOfTextAtSize(name, 22);
      c.text(name, left, 790, { font: f.sansBold, size: continued ? 14 : Math.min(22, fit) });
      if (continued) {
        c.text(`Invoice No: ${plan.invoiceNumber} (continued)`, right, 790, {
          font: f.sans,
          size: 9,
          align: 'right',
        });
        return 770;
      }
      let y = 772;
      if (v.tradingName) {
        c.text(v.name, left, y, { font: f.sans, size: 9 });
        y -= 12;
      }
      if (v.tagline) {
        c.text(v.tagline, left, y, { font: f.sansOblique, size: 8.5, color: grey(0.3) });
        y -= 12;
      }
      y = c.lines([...v.address, `Tel: ${v.phone}   Email: ${v.email}`], left, y, {
        font: f.sans,
        size: 8.5,
      });
      c.text(`PIN: ${v.kraPin}`, left, y, { font: f.sansBold, size: 9 });
      c.rect(right - 150, 752, 150, 34, { border: grey(0), thickness: 1.4 });
      c.text('TAX INVOICE', right - 75, 763, { font: f.sansBold, size: 16, align: 'center' });
      return y - 16;
    };
    let y = header(false);
    c.rule(left, y + 8, right, y + 8, 1.2);
    // Customer on the left; invoice details on the right with labels left of their values.
    c.text('Bill To:', left, y - 6, { font: f.sansBold, size: 9 });
    let cy = c.lines([plan.customer.name, ...plan.customer.address], left, y - 19, { font: f.sans, size: 9 });
    if (plan.customer.kraPin)
      c.text(`Customer PIN: ${plan.customer.kraPin}`, left, cy, { font: f.sans, size: 9 });
    cy -= 12;
    const meta: [string, string][] = [
      [label.number, plan.invoiceNumber],
      [label.date, formatDate(plan.invoiceDate, look.date)],
      ...(plan.dueDate ? ([['Due Date:', formatDate(plan.dueDate, look.date)]] as [string, string][]) : []),
      ['LPO No:', d.lpo],
      ['Delivery Note:', d.deliveryNote],
      ['Served by:', rng.pick(['Wanjiku', 'Otieno', 'Mary K.', 'Hassan'])],
    ];
    let my = y - 6;
    for (const [label, value] of meta) {
      c.text(label, right - 190, my, { font: f.sansBold, size: 9 });
      c.text(value, right - 110, my, { font: f.sans, size: 9 });
      my -= 13;
    }
    y = Math.min(cy, my) - 10;
    const bottomLimit = 170;
    const end = drawTable(
      c,
      [
        { title: '#', width: 24, align: 'center', cell: (_l, i) => String(i + 1) },
        { title: 'Item Description', width: 251, align: 'left', cell: (l) => l.description, wraps: true },
        { title: 'Qty', width: 50, align: 'right', cell: (l) => formatQuantity(l.qtyMilli) },
        {
          title: 'Unit Price',
          width: 90,
          align: 'right',
          cell: (l) => formatAmountCell(l.unitPrice, look.money),
        },
        { title: 'Amount', width: 100, align: 'right', cell: (l) => formatAmountCell(l.amount, look.money) },
      ],
      plan.lines,
      {
        font: f.sans,
        headerFont: f.sansBold,
        size: 9,
        headerSize: 9,
        leading: 11,
        padding: 4,
        grid: true,
        headerFill: grey(0.85),
      },
      {
        x: left,
        top: y,
        bottom: bottomLimit,
        continueOnNewPage: () => {
          c.addPage();
          return { top: header(true), bottom: 90 };
        },
      },
    );
    y = end;
    if (y < 210) {
      c.addPage();
      y = header(true);
    }
    const totals: [string, bigint][] = [
      ['Sub Total', plan.subtotal],
      ['VAT 16%', plan.vat],
      [label.total, plan.total],
    ];
    const bx = right - 220;
    totals.forEach(([label, amount], i) => {
      const rowY = y - 18 * (i + 1);
      c.rect(bx, rowY, 220, 18, { border: grey(0), thickness: 0.6 });
      const bold = i === totals.length - 1;
      c.text(label, bx + 6, rowY + 5, { font: bold ? f.sansBold : f.sans, size: 9.5 });
      c.text(formatMoney(amount, look.money, plan.currency), right - 6, rowY + 5, {
        font: bold ? f.sansBold : f.sans,
        size: 9.5,
        align: 'right',
      });
    });
    c.text(`Items: ${plan.lines.length}`, left, y - 14, { font: f.sans, size: 8.5 });
    c.text('Goods once sold are not returnable. E&OE.', left, y - 27, { font: f.sansOblique, size: 8 });
    c.text('Amount in words:', left, y - 44, { font: f.sansBold, size: 8 });
    c.lines(wrap(amountInWords(plan.total, plan.currency), f.sans, 8, 250), left, y - 55, {
      font: f.sans,
      size: 8,
    });
    // Footer: M-Pesa and the bank, each with its own numbers.
    const fy = 92;
    c.rule(left, fy + 14, right, fy + 14, 0.5);
    c.text('PAYMENT DETAILS', left, fy, { font: f.sansBold, size: 8.5 });
    c.lines([mpesaLine(plan, plan.invoiceNumber), ...bankLines(plan)], left, fy - 12, {
      font: f.sans,
      size: 8,
    });
    c.text(`Price list valid until ${formatDate(d.footerDate, look.date)}`, right, fy - 12, {
      font: f.sans,
      size: 8,
      align: 'right',
    });
    c.text('Received in good order by: ____________________', right, fy - 36, {
      font: f.sans,
      size: 8,
      align: 'right',
    });
  },
};
