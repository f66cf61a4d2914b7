/** A hotel's tax invoice: centred serif letterhead, guest and invoice boxes side by side, zebra rows, levy line. */
import { rgb } from 'pdf-lib';
import { forEachPage, grey } from '../canvas.ts';
import { makeDecoys, mpesaLine } from '../decoys.ts';
import type { Design } from '../design.ts';
import { addDays, formatAmountCell, formatDate, formatMoney, formatQuantity } from '../formats.ts';
import { digits } from '../random.ts';
import { drawTable } from '../table.ts';

const green = rgb(0.2, 0.35, 0.2);

export const hotelFolio: Design = {
  name: 'hotel-folio',
  summary:
    'hotel: centred serif letterhead, "Tax Invoice" between rules, guest and invoice boxes, Catering Levy line',
  choose: (rng) => ({
    plan: {
      kinds: ['hotel'],
      numberStyle: 'ti-yy',
      wholeUnits: false,
      usdShare: 0,
      dueShare: 0.5,
      items: [2, 18],
      levy: true,
    },
    look: { money: rng.pick(['kshs', 'code'] as const), date: 'dmy-slash' },
  }),
  draw: (c, plan, look, rng) => {
    const f = c.fonts;
    const v = plan.vendor;
    const d = makeDecoys(rng, plan);
    const mid = c.width / 2;
    const left = 48;
    const right = c.width - 48;
    c.text(v.tradingName ?? v.name, mid, 786, { font: f.serifBold, size: 26, color: green, align: 'center' });
    c.text(v.name, mid, 768, { font: f.serifItalic, size: 10, align: 'center' });
    c.text(`${v.address.join(', ')}  |  ${v.phone}`, mid, 754, { font: f.serif, size: 8.5, align: 'center' });
    c.text(`${v.email}  |  PIN ${v.kraPin}`, mid, 743, { font: f.serif, size: 8.5, align: 'center' });
    c.rule(left, 730, right, 730, 0.8, green);
    c.text('Tax Invoice', mid, 714, { font: f.serifBold, size: 15, align: 'center' });
    c.rule(left, 706, right, 706, 0.8, green);
    const arrival = addDays(plan.invoiceDate, -rng.int(1, 6));
    const boxTop = 694;
    const boxH = 82;
    const boxW = (right - left - 12) / 2;
    c.rect(left, boxTop - boxH, boxW, boxH, { border: green });
    c.rect(left + boxW + 12, boxTop - boxH, boxW, boxH, { border: green });
    const pairs = (x: number, rows: [string, string][]) => {
      rows.forEach(([label, value], i) => {
        c.text(label, x + 8, boxTop - 15 - i * 13, { font: f.serifBold, size: 9 });
        c.text(value, x + 88, boxTop - 15 - i * 13, { font: f.serif, size: 9 });
      });
    };
    pairs(left, [
      ['Company', plan.customer.name],
      ['Guest', rng.pick(['Mr. J. Mwangi', 'Ms. A. Chebet', 'Dr. S. Okello', 'Mrs. F. Hassan'])],
      ['Room', String(rng.int(101, 418))],
      ['Arrival', formatDate(arrival, look.date)],
      ['Departure', formatDate(plan.invoiceDate, look.date)],
    ]);
    pairs(left + boxW + 12, [
      ['Invoice No.', plan.invoiceNumber],
      ['Invoice Date', formatDate(plan.invoiceDate, look.date)],
      ['Folio No.', digits(rng, 6)],
      ['Due Date', plan.dueDate ? formatDate(plan.dueDate, look.date) : '-'],
      ['Cashier', rng.pick(['NJERI', 'KIPROP', 'AMINA'])],
    ]);
    const end = drawTable(
      c,
      [
        {
          title: 'Date',
          width: 62,
          align: 'left',
          cell: (_l, i) => formatDate(addDays(arrival, Math.min(i, 5)), 'dmy-slash'),
        },
        { title: 'Description', width: 245, align: 'left', cell: (l) => l.description, wraps: true },
        { title: 'Qty', width: 40, align: 'right', cell: (l) => formatQuantity(l.qtyMilli) },
        { title: 'Rate', width: 76, align: 'right', cell: (l) => formatAmountCell(l.unitPrice, 'plain') },
        {
          title: 'Amount (KES)',
          width: 76,
          align: 'right',
          cell: (l) => formatAmountCell(l.amount, 'plain'),
        },
      ],
      plan.lines,
      {
        font: f.serif,
        headerFont: f.serifBold,
        size: 9.5,
        headerSize: 9.5,
        leading: 11.5,
        padding: 5,
        zebra: rgb(0.93, 0.96, 0.92),
        ruleOverHeader: true,
        ruleUnderHeader: true,
        ruleColor: green,
      },
      {
        x: left,
        top: boxTop - boxH - 16,
        bottom: 170,
        continueOnNewPage: () => {
          c.addPage();
          c.text(`${v.tradingName ?? v.name} - Tax Invoice ${plan.invoiceNumber} (continued)`, mid, 790, {
            font: f.serifBold,
            size: 11,
            align: 'center',
          });
          return { top: 770, bottom: 170 };
        },
      },
    );
    let y = end - 8;
    c.rule(left, y + 8, right, y + 8, 0.8, green);
    if (y < 170) {
      c.addPage();
      c.text(`${v.tradingName ?? v.name} - Tax Invoice ${plan.invoiceNumber} (continued)`, mid, 790, {
        font: f.serifBold,
        size: 11,
        align: 'center',
      });
      y = 760;
    }
    const rows: [string, bigint][] = [
      ['Sub Total', plan.subtotal],
      ['VAT 16%', plan.vat],
      ['Catering Levy 2%', plan.levy],
      ['Total Amount Due', plan.total],
    ];
    rows.forEach(([label, amount], i) => {
      const font = i === rows.length - 1 ? f.serifBold : f.serif;
      c.text(label, right - 210, y - 8 - i * 15, { font, size: 10.5 });
      c.text(formatMoney(amount, look.money, plan.currency), right, y - 8 - i * 15, {
        font,
        size: 10.5,
        align: 'right',
      });
    });
    c.text('Guest signature: ______________________', left, y - 40, { font: f.serif, size: 9 });
    c.lines(
      [
        `We hope you enjoyed your stay. Cheques payable to ${v.name}.`,
        `${mpesaLine(plan, plan.invoiceNumber)}  |  ${v.bank.name} A/C ${v.bank.account}`,
        `Check-out time 10:30 am. Rates valid from ${formatDate(d.footerDate, look.date)}.`,
      ],
      mid,
      74,
      { font: f.serifItalic, size: 8.5, align: 'center' },
    );
    forEachPage(c, (i, n) => {
      if (n > 1)
        c.text(`Page ${i}/${n}`, right, 30, { font: f.serif, size: 8, color: grey(0.4), align: 'right' });
    });
  },
};
