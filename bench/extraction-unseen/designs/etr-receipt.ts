/** A counter tax invoice printed from a till (monospace, narrow centred column, CU numbers from the tax device). */
import { black, forEachPage } from '../canvas.ts';
import { makeDecoys, mpesaLine } from '../decoys.ts';
import type { Design } from '../design.ts';
import { formatAmountCell, formatDate, formatQuantity } from '../formats.ts';

const WIDTH = 42;

function pad(leftText: string, rightText: string): string {
  const gap = Math.max(1, WIDTH - leftText.length - rightText.length);
  return leftText + ' '.repeat(gap) + rightText;
}

function chop(s: string): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of s.split(' ')) {
    if (line && line.length + 1 + word.length > WIDTH) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

export const etrReceipt: Design = {
  name: 'etr-receipt',
  summary:
    'till-printed tax invoice: Courier, narrow centred column, item then "qty x price amount", CU serial numbers',
  choose: (rng) => ({
    plan: {
      kinds: ['hardware', 'pharma'],
      numberStyle: 'plain-digits',
      wholeUnits: false,
      usdShare: 0,
      dueShare: 0,
      items: [1, 16],
    },
    look: { money: 'plain', date: rng.pick(['dmy-slash', 'iso'] as const) },
  }),
  draw: (c, plan, look, rng) => {
    const f = c.fonts;
    const v = plan.vendor;
    const d = makeDecoys(rng, plan);
    const size = 9;
    const leading = 11;
    const x = c.width / 2 - f.mono.widthOfTextAtSize('x'.repeat(WIDTH), size) / 2;
    const time = `${String(rng.int(8, 19)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`;
    const center = (s: string) => ' '.repeat(Math.max(0, Math.floor((WIDTH - s.length) / 2))) + s;
    const rule = '-'.repeat(WIDTH);
    const out: { text: string; bold?: boolean }[] = [];
    const push = (text: string, bold = false) => out.push({ text, bold });
    push(center((v.tradingName ?? v.name).toUpperCase()), true);
    if (v.tradingName) for (const l of chop(v.name)) push(center(l));
    for (const a of v.address) push(center(a));
    push(center(`TEL: ${v.phone}`));
    push(center(`PIN: ${v.kraPin}`), true);
    push(rule);
    push(center('TAX INVOICE'), true);
    push(rule);
    push(pad(`No. ${plan.invoiceNumber}`, `Till: 0${rng.int(1, 4)}`));
    push(pad(`Date: ${formatDate(plan.invoiceDate, look.date)}`, time));
    for (const part of chop(`Customer: ${plan.customer.name}`)) push(part);
    if (plan.customer.kraPin) push(`Cust. PIN: ${plan.customer.kraPin}`);
    push(rule);
    push(pad('ITEM', 'AMOUNT'));
    push(rule);
    for (const l of plan.lines) {
      for (const part of chop(l.description)) push(part);
      push(
        pad(
          `  ${formatQuantity(l.qtyMilli)} x ${formatAmountCell(l.unitPrice, 'plain')}`,
          `${formatAmountCell(l.amount, 'plain')} ${l.exempt ? 'E' : 'A'}`,
        ),
      );
    }
    push(rule);
    push(pad('Sub Total', formatAmountCell(plan.subtotal, 'plain')));
    push(pad('VAT A-16%', formatAmountCell(plan.vat, 'plain')));
    push(pad('TOTAL KES', formatAmountCell(plan.total, 'plain')), true);
    push(rule);
    push(pad('CASH/M-PESA', formatAmountCell(plan.total + BigInt(rng.int(0, 3) * 5000), 'plain')));
    push(pad('ITEMS', String(plan.lines.length)));
    push(rule);
    push(`CU Serial No: ${d.cuSerial}`);
    push(`CU Invoice No: ${d.cuInvoice}`);
    push(`${formatDate(plan.invoiceDate, 'dmy-slash')} ${time}`);
    push(rule);
    for (const l of chop(mpesaLine(plan, plan.invoiceNumber))) push(center(l));
    push(center(`Served by: ${rng.pick(['KEVIN', 'FAITH', 'MUSA'])}`));
    push(center('Goods once sold are not returnable'));
    push(center('*** THANK YOU, KARIBU TENA ***'));
    let y = 800;
    for (const line of out) {
      if (y < 50) {
        c.addPage();
        y = 800;
      }
      c.text(line.text, x, y, { font: line.bold ? f.monoBold : f.mono, size });
      y -= leading;
    }
    // The tax device's QR code (a pattern of squares: it is not read).
    if (y < 80) {
      c.addPage();
      y = 800;
    }
    for (let row = 0; row < 14; row++) {
      for (let col = 0; col < 14; col++) {
        if (rng.chance(0.5)) c.rect(c.width / 2 - 28 + col * 4, y - 60 + row * 4, 4, 4, { fill: black });
      }
    }
    forEachPage(c, (i, n) => {
      if (n > 1) c.text(`${i}/${n}`, c.width / 2, 24, { font: f.mono, size: 8, align: 'center' });
    });
  },
};
