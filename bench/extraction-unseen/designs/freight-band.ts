/** A logistics firm's invoice: coloured band with a logo mark, labels above values, shipment references. */
import { rgb } from 'pdf-lib';
import { forEachPage, grey } from '../canvas.ts';
import { bankLines, makeDecoys, mpesaLine } from '../decoys.ts';
import type { Design } from '../design.ts';
import { formatAmountCell, formatDate, formatMoney, formatQuantity } from '../formats.ts';
import { digits } from '../random.ts';
import { drawTable } from '../table.ts';

const teal = rgb(0.04, 0.33, 0.38);
const white = rgb(1, 1, 1);

export const freightBand: Design = {
  name: 'freight-band',
  summary:
    'logistics: teal header band with logo mark, labels above values, shipment references, Balance Due',
  choose: (rng) => ({
    plan: {
      kinds: ['logistics'],
      numberStyle: 'ke-dash',
      wholeUnits: false,
      usdShare: 0.4,
      dueShare: 0.9,
      items: [2, 25],
    },
    look: { money: 'code', date: rng.pick(['dmy-dash-mon', 'dmy-slash'] as const) },
  }),
  draw: (c, plan, look, rng) => {
    const f = c.fonts;
    const v = plan.vendor;
    const d = makeDecoys(rng, plan);
    const left = 36;
    const right = c.width - 36;
    const band = (height: number) => {
      c.rect(0, c.height - height, c.width, height, { fill: teal });
      const initials = v.name
        .split(' ')
        .filter((w) => /^[A-Z]/.test(w))
        .slice(0, 2)
        .map((w) => w[0])
        .join('');
      c.rect(left, c.height - height + 14, 40, 40, { border: white, thickness: 2 });
      c.text(initials, left + 20, c.height - height + 28, {
        font: f.sansBold,
        size: 16,
        color: white,
        align: 'center',
      });
      c.text(v.name, left + 52, c.height - height + 38, { font: f.sansBold, size: 15, color: white });
      if (v.tagline)
        c.text(v.tagline, left + 52, c.height - height + 24, { font: f.sans, size: 8, color: white });
      c.text('INVOICE', right, c.height - height + 30, {
        font: f.sansBold,
        size: 26,
        color: white,
        align: 'right',
      });
    };
    band(76);
    let y = c.height - 96;
    c.lines([...v.address, v.phone, v.email], left, y, { font: f.sans, size: 8, color: grey(0.25) });
    c.text(`KRA PIN ${v.kraPin}`, right, y, { font: f.sansBold, size: 8.5, align: 'right' });
    c.text(`VAT reg. no. 01${digits(rng, 5)}A`, right, y - 11, { font: f.sans, size: 8, align: 'right' });
    y -= 62;
    // Labels above values, in a row of cells.
    const cells: [string, string][] = [
      ['INVOICE NUMBER', plan.invoiceNumber],
      ['INVOICE DATE', formatDate(plan.invoiceDate, look.date)],
      ['DUE DATE', plan.dueDate ? formatDate(plan.dueDate, look.date) : 'On receipt'],
      ['CUSTOMER A/C', d.customerAccount],
      ['CURRENCY', plan.currency],
    ];
    const cw = (right - left) / cells.length;
    cells.forEach(([label, value], i) => {
      c.text(label, left + i * cw, y, { font: f.sansBold, size: 7, color: teal });
      c.text(value, left + i * cw, y - 13, { font: f.sans, size: 10 });
    });
    y -= 34;
    c.rule(left, y, right, y, 0.5, grey(0.6));
    y -= 16;
    c.text('BILL TO', left, y, { font: f.sansBold, size: 7, color: teal });
    c.lines([plan.customer.name, ...plan.customer.address], left, y - 13, { font: f.sans, size: 9.5 });
    const mid = left + (right - left) / 2;
    c.text('SHIPMENT', mid, y, { font: f.sansBold, size: 7, color: teal });
    c.lines(
      [
        `B/L No. MEDU${digits(rng, 7)}`,
        `Container: MSKU ${digits(rng, 6)}-${rng.int(0, 9)}`,
        `Vessel: MSC ${rng.pick(['Amalfi', 'Nairobi', 'Kalina', 'Silvana'])} V.${digits(rng, 3)}R`,
        `ETA Mombasa: ${formatDate(d.orderDate, look.date)}`,
      ],
      mid,
      y - 13,
      { font: f.sans, size: 9 },
    );
    y -= 72;
    const end = drawTable(
      c,
      [
        { title: 'DESCRIPTION', width: 268, align: 'left', cell: (l) => l.description, wraps: true },
        { title: 'QTY', width: 45, align: 'right', cell: (l) => formatQuantity(l.qtyMilli) },
        { title: 'RATE', width: 95, align: 'right', cell: (l) => formatAmountCell(l.unitPrice, 'plain') },
        {
          title: `AMOUNT (${plan.currency})`,
          width: 115,
          align: 'right',
          cell: (l) => formatAmountCell(l.amount, 'plain'),
        },
      ],
      plan.lines,
      {
        font: f.sans,
        headerFont: f.sansBold,
        size: 9,
        headerSize: 8,
        leading: 11.5,
        padding: 5,
        headerFill: teal,
        headerColor: white,
        rowRules: true,
        ruleColor: grey(0.75),
      },
      {
        x: left,
        top: y,
        bottom: 130,
        continueOnNewPage: () => {
          c.addPage();
          band(60);
          c.text(`Invoice # ${plan.invoiceNumber} - continued`, left, c.height - 84, {
            font: f.sansBold,
            size: 9,
          });
          return { top: c.height - 96, bottom: 130 };
        },
      },
    );
    y = end - 10;
    if (y < 190) {
      c.addPage();
      band(60);
      y = c.height - 90;
    }
    const rows: [string, string][] = [
      ['Sub Total', formatMoney(plan.subtotal, look.money, plan.currency)],
      ['VAT @ 16%', formatMoney(plan.vat, look.money, plan.currency)],
      ['Total', formatMoney(plan.total, look.money, plan.currency)],
      ['Amount Paid', formatMoney(0n, look.money, plan.currency)],
    ];
    rows.forEach(([label, value], i) => {
      c.text(label, right - 200, y - 14 * i, { font: f.sans, size: 9.5 });
      c.text(value, right, y - 14 * i, { font: f.sans, size: 9.5, align: 'right' });
    });
    y -= 14 * rows.length + 8;
    c.rect(right - 210, y - 8, 210, 24, { fill: teal });
    c.text('Balance Due', right - 200, y, { font: f.sansBold, size: 11, color: white });
    c.text(formatMoney(plan.total, look.money, plan.currency), right - 6, y, {
      font: f.sansBold,
      size: 11,
      color: white,
      align: 'right',
    });
    c.text('Thank you for your business.', left, y, { font: f.sansOblique, size: 9, color: teal });
    const fy = 86;
    c.text('REMITTANCE', left, fy + 12, { font: f.sansBold, size: 7, color: teal });
    c.lines([...bankLines(plan), mpesaLine(plan, d.customerAccount)], left, fy, { font: f.sans, size: 7.5 });
    c.lines(
      [
        'Interest of 1.5% per month is charged on overdue balances.',
        `Standard Trading Conditions of KIFWA apply (rev. ${formatDate(d.footerDate, look.date)}).`,
      ],
      right,
      fy,
      { font: f.sans, size: 7.5, align: 'right' },
    );
    forEachPage(c, (i, n) => {
      c.text(`Page ${i} of ${n}`, c.width / 2, 20, {
        font: f.sans,
        size: 7.5,
        color: grey(0.4),
        align: 'center',
      });
    });
  },
};
