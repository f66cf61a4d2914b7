import { createHash } from 'node:crypto';
import type {
  DraftTransaction,
  StatementFormat,
  StatementTransaction,
  StatementWarning,
} from './transaction.ts';

/**
 * Duplicate keys (`external_key`): what makes a re-import, or an overlapping statement, add nothing twice.
 *
 * - `family:account:id` when the entry carries the bank's own id (bank reference, FITID, M-Pesa receipt)
 *   and that id occurs once in the file. camt.053 and camt.054 share the family `camt` (a notification
 *   and the day's statement report the same bookings), OFX and QFX share `ofx`.
 * - otherwise `family:account:h:` + SHA-256 of (account, booking date, amount, currency, reference,
 *   counterparty, narrative, the id if any, and the occurrence index of identical entries in the file),
 *   so two genuinely identical lines in one file are both kept, and re-reading gives the same keys.
 */
const FAMILY: Record<StatementFormat, string> = {
  mpesa_csv: 'mpesa',
  camt053: 'camt',
  camt054: 'camt',
  mt940: 'mt940',
  ofx: 'ofx',
  qif: 'qif',
};

export function assignExternalKeys(
  format: StatementFormat,
  drafts: DraftTransaction[],
  warnings: StatementWarning[],
): StatementTransaction[] {
  const byAccount = new Map<string, number[]>();
  drafts.forEach((draft, index) => {
    const group = byAccount.get(draft.account ?? '');
    if (group) group.push(index);
    else byAccount.set(draft.account ?? '', [index]);
  });
  const keys: string[] = new Array(drafts.length);
  for (const [account, indices] of byAccount) {
    const accountKeys = keyAccount(
      FAMILY[format],
      account,
      indices.map((index) => drafts[index]!),
      warnings,
    );
    indices.forEach((draftIndex, index) => {
      keys[draftIndex] = accountKeys[index]!;
    });
  }
  return drafts.map((draft, index) => finish(draft, keys[index]!));
}

function finish(draft: DraftTransaction, key: string): StatementTransaction {
  const transaction: StatementTransaction = {
    booking_date: draft.booking_date,
    value_date: draft.value_date,
    amount_minor: draft.amount_minor,
    currency: draft.currency,
    reference: draft.reference,
    counterparty: draft.counterparty,
    narrative: draft.narrative,
    bank_reference: draft.bank_reference,
    external_key: key,
    line: draft.line,
  };
  if (draft.extra) transaction.extra = draft.extra;
  return transaction;
}

function keyAccount(
  family: string,
  account: string,
  drafts: DraftTransaction[],
  warnings: StatementWarning[],
): string[] {
  const prefix = `${family}:${account}:`;
  const naturalCounts = new Map<string, number>();
  for (const draft of drafts) {
    if (draft.natural_key)
      naturalCounts.set(draft.natural_key, (naturalCounts.get(draft.natural_key) ?? 0) + 1);
  }
  const reported = new Set<string>();
  const occurrences = new Map<string, number>();
  return drafts.map((draft) => {
    const naturalKey = draft.natural_key;
    if (naturalKey && naturalCounts.get(naturalKey) === 1) return prefix + naturalKey;
    if (naturalKey && !reported.has(naturalKey)) {
      reported.add(naturalKey);
      warnings.push({
        code: 'duplicate_reference',
        line: draft.line,
        message: `Line ${draft.line}: the bank reference "${naturalKey}" is used by ${naturalCounts.get(naturalKey)} entries of this file, so those entries are told apart by their content`,
      });
    }
    const content = JSON.stringify([
      account,
      draft.booking_date,
      draft.amount_minor,
      draft.currency,
      draft.reference,
      draft.counterparty,
      draft.narrative,
      naturalKey ?? '',
    ]);
    const occurrence = (occurrences.get(content) ?? 0) + 1;
    occurrences.set(content, occurrence);
    return `${prefix}h:${createHash('sha256').update(`${content}\n${occurrence}`).digest('hex')}`;
  });
}
