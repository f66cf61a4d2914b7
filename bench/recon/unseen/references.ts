import type { Customer, Payer } from './customers.ts';
import { type Invoice, YEAR } from './ledger.ts';
import type { Random } from './random.ts';

const PADDED = (sequence: number) => String(sequence).padStart(6, '0');

/** The invoice number written another way by the payer (the brief's list); never the issued form itself. */
export function referenceVariant(invoice: Invoice, random: Random): string {
  const padded = PADDED(invoice.sequence);
  const plain = String(invoice.sequence);
  switch (
    random.weighted({
      compact: 16,
      lower: 12,
      spaced: 10,
      noYear: 14,
      yearNumber: 8,
      padded: 10,
      plain: 16,
      dotted: 8,
      shortDash: 6,
    })
  ) {
    case 'compact':
      return `INV${YEAR}${padded}`;
    case 'lower':
      return invoice.number.toLowerCase();
    case 'spaced':
      return `INV ${YEAR} ${padded}`;
    case 'noYear':
      return `INV${padded}`;
    case 'yearNumber':
      return `${YEAR}${padded}`;
    case 'padded':
      return padded;
    case 'plain':
      return plain;
    case 'dotted':
      return `Inv.${plain}`;
    default:
      return `INV-${plain}`;
  }
}

/** The issued form most of the time, a variant otherwise. */
export function referenceAsTyped(invoice: Invoice, random: Random, issuedShare: number): string {
  return random.chance(issuedShare) ? invoice.number : referenceVariant(invoice, random);
}

/** Neighbouring keys on a phone keypad: the usual slip of a thumb. */
const KEYPAD_NEIGHBOURS: Record<string, string> = {
  '0': '8',
  '1': '24',
  '2': '135',
  '3': '26',
  '4': '157',
  '5': '2468',
  '6': '359',
  '7': '48',
  '8': '5790',
  '9': '68',
};

/**
 * One character wrong, two swapped, one missing or one doubled in the invoice number (mostly in its
 * significant digits, now and then in the year or the prefix). The result is a different number: often
 * another real invoice's.
 */
export function referenceTypo(invoice: Invoice, random: Random): string {
  const padded = PADDED(invoice.sequence);
  const kind = random.weighted({ digit: 35, swap: 25, missing: 15, doubled: 10, year: 8, prefix: 7 });
  if (kind === 'year') return `INV-${random.pick([YEAR - 1, 2062, 2016])}-${padded}`;
  if (kind === 'prefix') return `${random.pick(['IVN', 'IN', 'INN', 'NV', 'IMV'])}-${YEAR}-${padded}`;
  const firstSignificant = Math.max(0, padded.search(/[1-9]/) - 1);
  for (let attempt = 0; attempt < 20; attempt++) {
    const at = random.int(firstSignificant, padded.length - 1);
    const digits = padded.split('');
    if (kind === 'digit') {
      digits[at] = random.pick(KEYPAD_NEIGHBOURS[digits[at]!]!.split(''));
    } else if (kind === 'swap') {
      if (at + 1 >= digits.length || digits[at] === digits[at + 1]) continue;
      [digits[at], digits[at + 1]] = [digits[at + 1]!, digits[at]!];
    } else if (kind === 'missing') {
      digits.splice(at, 1);
    } else {
      digits.splice(at, 0, digits[at]!);
    }
    const typed = digits.join('');
    if (Number(typed) === invoice.sequence) continue;
    return random.chance(0.75) ? `INV-${YEAR}-${typed}` : `INV${typed}`;
  }
  return `INV-${YEAR}-${padded.slice(0, -1)}`;
}

/** For one payment of several invoices: one number, two joined, or nothing. */
export function multiInvoiceReference(invoices: Invoice[], random: Random): string {
  const [first, second] = [invoices[0]!, invoices[1]!];
  switch (
    random.weighted({ one: 35, joinedSlash: 15, joinedComma: 12, joinedAnd: 8, bothFull: 5, none: 25 })
  ) {
    case 'one':
      return referenceAsTyped(random.pick(invoices), random, 0.6);
    case 'joinedSlash':
      return `${first.number}/${second.sequence}`;
    case 'joinedComma':
      return `${first.sequence},${second.sequence}`;
    case 'joinedAnd':
      return `INV ${first.sequence} & ${second.sequence}`;
    case 'bothFull':
      return `${first.number} ${second.number}`;
    default:
      return '';
  }
}

/** What a payer types when the invoice number is not to hand. */
export function noReference(customer: Customer, payer: Payer, random: Random): string {
  switch (
    random.weighted({ empty: 30, payment: 20, pay: 10, firstName: 15, code: 10, phone: 10, goods: 5 })
  ) {
    case 'empty':
      return '';
    case 'payment':
      return random.pick(['PAYMENT', 'Payment', 'payment']);
    case 'pay':
      return random.pick(['PAY', 'Pay', 'pay']);
    case 'firstName':
      return random.chance(0.6) ? customer.given.toUpperCase() : customer.given;
    case 'code':
      return customer.code;
    case 'phone':
      return payer.isPhone ? `0${payer.number.slice(3)}` : customer.code;
    default:
      return random.pick(['GOODS', 'SUPPLY', 'BALANCE', 'STOCK']);
  }
}

/** The statement's masking of a phone: `2547******123` mostly, `254712***678` often, full now and then. */
export function shownNumber(payer: Payer, random: Random): string {
  if (!payer.isPhone) return payer.number;
  const number = payer.number;
  switch (random.weighted({ middle: 70, tail: 15, full: 15 })) {
    case 'middle':
      return `${number.slice(0, 4)}******${number.slice(-3)}`;
    case 'tail':
      return `${number.slice(0, 6)}***${number.slice(-3)}`;
    default:
      return number;
  }
}
