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

export interface Customer {
  name: string;
  contact: string;
  phone: string;
  account: string;
  channel: 'mpesa' | 'bank';
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
    phone: `2547${String(random.int(0, 99_999_999)).padStart(8, '0')}`,
    account: `ACC${String(10_000 + index).padStart(6, '0')}`,
    channel: random.chance(0.6) ? 'mpesa' : 'bank',
  };
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
