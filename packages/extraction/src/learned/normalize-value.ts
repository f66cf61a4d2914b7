import type { ModelConfiguration, NormalizedValue } from '@counterpart/contracts';
import { normalizeValue } from '../normalize/value.ts';

type Settings = Pick<ModelConfiguration, 'date_order' | 'decimal_separator' | 'currency'>;

/**
 * A value read as its label's type (normalize/: ISO date, integer minor units with currency, exact
 * number, text), with how much the reading had to guess (1: read as written).
 */
export function normalizeLearned(
  type: 'text' | 'number' | 'amount' | 'date',
  text: string,
  conf: Settings,
): NormalizedValue | null {
  return normalizeValue(type, text, conf).normalized;
}

export function normalizeWithCertainty(
  type: 'text' | 'number' | 'amount' | 'date',
  text: string,
  conf: Settings,
) {
  return normalizeValue(type, text, conf);
}

/** Whether two readings of a field are the same value (dates and amounts by value, text ignoring case and spaces). */
export function sameValue(
  type: 'text' | 'number' | 'amount' | 'date',
  a: string,
  b: string,
  conf: Settings,
): boolean {
  if (type !== 'text') {
    const na = normalizeLearned(type, a, conf);
    const nb = normalizeLearned(type, b, conf);
    if (na && nb) {
      if (na.type === 'amount' && nb.type === 'amount') return na.minor === nb.minor;
      return JSON.stringify(na) === JSON.stringify(nb);
    }
  }
  const squash = (s: string) => s.toLowerCase().replace(/\s+/g, '');
  return squash(a) === squash(b);
}
