import type { LabelColumnType, ModelConfiguration, NormalizedValue } from '@counterpart/contracts';
import type { DecimalSeparator } from '@counterpart/domain';
import { readAmount } from './amount.ts';
import { readDate } from './date.ts';
import { parseDecimal } from './number.ts';
import { fixOcrConfusions } from './ocr-confusions.ts';

/**
 * A found text typed by its label: text stays text (whitespace collapsed), numbers become exact
 * decimal strings, amounts integer minor units with a currency, dates ISO. `certainty` (0..1) says
 * how much the reading had to guess (see amount.ts, date.ts); an unreadable value has `normalized`
 * null and certainty 0.
 */
export interface Normalized {
  normalized: NormalizedValue | null;
  certainty: number;
  /** True when the value was read from only part of the text (an amount or date inside a sentence). */
  partial?: boolean;
}

export interface NormalizeHints {
  /** The decimal separator to read with (an amount filter's), instead of the model's. */
  decimal?: DecimalSeparator;
  /** Date formats to try first (a date filter's). */
  dateFormats?: readonly string[];
  /** The currency an amount filter read, instead of the model's. */
  currency?: string;
}

type Settings = Pick<ModelConfiguration, 'date_order' | 'decimal_separator' | 'currency'>;

export function normalizeValue(
  type: LabelColumnType,
  text: string,
  configuration: Settings,
  hints: NormalizeHints = {},
): Normalized {
  const decimal = hints.decimal ?? configuration.decimal_separator;
  if (type === 'text') {
    const collapsed = text.replace(/\s+/g, ' ').trim();
    return { normalized: { type: 'text', text: collapsed }, certainty: 1 };
  }
  if (type === 'amount') {
    const amount = readAmount(text, { decimal, currency: hints.currency ?? configuration.currency });
    if (!amount) return { normalized: null, certainty: 0 };
    return {
      normalized: { type: 'amount', minor: amount.minor, currency: amount.currency },
      certainty: amount.certainty,
      ...(amount.partial ? { partial: true } : {}),
    };
  }
  if (type === 'number') {
    const value = parseDecimal(text, decimal);
    if (value !== null) return { normalized: { type: 'number', value }, certainty: 1 };
    const fixed = parseDecimal(fixOcrConfusions(text, 'digits'), decimal);
    if (fixed !== null) return { normalized: { type: 'number', value: fixed }, certainty: 0.85 };
    return { normalized: null, certainty: 0 };
  }
  const date = readDate(text, configuration.date_order, hints.dateFormats ?? []);
  if (!date) return { normalized: null, certainty: 0 };
  return {
    normalized: { type: 'date', iso: date.iso },
    certainty: date.certainty,
    ...(date.partial ? { partial: true } : {}),
  };
}
