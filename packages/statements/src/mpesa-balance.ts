import { formatMinor } from './amount.ts';
import type { MpesaRead } from './mpesa-csv.ts';
import type { StatementBalances, StatementWarning } from './transaction.ts';

const MAX_DETAILED = 20;

/**
 * An M-Pesa statement states the running balance after every row, so the check is row by row, in time
 * order (exports list the newest first): each balance = the previous one + the row's amount. A break
 * (a missing row, an edited amount) is a balance_mismatch warning naming the line. Opening = the
 * earliest balance minus its amount; closing = the latest balance.
 */
export function checkMpesaBalances(
  read: MpesaRead,
  currency: string,
  warnings: StatementWarning[],
): StatementBalances {
  const rows = [...read.balances];
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (first && last && first.time > last.time) rows.reverse();
  let breaks = 0;
  for (let index = 1; index < rows.length; index++) {
    const previous = rows[index - 1]!;
    const row = rows[index]!;
    const expected = previous.minor + row.amount;
    if (expected === row.minor) continue;
    breaks++;
    if (breaks <= MAX_DETAILED) {
      warnings.push({
        code: 'balance_mismatch',
        line: row.line,
        message:
          `Line ${row.line}: balance ${formatMinor(row.minor, currency)} does not follow from the previous ` +
          `balance ${formatMinor(previous.minor, currency)} (line ${previous.line}) + ${formatMinor(row.amount, currency)} ` +
          `= ${formatMinor(expected, currency)}`,
      });
    }
  }
  if (breaks > MAX_DETAILED) {
    warnings.push({
      code: 'balance_mismatch',
      message: `${breaks - MAX_DETAILED} more balance breaks are not listed (${breaks} in all)`,
    });
  }
  const earliest = rows[0];
  const latest = rows[rows.length - 1];
  return {
    id: read.account,
    currency,
    opening_minor: earliest ? (earliest.minor - earliest.amount).toString() : null,
    closing_minor: latest ? latest.minor.toString() : null,
    opening_date: earliest ? earliest.time.slice(0, 10) : null,
    closing_date: latest ? latest.time.slice(0, 10) : null,
    transaction_count: read.transactions.length,
    balance_check: rows.length === 0 ? 'unavailable' : breaks > 0 ? 'mismatch' : 'ok',
  };
}
