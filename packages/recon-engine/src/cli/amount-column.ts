/**
 * An amount column read exactly, streaming: the decimal separator is given (`--decimal`) or decided
 * by the column's first value that can only be read one way (`1.234,56`, `250,00` → comma;
 * `1,234.56`, `250.00` → point); values read before that wait (their text only). A later value that
 * says the other separator is a bad row; a column with no deciding value reads the point (spec §5).
 * More decimals than the currency has is an error, never rounded.
 */
import { toMinorUnits } from '@counterpart/domain';

export type DecimalSeparator = '.' | ',';

/** What one value says about its decimal separator (null: nothing, e.g. `250`). */
export function decimalEvidence(text: string): DecimalSeparator | 'ambiguous' | null {
  const body = text.replace(/[\s'’]/g, '');
  const lastPoint = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  if (lastPoint < 0 && lastComma < 0) return null;
  if (lastPoint >= 0 && lastComma >= 0) return lastPoint > lastComma ? '.' : ',';
  const mark: DecimalSeparator = lastPoint >= 0 ? '.' : ',';
  const other: DecimalSeparator = mark === '.' ? ',' : '.';
  if (body.indexOf(mark) !== body.lastIndexOf(mark)) return other;
  const at = body.indexOf(mark);
  const before = body.slice(0, at).replace(/^[^\d]*/, '');
  const after = body.slice(at + 1).replace(/[^\d]*$/, '');
  if (after.length !== 3 || /^0*$/.test(before) || before.length > 3) return mark;
  return 'ambiguous';
}

export type AmountReading = { ok: true; minor: bigint } | { ok: false; reason: string };

const GROUPED = /^\d{1,3}(?:[,.' ]\d{3})*$|^\d*$/;

/** One value with a known separator, in minor units of a currency with `digits` decimals. */
export function readAmount(text: string, decimal: DecimalSeparator, digits: number): AmountReading {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'is empty' };
  const group = decimal === '.' ? ',' : '.';
  const numeric = trimmed.replace(/^[^\d.,]*/, '').replace(/[^\d.,]*$/, '');
  const [integer = '', fraction = '', extra] = numeric.split(decimal);
  if (extra !== undefined) return { ok: false, reason: `has more than one decimal ${decimal}` };
  if (!GROUPED.test(integer.replaceAll(group, ','))) {
    return { ok: false, reason: `is not an amount with a decimal "${decimal}"` };
  }
  if (fraction.length > digits && !/^0*$/.test(fraction.slice(digits))) {
    return { ok: false, reason: `has ${fraction.length} decimals, the currency has ${digits}` };
  }
  const standard = decimal === '.' ? trimmed : trimmed.replaceAll('.', '').replace(',', '.');
  const minor = toMinorUnits(standard, digits);
  return minor === null ? { ok: false, reason: 'is not an amount' } : { ok: true, minor };
}

/** The column's separator while it is read: `given`, decided by a value (with its line), or open. */
export class DecimalDecision {
  separator: DecimalSeparator | null;
  private decidedBy = '';

  constructor(given: DecimalSeparator | undefined) {
    this.separator = given ?? null;
    if (given) this.decidedBy = `--decimal ${given}`;
  }

  /** Looks at one value: decides the column, or returns why it contradicts the decision. */
  observe(text: string, line: number): string | null {
    const evidence = decimalEvidence(text);
    if (evidence === null || evidence === 'ambiguous') return null;
    if (this.separator === null) {
      this.separator = evidence;
      this.decidedBy = `line ${line} "${text.trim()}"`;
      return null;
    }
    if (evidence === this.separator) return null;
    return `has a decimal "${evidence}" but the column's is "${this.separator}" (from ${this.decidedBy})`;
  }

  describe(): string {
    return this.separator === null
      ? 'decimal "." (no value decides)'
      : `decimal "${this.separator}" (${this.decidedBy})`;
  }
}
