/** Kenyan names, businesses, phones and M-Pesa receipt numbers for generated test data. */
import type { Random } from './random.ts';

const FIRST = [
  'JOHN',
  'MARY',
  'PETER',
  'GRACE',
  'JAMES',
  'FAITH',
  'DAVID',
  'JANE',
  'JOSEPH',
  'ANN',
  'SAMUEL',
  'LUCY',
  'PAUL',
  'ESTHER',
  'KEVIN',
  'MERCY',
  'BRIAN',
  'JOY',
  'DENNIS',
  'SHARON',
];
const LAST = [
  'MWANGI',
  'OTIENO',
  'KAMAU',
  'WANJIKU',
  'ODHIAMBO',
  'NJOROGE',
  'KIPROTICH',
  'CHEBET',
  'MUTUA',
  'WAMBUI',
  'OCHIENG',
  'KARIUKI',
  'NYAMBURA',
  'KIMANI',
  'AKINYI',
  'MUTISO',
  'KOECH',
  'WEKESA',
  'BARASA',
  'MUGO',
  'NDUNGU',
  'MAINA',
  'ONYANGO',
  'JUMA',
  'HASSAN',
  'ALI',
  'KILONZO',
  'GITHINJI',
  'MURIUKI',
  'ROTICH',
];
const TRADE = [
  'HARDWARE',
  'SUPPLIES',
  'AGROVET',
  'PHARMACY',
  'WHOLESALERS',
  'MOTORS',
  'ELECTRONICS',
  'BUTCHERY',
  'BOOKSHOP',
  'TRADERS',
  'ENTERPRISES',
  'DISTRIBUTORS',
  'CONSTRUCTION',
  'FRESH PRODUCE',
  'LOGISTICS',
];
const PLACE = [
  'NAIROBI',
  'MOMBASA',
  'KISUMU',
  'NAKURU',
  'ELDORET',
  'THIKA',
  'MACHAKOS',
  'NYERI',
  'MERU',
  'KERICHO',
  'EMBU',
  'GARISSA',
];
const FORM = ['LTD', 'LIMITED', '& SONS', 'CO. LTD', ''];
const RECEIPT_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Someone who pays: the customer's contact, or a relative / the company's accountant on their own phone. */
export interface Payer {
  /** As M-Pesa prints it: first and last name, sometimes a middle one. */
  name: string;
  phone: string;
}

export interface Customer {
  name: string;
  contact: string;
  phone: string;
  account: string;
  channel: 'mpesa' | 'bank';
  /** Other people who pay this customer's invoices from their own phones (~25 % of its payments). */
  others: Payer[];
}

function phoneNumber(random: Random): string {
  return `254${random.chance(0.85) ? '7' : '1'}${String(random.int(0, 99_999_999)).padStart(8, '0')}`;
}

function otherPayer(random: Random, owner: string): Payer {
  const last = random.chance(0.5) ? owner : random.pick(LAST);
  const middle = random.chance(0.3) ? ` ${random.pick(LAST)}` : '';
  return { name: `${random.pick(FIRST)}${middle} ${last}`, phone: phoneNumber(random) };
}

export function makeCustomer(random: Random, index: number): Customer {
  const owner = random.pick(LAST);
  const base = random.chance(0.5)
    ? `${owner} ${random.pick(TRADE)}`
    : `${random.pick(PLACE)} ${random.pick(TRADE)}`;
  const form = random.pick(FORM);
  return {
    name: form ? `${base} ${form}` : base,
    contact: `${random.pick(FIRST)} ${random.chance(0.6) ? owner : random.pick(LAST)}`,
    phone: phoneNumber(random),
    account: `ACC${String(10_000 + index).padStart(6, '0')}`,
    channel: random.chance(0.6) ? 'mpesa' : 'bank',
    others: Array.from({ length: random.int(1, 2) }, () => otherPayer(random, owner)),
  };
}

/** A phone as most M-Pesa statements print it: the middle masked (`2547******123`, `0722***456`). */
export function maskPhone(random: Random, phone: string): string {
  const roll = random.next();
  if (roll < 0.6) return `${phone.slice(0, 4)}******${phone.slice(-3)}`;
  if (roll < 0.8) return `0${phone.slice(3, 6)}***${phone.slice(-3)}`;
  return `${phone.slice(0, 6)}****${phone.slice(-3)}`;
}

/** How M-Pesa prints a payer's name: upper case mostly, sometimes as typed, sometimes initial + last name. */
export function payerName(random: Random, name: string): string {
  const roll = random.next();
  if (roll < 0.7) return name;
  if (roll < 0.85)
    return (
      name.charAt(0) +
      name
        .slice(1)
        .toLowerCase()
        .replace(/ (.)/g, (_, c: string) => ` ${c.toUpperCase()}`)
    );
  const words = name.split(' ');
  return `${words[0]!.charAt(0)} ${words.slice(1).join(' ')}`;
}

/**
 * How payers write an invoice number they mean: `INV-2026-000123`, `INV2026000123`, `inv-2026-000123`,
 * `INV000123`, `123` (SAP-style `0090004512`: `90004512`, `4512`).
 */
export function referenceVariant(random: Random, reference: string): string {
  const match = /^([A-Z]+)-(\d{4})-(\d+)$/.exec(reference);
  if (!match) return random.chance(0.5) ? reference.replace(/^0+/, '') : String(Number(reference.slice(-4)));
  const [, prefix, year, number] = match;
  switch (random.int(0, 4)) {
    case 0:
      return `${prefix}${year}${number}`;
    case 1:
      return reference.toLowerCase();
    case 2:
      return `${prefix}${number}`;
    case 3:
      return String(Number(number));
    default:
      return `${prefix} ${year}/${number}`;
  }
}

/** A 10-character M-Pesa receipt number: a letter, then letters and digits (always one digit). */
export function receiptNumber(random: Random, taken: Set<string>): string {
  for (;;) {
    let receipt = String.fromCharCode(65 + random.int(0, 25));
    for (let i = 0; i < 9; i++) receipt += RECEIPT_CHARS[random.int(0, RECEIPT_CHARS.length - 1)];
    if (!/\d/.test(receipt)) continue;
    if (!taken.has(receipt)) {
      taken.add(receipt);
      return receipt;
    }
  }
}

/** How customers mistype a reference: transposed, dropped, substituted digit, reformatted. */
export function typo(random: Random, reference: string): string {
  const chars = [...reference];
  const digits = chars.flatMap((char, index) => (/\d/.test(char) ? [index] : []));
  const at = digits.length > 0 ? random.pick(digits.slice(Math.floor(digits.length / 2))) : chars.length - 1;
  switch (random.int(0, 4)) {
    case 0:
      if (at > 0) [chars[at - 1], chars[at]] = [chars[at]!, chars[at - 1]!];
      return chars.join('');
    case 1:
      chars.splice(at, 1);
      return chars.join('');
    case 2:
      chars[at] = String((Number(chars[at]) + random.int(1, 8)) % 10);
      return chars.join('');
    case 3:
      return reference.toLowerCase().replace(/-/g, ' ');
    default:
      return reference.replace(/[^A-Za-z0-9]/g, '');
  }
}
