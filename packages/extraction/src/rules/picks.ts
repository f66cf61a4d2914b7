import type { Box, LabelColumnType, NormalizedValue } from '@counterpart/contracts';
import { minorDigits } from '@counterpart/domain';
import { unionBox } from '../geometry/box.ts';
import { formatMinor } from '../normalize/number.ts';

/**
 * Which of several found values a label keeps: the first or last in reading order, the sum, the
 * smallest or largest (amounts and numbers by value, dates by day, text alphabetically), or all
 * joined by spaces. Values that cannot be typed are left out of sum / min / max (the result is then
 * marked less certain).
 */
export interface Typed {
  text: string;
  normalized: NormalizedValue | null;
  confidence: number;
  page: number | null;
  box: Box | null;
  order: number;
}

export type Pick = 'first' | 'last' | 'sum' | 'min' | 'max' | 'join';

export interface Picked {
  value: Typed;
  /** The values not kept (first, last, min, max), for the alternatives. */
  others: Typed[];
}

/** A number's decimal string scaled to an integer at `scale` decimals ("12.5", 2 → 1250n). */
function scaled(value: string, scale: number): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const magnitude = BigInt(whole + fraction.padEnd(scale, '0'));
  return negative ? -magnitude : magnitude;
}

function decimals(value: string): number {
  return value.split('.')[1]?.length ?? 0;
}

/** Comparable key of a typed value (bigint for amounts and numbers, string otherwise). */
function compare(a: Typed, b: Typed): number {
  const x = a.normalized;
  const y = b.normalized;
  if (x?.type === 'amount' && y?.type === 'amount') return Number(BigInt(x.minor) - BigInt(y.minor));
  if (x?.type === 'number' && y?.type === 'number') {
    const scale = Math.max(decimals(x.value), decimals(y.value));
    const difference = scaled(x.value, scale) - scaled(y.value, scale);
    return difference < 0n ? -1 : difference > 0n ? 1 : 0;
  }
  if (x?.type === 'date' && y?.type === 'date') return x.iso.localeCompare(y.iso);
  return a.text.localeCompare(b.text);
}

function placeOfAll(values: readonly Typed[]): { page: number | null; box: Box | null } {
  const first = values.find((v) => v.page !== null);
  if (!first) return { page: null, box: null };
  const boxes = values.filter((v) => v.page === first.page && v.box).map((v) => v.box!);
  return { page: first.page, box: unionBox(boxes) };
}

export function pickValue(values: readonly Typed[], pick: Pick, type: LabelColumnType): Picked | null {
  const ordered = [...values].sort((a, b) => a.order - b.order);
  if (ordered.length === 0) return null;
  const least = Math.min(...ordered.map((v) => v.confidence));
  switch (pick) {
    case 'first':
      return { value: ordered[0]!, others: ordered.slice(1) };
    case 'last':
      return { value: ordered.at(-1)!, others: ordered.slice(0, -1) };
    case 'join': {
      const text = ordered.map((v) => v.text).join(' ');
      return {
        value: {
          text,
          normalized: null,
          confidence: least,
          order: ordered[0]!.order,
          ...placeOfAll(ordered),
        },
        others: [],
      };
    }
    case 'min':
    case 'max': {
      const typed = type === 'text' ? ordered : ordered.filter((v) => v.normalized !== null);
      const pool = typed.length > 0 ? typed : ordered;
      const sorted = [...pool].sort(compare);
      const chosen = pick === 'min' ? sorted[0]! : sorted.at(-1)!;
      const confidence = typed.length < ordered.length ? chosen.confidence * 0.8 : chosen.confidence;
      return { value: { ...chosen, confidence }, others: ordered.filter((v) => v !== chosen) };
    }
    case 'sum':
      return { value: sum(ordered, type, least), others: [] };
  }
}

function sum(values: readonly Typed[], type: LabelColumnType, least: number): Typed {
  const place = placeOfAll(values);
  const order = values[0]!.order;
  const amounts = values.flatMap((v) => (v.normalized?.type === 'amount' ? [v.normalized] : []));
  const numbers = values.flatMap((v) => (v.normalized?.type === 'number' ? [v.normalized.value] : []));
  const counted = type === 'amount' ? amounts.length : numbers.length;
  // Values left out (unreadable, or another currency) make the sum doubtful.
  let confidence = counted < values.length ? least * 0.5 : least;
  if (type === 'amount' && amounts.length > 0) {
    const currency = amounts[0]!.currency;
    const same = amounts.filter((a) => a.currency === currency);
    if (same.length < amounts.length) confidence = least * 0.5;
    const total = same.reduce((acc, a) => acc + BigInt(a.minor), 0n);
    return {
      text: formatMinor(total, minorDigits(currency)),
      normalized: { type: 'amount', minor: total.toString(), currency },
      confidence,
      order,
      ...place,
    };
  }
  if (type === 'number' && numbers.length > 0) {
    const scale = Math.max(...numbers.map(decimals));
    const total = numbers.reduce((acc, n) => acc + scaled(n, scale), 0n);
    const text = formatMinor(total, scale);
    return { text, normalized: { type: 'number', value: text }, confidence, order, ...place };
  }
  // Text and dates do not add up: the first value, marked for review.
  return { ...values[0]!, confidence: least * 0.5 };
}
