import type { ModelConfiguration, NormalizedValue } from '@counterpart/contracts';
import { readAmount, readDate, readNumber } from './shape.ts';

/** A value read as its label's type: ISO date, integer minor units with currency, exact number, text. */
export function normalizeLearned(
  type: 'text' | 'number' | 'amount' | 'date',
  text: string,
  conf: Pick<ModelConfiguration, 'date_order' | 'decimal_separator' | 'currency'>,
): NormalizedValue | null {
  switch (type) {
    case 'date': {
      const iso = readDate(text, conf);
      return iso ? { type: 'date', iso } : null;
    }
    case 'amount': {
      const a = readAmount(text, conf);
      return a ? { type: 'amount', minor: a.minor, currency: a.currency ?? conf.currency } : null;
    }
    case 'number': {
      const n = readNumber(text, conf);
      return n === null ? null : { type: 'number', value: n };
    }
    default:
      return { type: 'text', text: text.trim().replace(/\s+/g, ' ') };
  }
}

/** Whether two readings of a field are the same value (dates and amounts by value, text ignoring case and spaces). */
export function sameValue(
  type: 'text' | 'number' | 'amount' | 'date',
  a: string,
  b: string,
  conf: Pick<ModelConfiguration, 'date_order' | 'decimal_separator' | 'currency'>,
): boolean {
  const na = normalizeLearned(type, a, conf);
  const nb = normalizeLearned(type, b, conf);
  if (na && nb && type !== 'text') {
    if (na.type === 'amount' && nb.type === 'amount') return na.minor === nb.minor;
    return JSON.stringify(na) === JSON.stringify(nb);
  }
  const squash = (s: string) => s.toLowerCase().replace(/\s+/g, '');
  return squash(a) === squash(b);
}
