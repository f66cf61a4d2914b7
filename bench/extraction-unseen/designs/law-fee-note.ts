/** An advocates' invoice: serif letterhead, references and a matter line, "Invoice No. 4512", narrative items. */
import { grey } from '../canvas.ts';
import { bankLines, makeDecoys, mpesaLine } from '../decoys.ts';
import type { Design } from '../design.ts';
import { formatAmountCell, formatDate, formatMoney, formatQuantity } from '../formats.ts';
import { digits } from '../random.ts';
import { drawTable } from '../table.ts';

export const lawFeeNote: Design = {
  name: 'law-fee-note',
  summary:
    'law firm: serif letterhead, Our Ref / Your Ref, RE: matter line, "INVOICE NO. 4512", narrative items',
  choose: () => ({
    plan: {
      kinds: ['law'],
      numberStyle: 'plain-digits',
      wholeUnits: false,
      usdShare: 0,
      dueShare: 0.2,
      items: [1, 7],
    },
    look: { money: 'plain', date: 'dmy-ordinal' },
  }),
  draw: (c, plan, look, rng) => {
    const f = c.fonts;
    const v = plan.vendor;
    const d = makeDecoys(rng, plan);
    const mid = c.width / 2;
    const left = 64;
    const right = c.width - 64;
    c.text(v.name.toUpperCase(), mid, 790, { font: f.serifBold, size: 15, align: 'center' });
    c.text(v.tagline ?? '', mid, 776, { font: f.serifItalic, size: 9.5, align: 'center' });
    c.text(v.address.join(' - '), mid, 763, { font: f.serif, size: 8.5, align: 'center' });
    c.text(`Tel: ${v.phone}  Email: ${v.email}`, mid, 752, { font: f.serif, size: 8.5, align: 'center' });
    c.rule(left, 744, right, 744, 1.5);
    c.rule(left, 741, right, 741, 0.5);
    const partners = 'Partners: J.O. Odhiambo  -  M.W. Wanjiru  -  K. Abdalla';
    c.text(partners, mid, 729, { font: f.serifItalic, size: 8, align: 'center', color: grey(0.3) });
    let y = 704;
    c.text(`Our Ref: OWA/${rng.pick(['CONV', 'LIT', 'COM'])}/${digits(rng, 3)}/2025`, left, y, {
      font: f.serif,
      size: 10,
    });
    c.text(formatDate(plan.invoiceDate, look.date), right, y, { font: f.serif, size: 10, align: 'right' });
    c.text(`Your Ref: ${rng.pick(['TP/LEGAL', 'FIN/ADM', 'CEO/OFF'])}/${digits(rng, 2)}`, left, y - 13, {
      font: f.serif,
      size: 10,
    });
    y -= 40;
    c.text('To:', left, y, { font: f.serifBold, size: 10 });
    y = c.lines([plan.customer.name, ...plan.customer.address], left + 26, y, {
      font: f.serif,
      size: 10,
      leading: 13,
    });
    y -= 14;
    c.text('INVOICE', mid, y, { font: f.serifBold, size: 13, align: 'center' });
    c.rule(mid - 30, y - 3, mid + 30, y - 3, 0.8);
    y -= 22;
    c.text(`INVOICE NO. ${plan.invoiceNumber}`, left, y, { font: f.serifBold, size: 10.5 });
    c.text(`PIN No. ${v.kraPin}`, right, y, { font: f.serif, size: 10, align: 'right' });
    y -= 18;
    const matter = `RE: ${rng.pick([`SALE OF L.R. NO. 209/${digits(rng, 5)}`, `LEASE OF OFFICE SPACE ON L.R. NO. 1870/IX/${digits(rng, 3)}`, `HCCC NO. E${digits(rng, 3)} OF 2025`])}`;
    c.text(matter, left, y, { font: f.serifBold, size: 10 });
    c.rule(left, y - 3, left + f.serifBold.widthOfTextAtSize(matter, 10), y - 3, 0.6);
    y -= 20;
    const end = drawTable(
      c,
      [
        { title: 'No.', width: 30, align: 'left', cell: (_l, i) => `${i + 1}.` },
        { title: 'Particulars', width: 250, align: 'left', cell: (l) => l.description, wraps: true },
        { title: 'Qty', width: 35, align: 'right', cell: (l) => formatQuantity(l.qtyMilli) },
        { title: 'Rate', width: 76, align: 'right', cell: (l) => formatAmountCell(l.unitPrice, look.money) },
        { title: 'KShs.', width: 76, align: 'right', cell: (l) => formatAmountCell(l.amount, look.money) },
      ],
      plan.lines,
      {
        font: f.serif,
        headerFont: f.serifBold,
        size: 10,
        headerSize: 10,
        leading: 12.5,
        padding: 5,
        ruleUnderHeader: true,
      },
      {
        x: left,
        top: y,
        bottom: 180,
        continueOnNewPage: () => {
          c.addPage();
          c.text(`Invoice No. ${plan.invoiceNumber} - continued`, left, 790, {
            font: f.serifItalic,
            size: 10,
          });
          return { top: 770, bottom: 180 };
        },
      },
    );
    y = end - 6;
    if (y < 200) {
      c.addPage();
      c.text(`Invoice No. ${plan.invoiceNumber} - continued`, left, 790, {
        font: f.serifItalic,
        size: 10,
      });
      y = 760;
    }
    const x1 = left + 250;
    const rows: [string, bigint][] = [
      ['Sub Total', plan.subtotal],
      ['VAT @ 16% on fees', plan.vat],
      ['TOTAL AMOUNT DUE', plan.total],
    ];
    c.rule(x1, y, right, y, 0.6);
    rows.forEach(([label, amount], i) => {
      const font = i === 2 ? f.serifBold : f.serif;
      c.text(label, x1 + 5, y - 14 - i * 15, { font, size: 10 });
      c.text(formatMoney(amount, look.money, 'KES'), right - 5, y - 14 - i * 15, {
        font,
        size: 10,
        align: 'right',
      });
    });
    c.rule(x1, y - 52, right, y - 52, 0.6);
    c.rule(x1, y - 55, right, y - 55, 0.6);
    c.text('E.&O.E.', left, y - 14, { font: f.serif, size: 9 });
    c.text(`For: ${v.name}`, left, y - 70, { font: f.serif, size: 10 });
    c.text('_______________________', left, y - 98, { font: f.serif, size: 10 });
    c.text('Accountant', left, y - 112, { font: f.serifItalic, size: 9 });
    const fy = 96;
    c.lines(
      [
        'Interest will be charged at 14% per annum on accounts not settled within 30 days of the date hereof',
        `(Advocates Remuneration Order, as amended by Legal Notice of ${formatDate(d.footerDate, look.date)}).`,
        ...bankLines(plan),
        mpesaLine(plan, plan.invoiceNumber),
      ],
      left,
      fy,
      { font: f.serif, size: 8, color: grey(0.25) },
    );
  },
};
