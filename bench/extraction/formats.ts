/**
 * How the generated invoices write dates and amounts: the styles real Kenyan invoices use, and the
 * date-filter formats a user would type for each (contracts' `date` filter).
 */
export const DATE_STYLES = {
  'DD/MM/YYYY': 'DD/MM/YYYY',
  'DD-MMM-YYYY': 'DD-MMM-YYYY',
  'D MMMM YYYY': 'D MMMM YYYY',
  'YYYY-MM-DD': 'YYYY-MM-DD',
  'DD.MM.YYYY': 'DD.MM.YYYY',
  'MMM D, YYYY': 'MMM D, YYYY',
  'D MMM YYYY': 'D MMM YYYY',
} as const;
export type DateStyle = keyof typeof DATE_STYLES;

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

/** An ISO date (YYYY-MM-DD) written in a style. */
export function formatDate(iso: string, style: DateStyle): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const dd = String(d).padStart(2, '0');
  const mm = String(m).padStart(2, '0');
  const month = MONTHS[m - 1] as string;
  const mmm = month.slice(0, 3);
  switch (style) {
    case 'DD/MM/YYYY':
      return `${dd}/${mm}/${y}`;
    case 'DD-MMM-YYYY':
      return `${dd}-${mmm}-${y}`;
    case 'D MMMM YYYY':
      return `${d} ${month} ${y}`;
    case 'YYYY-MM-DD':
      return iso;
    case 'DD.MM.YYYY':
      return `${dd}.${mm}.${y}`;
    case 'MMM D, YYYY':
      return `${mmm} ${d}, ${y}`;
    case 'D MMM YYYY':
      return `${d} ${mmm} ${y}`;
  }
}

/** An ISO date plus a number of days. */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * comma: 1,471.60 · dot: 1.471,60 (comma decimal) · space: 1 471.60 · plain: 1471.60
 */
export type AmountStyle = 'comma' | 'dot' | 'space' | 'plain';

/** Integer minor units (2 decimals) written in a style. */
export function formatAmount(minor: number, style: AmountStyle): string {
  const negative = minor < 0;
  const abs = Math.abs(minor);
  const whole = String(Math.floor(abs / 100));
  const cents = String(abs % 100).padStart(2, '0');
  const group = (sep: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const text =
    style === 'comma'
      ? `${group(',')}.${cents}`
      : style === 'dot'
        ? `${group('.')},${cents}`
        : style === 'space'
          ? `${group(' ')}.${cents}`
          : `${whole}.${cents}`;
  return negative ? `-${text}` : text;
}

/** The decimal separator of an amount style (contracts' `amount` filter). */
export const decimalSeparatorOf = (style: AmountStyle): '.' | ',' => (style === 'dot' ? ',' : '.');

/** A quantity as printed: integers plain, fractions with the style's decimal separator. */
export function formatQuantity(thousandths: number, style: AmountStyle): string {
  const whole = Math.floor(thousandths / 1000);
  const frac = thousandths % 1000;
  if (frac === 0) return String(whole);
  const digits = String(frac).padStart(3, '0').replace(/0+$/, '');
  return `${whole}${style === 'dot' ? ',' : '.'}${digits}`;
}

/** A quantity as contracts' normalized number: a decimal with a dot, no trailing zeros. */
export function quantityValue(thousandths: number): string {
  const whole = Math.floor(thousandths / 1000);
  const frac = thousandths % 1000;
  if (frac === 0) return String(whole);
  return `${whole}.${String(frac).padStart(3, '0').replace(/0+$/, '')}`;
}
