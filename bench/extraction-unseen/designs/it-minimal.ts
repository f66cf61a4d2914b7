/** An IT firm's minimal invoice: light "Invoice" title, supplier block on the right, grey labels left of values. */
import { forEachPage, grey } from '../canvas.ts';
import { bankLines, makeDecoys, mpesaLine } from '../decoys.ts';
import type { Design } from '../design.ts';
import { formatAmountCell, formatDate, formatMoney, formatQuantity } from '../formats.ts';
import { drawTable } from '../table.ts';

export const itMinimal: Design = {
  name: 'it-minimal',
  summary:
    'IT services: lower-case "Invoice" title, supplier block right, grey labels left of values, hairline rows',
  choose: (rng) => ({
    plan: {
      kinds: ['it'],
      numberStyle: 'inv-dash',
      wholeUnits: false,
      usdShare: 0.35,
      dueShare: 1,
      items: [1, 22],
    },
    look: { money: rng.pick(['code', 'code', 'dollar'] as const), date: 'mdy-long' },
  }),
  draw: (c, plan, look, rng) => {
    const f = c.fonts;
    const v = plan.vendor;
    const d = makeDecoys(rng, plan);
    const money = (m: bigint) => formatMoney(m, plan.currency === 'USD' ? look.money : 'code', plan.currency);
    const left = 56;
    const right = c.width - 56;
    c.text('Invoice', left, 770, { font: f.sans, size: 30, color: grey(0.15) });
    let y = c.lines([v.tradingName ?? v.name, ...(v.tradingName ? [v.name] : []), ...v.address], right, 782, {
      font: f.sans,
      size: 8.5,
      align: 'right',
      color: grey(0.2),
    });
    if (v.kraPin) c.text(`KRA PIN: ${v.kraPin}`, right, y, { font: f.sans, size: 8.5, align: 'right' });
    else if (v.vatNumber)
      c.text(`TIN: ${v.vatNumber}`, right, y, { font: f.sans, size: 8.5, align: 'right' });
    y = Math.min(y - 24, 720);
    const meta: [string, string][] = [
      ['Invoice number', plan.invoiceNumber],
      ['Date of issue', formatDate(plan.invoiceDate, look.date)],
      ['Date due', formatDate(plan.dueDate!, look.date)],
      ['Purchase order', d.lpo],
      [
        'Service period',
        `${formatDate(d.orderDate, 'dmy-slash')} - ${formatDate(plan.invoiceDate, 'dmy-slash')}`,
      ],
    ];
    meta.forEach(([label, value], i) => {
      c.text(label, left, y - i * 14, { font: f.sans, size: 9, color: grey(0.45) });
      c.text(value, left + 100, y - i * 14, { font: f.sans, size: 9 });
    });
    c.text('Billed to', 330, y, { font: f.sans, size: 9, color: grey(0.45) });
    c.lines(
      [
        plan.customer.name,
        ...(plan.customer.attention ? [`Attn: ${plan.customer.attention}`] : []),
        ...plan.customer.address,
      ],
      330,
      y - 14,
      {
        font: f.sans,
        size: 9,
      },
    );
    y -= meta.length * 14 + 18;
    c.text(`${money(plan.total)} due ${formatDate(plan.dueDate!, look.date)}`, left, y, {
      font: f.sansBold,
      size: 13,
    });
    y -= 26;
    const end = drawTable(
      c,
      [
        { title: 'Description', width: 250, align: 'left', cell: (l) => l.description, wraps: true },
        { title: 'Qty', width: 45, align: 'right', cell: (l) => formatQuantity(l.qtyMilli) },
        {
          title: 'Unit price',
          width: 90,
          align: 'right',
          cell: (l) => formatAmountCell(l.unitPrice, 'plain'),
        },
        { title: 'Amount', width: 98, align: 'right', cell: (l) => formatAmountCell(l.amount, 'plain') },
      ],
      plan.lines,
      {
        font: f.sans,
        headerFont: f.sans,
        size: 9,
        headerSize: 8.5,
        leading: 11,
        padding: 6,
        ruleUnderHeader: true,
        rowRules: true,
        ruleColor: grey(0.8),
        headerColor: grey(0.45),
      },
      {
        x: left,
        top: y,
        bottom: 150,
        continueOnNewPage: () => {
          c.addPage();
          c.text(
            `${plan.invoiceNumber} - ${money(plan.total)} due ${formatDate(plan.dueDate!, look.date)}`,
            left,
            790,
            { font: f.sans, size: 9, color: grey(0.45) },
          );
          return { top: 770, bottom: 150 };
        },
      },
    );
    y = end - 16;
    if (y < 200) {
      c.addPage();
      c.text(
        `${plan.invoiceNumber} - ${money(plan.total)} due ${formatDate(plan.dueDate!, look.date)}`,
        left,
        790,
        { font: f.sans, size: 9, color: grey(0.45) },
      );
      y = 760;
    }
    const vatLabel = plan.vatRate === 0 ? 'VAT (0%, export of services)' : 'VAT (16%)';
    const rows: [string, bigint, boolean][] = [
      ['Sub Total', plan.subtotal, false],
      [vatLabel, plan.vat, false],
      ['Total Amount Due', plan.total, true],
    ];
    rows.forEach(([label, amount, strong], i) => {
      const font = strong ? f.sansBold : f.sans;
      c.text(label, right - 230, y - i * 16, { font, size: 9.5 });
      c.text(money(amount), right, y - i * 16, { font, size: 9.5, align: 'right' });
    });
    c.rule(right - 230, y - 21, right, y - 21, 0.4, grey(0.6));
    const fy = 120;
    c.text('Payment', left, fy, { font: f.sansBold, size: 8.5 });
    c.lines(
      [...bankLines(plan), ...(plan.currency === 'KES' ? [mpesaLine(plan, plan.invoiceNumber)] : [])],
      left,
      fy - 13,
      {
        font: f.sans,
        size: 8,
        color: grey(0.3),
      },
    );
    c.text(`Questions? ${v.email} - ${v.phone}`, left, 52, { font: f.sans, size: 8, color: grey(0.45) });
    forEachPage(c, (i, n) => {
      c.text(`${plan.invoiceNumber} - page ${i} of ${n}`, right, 52, {
        font: f.sans,
        size: 8,
        color: grey(0.45),
        align: 'right',
      });
    });
  },
};
