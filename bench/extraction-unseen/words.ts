/** Amounts in words, as East African invoices print them: "Kenya Shillings One Thousand Two Hundred ... Only". */
import type { Currency } from './formats.ts';

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const restWords =
    rest < 20 ? ONES[rest]! : `${TENS[Math.floor(rest / 10)]}${rest % 10 ? `-${ONES[rest % 10]}` : ''}`;
  if (hundreds === 0) return restWords;
  return `${ONES[hundreds]} Hundred${rest ? ` and ${restWords}` : ''}`;
}

export function numberInWords(n: number): string {
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  for (const [size, name] of [
    [1_000_000_000, 'Billion'],
    [1_000_000, 'Million'],
    [1_000, 'Thousand'],
  ] as const) {
    if (n >= size) {
      parts.push(`${belowThousand(Math.floor(n / size))} ${name}`);
      n %= size;
    }
  }
  if (n > 0) parts.push(parts.length > 0 && n < 100 ? `and ${belowThousand(n)}` : belowThousand(n));
  return parts.join(' ');
}

export function amountInWords(minor: bigint, currency: Currency): string {
  const whole = Number(minor / 100n);
  const cents = Number(minor % 100n);
  const unit = currency === 'KES' ? 'Kenya Shillings' : 'US Dollars';
  return `${unit} ${numberInWords(whole)}${cents ? ` and ${numberInWords(cents)} Cents` : ''} Only`;
}
