/**
 * An amount column read exactly, streaming, with the domain's locale-aware reader (`parseAmount`,
 * `decimalEvidence`): the decimal separator is given (`--decimal`) or decided by the column's first
 * value that can only be read one way (`1.234,56`, `250,00` → comma;
 * `1,234.56`, `250.00` → point); values read before that wait (their text only). A later value that
 * says the other separator is a bad row; a column with no deciding value reads the point (spec §5).
 * Each value is then read by `parseAmount` (more decimals than the currency has is an error, never
 * rounded).
 */
import { type DecimalSeparator, decimalEvidence } from '@counterpart/domain';

export type { DecimalSeparator };

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
    return `a decimal "${evidence}" but the column's is "${this.separator}" (from ${this.decidedBy})`;
  }

  describe(): string {
    return this.separator === null
      ? 'decimal "." (no value decides)'
      : `decimal "${this.separator}" (${this.decidedBy})`;
  }
}
