/** A two-column design: a dark sidebar holds the supplier and how to pay; the invoice itself sits to its right. */
import { rgb } from 'pdf-lib';
import { forEachPage, grey, wrap } from '../canvas.ts';
import { makeDecoys } from '../decoys.ts';
import type { Design } from '../design.ts';
import { formatAmountCell, formatDate, formatMoney, formatQuantity } from '../formats.ts';
import { drawTable } from '../table.ts';

const dark = rgb(0.16, 0.14, 0.22);
const light = rgb(0.92, 0.9, 0.97);
const accent = rgb(0.93, 0.62, 0.15);

export const sidebar: Design = {
  name: 'sidebar',
  summary:
    'dark left sidebar with supplier, PIN and payment details; invoice to the right with labels above values',
  choose: (rng) => ({
    plan: {
      kinds: ['it', 'law', 'logistics', 'hardware'],
      numberStyle: 'prefix-slash',
      wholeUnits: rng.chance(0.4),
      usdShare: 0.2,
      dueShare: 0.75,
      items: [1, 22],
    },
    look: { money: 'code', date: rng.pick(['dmy-dash-mon', 'mdy-long', 'd-mon-yy'] as const) },
  }),
  draw: (c, plan, look, rng) => {
    const f = c.fonts;
    const v = plan.vendor;
    const d = makeDecoys(rng, plan);
    const dueLabel = rng.pick(['Balance Due', 'Amount Due', 'Total Due']);
    const barW = 170;
    const main = barW + 28;
    const right = c.width - 30;
    const money = (m: bigint) => formatMoney(m, look.money, plan.currency);
    const bar = () => {
      c.rect(0, 0, barW, c.height, { fill: dark });
      c.rect(20, c.height - 70, 36, 36, { fill: accent });
    };
    bar();
    let sy = c.height - 92;
    for (const line of wrap(v.tradingName ?? v.name, f.sansBold, 13, barW - 40)) {
      c.text(line, 20, sy, { font: f.sansBold, size: 13, color: light });
      sy -= 15;
    }
    if (v.tradingName)
      sy = c.lines(wrap(v.name, f.sans, 7.5, barW - 40), 20, sy, { font: f.sans, size: 7.5, color: light });
    sy -= 8;
    sy = c.lines([...v.address, v.phone, v.email], 20, sy, {
      font: f.sans,
      size: 7.5,
      color: light,
      leading: 10,
    });
    sy -= 6;
    c.text('KRA PIN', 20, sy, { font: f.sansBold, size: 6.5, color: accent });
    c.text(v.kraPin ?? 'n/a', 20, sy - 11, { font: f.sans, size: 9, color: light });
    let py = 230;
    c.text('HOW TO PAY', 20, py, { font: f.sansBold, size: 7.5, color: accent });
    py -= 14;
    const m = v.mpesa;
    py = c.lines(
      [
        m.kind === 'paybill' ? 'M-PESA Paybill' : 'M-PESA Till',
        m.number,
        ...(m.kind === 'paybill' ? ['Account:', plan.invoiceNumber] : []),
        '',
        v.bank.name,
        `Branch: ${v.bank.branch}`,
        `A/C: ${v.bank.account}`,
        `Swift: ${v.bank.swift}`,
        `Bank code: ${v.bank.branchCode}`,
      ],
      20,
      py,
      { font: f.sans, size: 8, color: light, leading: 10.5 },
    );
    // The invoice area.
    let y = c.height - 60;
    c.text('INVOICE', main, y, { font: f.sansBold, size: 24, color: dark });
    c.text(`No. ${plan.invoiceNumber}`, right, y, { font: f.sans, size: 13, align: 'right' });
    y -= 40;
    const cw = (right - main) / 3;
    const label = (text: string, value: string[], x: number, top: number) => {
      c.text(text, x, top, { font: f.sansBold, size: 7, color: accent });
      c.lines(value, x, top - 12, { font: f.sans, size: 9.5 });
    };
    label('ISSUED', [formatDate(plan.invoiceDate, look.date)], main, y);
    label('DUE', [plan.dueDate ? formatDate(plan.dueDate, look.date) : 'On receipt'], main + cw, y);
    label('AMOUNT DUE', [money(plan.total)], main + 2 * cw, y);
    y -= 40;
    label('INVOICE TO', [plan.customer.name, ...plan.customer.address], main, y);
    label('REFERENCE', [d.quote, `Ordered ${formatDate(d.orderDate, look.date)}`], main + 2 * cw, y);
    y -= 70;
    const end = drawTable(
      c,
      [
        { title: 'Item', width: 165, align: 'left', cell: (l) => l.description, wraps: true },
        { title: 'Qty', width: 36, align: 'right', cell: (l) => formatQuantity(l.qtyMilli) },
        { title: 'Price', width: 78, align: 'right', cell: (l) => formatAmountCell(l.unitPrice, 'plain') },
        {
          title: 'Total',
          width: right - main - 279,
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
        padding: 4.5,
        zebra: light,
        ruleUnderHeader: true,
        ruleColor: dark,
      },
      {
        x: main,
        top: y,
        bottom: 140,
        continueOnNewPage: () => {
          c.addPage();
          bar();
          c.text(`INVOICE No. ${plan.invoiceNumber} (continued)`, main, c.height - 60, {
            font: f.sansBold,
            size: 11,
            color: dark,
          });
          return { top: c.height - 80, bottom: 140 };
        },
      },
    );
    y = end - 14;
    if (y < 150) {
      c.addPage();
      bar();
      y = c.height - 80;
    }
    const rows: [string, bigint][] = [
      ['Sub Total', plan.subtotal],
      [plan.vatRate === 0 ? 'VAT 0%' : 'VAT 16%', plan.vat],
      [dueLabel, plan.total],
    ];
    rows.forEach(([text, amount], i) => {
      const font = i === 2 ? f.sansBold : f.sans;
      c.text(text, right - 200, y - i * 15, { font, size: i === 2 ? 11 : 9.5 });
      c.text(money(amount), right, y - i * 15, { font, size: i === 2 ? 11 : 9.5, align: 'right' });
    });
    c.rect(right - 205, y - 36, 205, 1.5, { fill: accent });
    c.text('Thank you!', main, 60, { font: f.sansBold, size: 12, color: accent });
    forEachPage(c, (i, n) => {
      c.text(`${i} / ${n}`, right, 30, { font: f.sans, size: 7.5, color: grey(0.4), align: 'right' });
    });
  },
};
