import { formatMinor } from './amount.ts';
import type { StatementBalances, StatementWarning } from './transaction.ts';

export interface BalanceInput {
  id: string | null;
  currency: string | null;
  opening: { minor: bigint; date: string | null; currency: string | null } | null;
  closing: { minor: bigint; date: string | null; currency: string | null } | null;
  /** Signed amounts of the statement's entries, in the statement currency's minor units. */
  amounts: bigint[];
  line: number;
}

/**
 * opening + Σ entries = closing, for one statement. A mismatch is a warning carrying both figures;
 * nothing is adjusted. Without an opening or a closing balance the check is 'unavailable'.
 */
export function checkBalance(input: BalanceInput, warnings: StatementWarning[]): StatementBalances {
  const { opening, closing } = input;
  const base = {
    id: input.id,
    currency: input.currency,
    opening_minor: opening ? opening.minor.toString() : null,
    closing_minor: closing ? closing.minor.toString() : null,
    opening_date: opening?.date ?? null,
    closing_date: closing?.date ?? null,
    transaction_count: input.amounts.length,
  };
  if (!opening || !closing) return { ...base, balance_check: 'unavailable' };
  const total = input.amounts.reduce((sum, amount) => sum + amount, 0n);
  const expected = opening.minor + total;
  const sameCurrency = (opening.currency ?? input.currency) === (closing.currency ?? input.currency);
  if (expected === closing.minor && sameCurrency) return { ...base, balance_check: 'ok' };
  const label = input.id ? `Statement ${input.id}` : 'Statement';
  const currency = input.currency;
  warnings.push({
    code: 'balance_mismatch',
    line: input.line,
    message:
      `${label}: opening balance ${formatMinor(opening.minor, opening.currency ?? currency)} + ` +
      `${input.amounts.length} entries ${formatMinor(total, currency)} = ${formatMinor(expected, currency)}, ` +
      `but the closing balance is ${formatMinor(closing.minor, closing.currency ?? currency)}` +
      (sameCurrency ? ` (difference ${formatMinor(closing.minor - expected, currency)})` : ''),
  });
  return { ...base, balance_check: 'mismatch' };
}
