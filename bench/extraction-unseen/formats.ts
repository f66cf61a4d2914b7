/** How invoices print money and dates. Money is integer minor units (cents) throughout. */

export type Currency = 'KES' | 'USD';

/**
 * - `code`: `KES 12,500.00` / `USD 1,250.00`
 * - `ksh`: `Ksh 12,500` (whole shillings only; the invoice is planned in whole shillings)
 * - `kshs`: `Kshs. 12,500.00`
 * - `space-comma`: `12 500,00` (currency shown elsewhere, in a column header or a label)
 * - `plain`: `12,500.00`
 * - `dollar`: `$1,250.00`
 */
export type MoneyStyle = 'code' | 'ksh' | 'kshs' | 'space-comma' | 'plain' | 'dollar';

function groups(whole: bigint, sep: string): string {
  const s = whole.toString();
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && (s.length - i) % 3 === 0) out += sep;
    out += s[i];
  }
  return out;
}

export function formatMoney(minor: bigint, style: MoneyStyle, currency: Currency): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = abs / 100n;
  const cents = (abs % 100n).toString().padStart(2, '0');
  const sign = negative ? '-' : '';
  switch (style) {
    case 'code':
      return `${currency} ${sign}${groups(whole, ',')}.${cents}`;
    case 'ksh':
      if (cents !== '00') throw new Error(`Ksh style needs whole shillings, got ${minor} cents`);
      return `Ksh ${sign}${groups(whole, ',')}`;
    case 'kshs':
      return `Kshs. ${sign}${groups(whole, ',')}.${cents}`;
    case 'space-comma':
      return `${sign}${groups(whole, ' ')},${cents}`;
    case 'plain':
      return `${sign}${groups(whole, ',')}.${cents}`;
    case 'dollar':
      return `${sign}$${groups(whole, ',')}.${cents}`;
  }
}

/** A number for a table cell: the style without its currency prefix. */
export function formatAmountCell(minor: bigint, style: MoneyStyle): string {
  if (style === 'space-comma') return formatMoney(minor, 'space-comma', 'KES');
  if (style === 'ksh') return formatMoney(minor, 'ksh', 'KES').slice(4);
  return formatMoney(minor, 'plain', 'KES');
}

export type DateStyle =
  | 'dmy-slash'
  | 'dmy-dash-mon'
  | 'mdy-long'
  | 'iso'
  | 'dmy-ordinal'
  | 'dmy-dot'
  | 'd-mon-yy';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function ordinal(d: number): string {
  if (d >= 11 && d <= 13) return `${d}th`;
  const last = d % 10;
  return `${d}${last === 1 ? 'st' : last === 2 ? 'nd' : last === 3 ? 'rd' : 'th'}`;
}

/** `iso` is `yyyy-mm-dd`; the result is how the invoice prints that date. */
export function formatDate(iso: string, style: DateStyle): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const dd = String(d).padStart(2, '0');
  const mm = String(m).padStart(2, '0');
  const mon = MONTHS[m - 1]!.slice(0, 3);
  switch (style) {
    case 'dmy-slash':
      return `${dd}/${mm}/${y}`;
    case 'dmy-dash-mon':
      return `${dd}-${mon}-${y}`;
    case 'mdy-long':
      return `${MONTHS[m - 1]} ${d}, ${y}`;
    case 'iso':
      return iso;
    case 'dmy-ordinal':
      return `${ordinal(d)} ${MONTHS[m - 1]} ${y}`;
    case 'dmy-dot':
      return `${dd}.${mm}.${y}`;
    case 'd-mon-yy':
      return `${d} ${mon} ${String(y).slice(2)}`;
  }
}

export function addDays(iso: string, days: number): string {
  const t = Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Quantities print without trailing zeros: `2`, `2.5`, `0.75`. */
export function formatQuantity(milli: number): string {
  const whole = Math.floor(milli / 1000);
  const frac = milli % 1000;
  if (frac === 0) return String(whole);
  return `${whole}.${String(frac).padStart(3, '0').replace(/0+$/, '')}`;
}
