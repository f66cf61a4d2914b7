/** A European-owned subsidiary's invoice: space-grouped decimal-comma amounts, labels right-aligned before values. */
import { rgb } from 'pdf-lib';
import { forEachPage, grey } from '../canvas.ts';
import { makeDecoys, mpesaLine } from '../decoys.ts';
import type { Design } from '../design.ts';
import { formatAmountCell, formatDate, formatMoney, formatQuantity } from '../formats.ts';
import { digits } from '../random.ts';
import { drawTable } from '../table.ts';

const blue = rgb(0.1, 0.2, 0.5);

export const euroSubsidiary: Design = {
  name: 'euro-subsidiary',
  summary:
    'subsidiary of a European group: "12 500,00" amounts, ISO or dotted dates, "Invoice # KE-7781", 3-column footer',
  choose: (rng) => ({
    plan: {
      kinds: ['it', 'logistics'],
      numberStyle: 'ke-dash',
      wholeUnits: false,
      usdShare: 0.25,
      dueShare: 0.8,
      items: [1, 22],
    },
    look: { money: 'space-comma', date: rng.pick(['iso', 'dmy-dot'] as const) },
  }),
  draw: (c, plan, look, rng) => {
    const f = c.fonts;
    const v = plan.vendor;
    const d = makeDecoys(rng, plan);
    const left = 50;
    const right = c.width - 50;
    const cur = plan.currency;
    const logo = () => {
      c.rect(left, 782, 18, 18, { fill: blue });
      c.rect(left + 22, 782, 18, 18, { fill: rgb(0.45, 0.6, 0.9) });
      c.text(v.name, left + 48, 786, { font: f.sansBold, size: 12, color: blue });
    };
    logo();
    c.text(`${v.name} - ${v.address.at(-1)}`, left, 740, { font: f.sans, size: 6.5, color: grey(0.4) });
    c.rule(left, 737, left + 300, 737, 0.3, grey(0.5));
    c.lines(
      [
        plan.customer.name,
        ...(plan.customer.attention ? [plan.customer.attention] : []),
        ...plan.customer.address,
      ],
      left,
      722,
      {
        font: f.sans,
        size: 10,
        leading: 12.5,
      },
    );
    // Labels right-aligned against a gutter, values after it.
    const gutter = right - 110;
    const meta: [string, string][] = [
      ['Invoice date', formatDate(plan.invoiceDate, look.date)],
      ['Customer no.', d.customerAccount],
      ['Your order', d.lpo],
      ['Delivery date', formatDate(d.deliveryDate, look.date)],
      ...(plan.dueDate ? ([['Payable by', formatDate(plan.dueDate, look.date)]] as [string, string][]) : []),
      ['Our VAT PIN', v.kraPin ?? '-'],
    ];
    meta.forEach(([label, value], i) => {
      c.text(label, gutter - 6, 740 - i * 12.5, {
        font: f.sans,
        size: 8.5,
        color: grey(0.4),
        align: 'right',
      });
      c.text(value, gutter + 2, 740 - i * 12.5, { font: f.sans, size: 8.5 });
    });
    let y = 640;
    c.text(`Invoice # ${plan.invoiceNumber}`, left, y, { font: f.sansBold, size: 16 });
    y -= 18;
    c.text(`We thank you for your order ${d.lpo} and invoice as follows:`, left, y, {
      font: f.sans,
      size: 9,
    });
    y -= 14;
    const end = drawTable(
      c,
      [
        { title: 'Pos.', width: 32, align: 'left', cell: (_l, i) => String((i + 1) * 10) },
        { title: 'Description', width: 225, align: 'left', cell: (l) => l.description, wraps: true },
        {
          title: 'Quantity',
          width: 55,
          align: 'right',
          cell: (l) => formatQuantity(l.qtyMilli).replace('.', ','),
        },
        {
          title: `Unit price (${cur})`,
          width: 90,
          align: 'right',
          cell: (l) => formatAmountCell(l.unitPrice, 'space-comma'),
        },
        {
          title: `Amount (${cur})`,
          width: right - left - 402,
          align: 'right',
          cell: (l) => formatAmountCell(l.amount, 'space-comma'),
        },
      ],
      plan.lines,
      {
        font: f.sans,
        headerFont: f.sansBold,
        size: 9,
        headerSize: 8.5,
        leading: 11,
        padding: 4.5,
        ruleOverHeader: true,
        ruleUnderHeader: true,
        ruleColor: blue,
      },
      {
        x: left,
        top: y,
        bottom: 150,
        continueOnNewPage: () => {
          c.text('Carried forward ...', right, 140, { font: f.sansOblique, size: 8, align: 'right' });
          c.addPage();
          logo();
          c.text(
            `Invoice # ${plan.invoiceNumber} of ${formatDate(plan.invoiceDate, look.date)}`,
            right,
            786,
            { font: f.sans, size: 8.5, align: 'right' },
          );
          return { top: 760, bottom: 150 };
        },
      },
    );
    y = end;
    c.rule(left, y, right, y, 0.8, blue);
    if (y < 200) {
      c.addPage();
      logo();
      y = 760;
    }
    const rows: [string, bigint][] = [
      ['Sub Total', plan.subtotal],
      [plan.vatRate === 0 ? 'VAT 0 % (zero-rated export)' : 'VAT 16 %', plan.vat],
      [`Total Amount Due ${cur}`, plan.total],
    ];
    rows.forEach(([label, amount], i) => {
      const font = i === 2 ? f.sansBold : f.sans;
      c.text(label, right - 120, y - 14 - i * 14, { font, size: 9.5, align: 'right' });
      c.text(formatMoney(amount, 'space-comma', cur), right - 4, y - 14 - i * 14, {
        font,
        size: 9.5,
        align: 'right',
      });
    });
    c.rule(right - 220, y - 32.5, right, y - 32.5, 0.5, blue);
    y -= 70;
    c.text(
      plan.dueDate
        ? `Payment terms: net ${(Date.parse(plan.dueDate) - Date.parse(plan.invoiceDate)) / 86_400_000} days without deduction.`
        : 'Payment terms: due on receipt.',
      left,
      y,
      { font: f.sans, size: 9 },
    );
    if (cur === 'KES') c.text(mpesaLine(plan, plan.invoiceNumber), left, y - 12, { font: f.sans, size: 9 });
    const cols = [
      [v.name, ...v.address, `Tel ${v.phone}`],
      [
        `Bank: ${v.bank.name}`,
        `Branch: ${v.bank.branch}`,
        `Account: ${v.bank.account}`,
        `SWIFT/BIC: ${v.bank.swift}`,
      ],
      [
        `Company Reg. No. PVT-${digits(rng, 4)}${String.fromCharCode(65 + rng.int(0, 25))}${digits(rng, 2)}`,
        `Directors: A. Lindqvist, P. Mutua`,
        `Registered ${formatDate(d.footerDate, look.date)}`,
      ],
    ];
    const colW = (right - left) / 3;
    c.rule(left, 82, right, 82, 0.3, grey(0.5));
    cols.forEach((lines, i) => {
      c.lines(lines, left + i * colW, 72, { font: f.sans, size: 6.5, color: grey(0.35) });
    });
    forEachPage(c, (i, n) => {
      c.text(`Page ${i}/${n}`, right, 30, { font: f.sans, size: 7, color: grey(0.4), align: 'right' });
    });
  },
};
