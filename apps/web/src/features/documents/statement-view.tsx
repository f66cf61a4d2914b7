import type { ParsedPage, StatementBalancesView, StatementIssue } from '@counterpart/contracts';
import { formatMinorCurrency, formatSignedMinor, minorDigits } from '@counterpart/domain';
import { useState } from 'react';
import { classNames } from '../../shared/lib/class-names.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { PageNav } from '../../shared/ui/page-nav.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import { useParsed } from './documents-api.ts';

type StatementPage = Extract<ParsedPage, { kind: 'statement' }>;

const PAGE_SIZE = 50;

/** The badge of a statement's balance check: tone word (spec §3) and what it says. */
const CHECK_DISPLAY: Record<StatementBalancesView['balance_check'], { tone: string; label: string }> = {
  ok: { tone: 'reconciled', label: 'Balances add up' },
  mismatch: { tone: 'inactive', label: 'Balances do not add up' },
  unavailable: { tone: '', label: 'No opening balance in the file' },
};

function balance(minor: string | null, currency: string | null): string {
  if (minor === null || currency === null) return '—';
  return formatMinorCurrency(BigInt(minor), currency, minorDigits(currency));
}

/**
 * A bank statement document: its balances per statement (opening, closing, whether they add up),
 * entries that could not be read and warnings by line, and the transactions, 50 a page, amounts
 * exact in their currency (credits +, debits −).
 */
export function StatementView({ documentId, fileName }: { documentId: string; fileName: string }) {
  const [pageNo, setPageNo] = useState(1);
  const parsed = useParsed(documentId, pageNo, PAGE_SIZE, true);
  if (parsed.isPending) {
    return (
      <div className="space-y-2 p-5">
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-6 w-full" />
      </div>
    );
  }
  if (parsed.isError) return <ErrorAlert className="p-5">{parsed.error.message}</ErrorAlert>;
  if (parsed.data.kind !== 'statement') return null;
  const statement = parsed.data;
  return (
    <div>
      <Balances statement={statement} />
      <Issues
        title={`${statement.errors.length === 1 ? '1 entry' : `${statement.errors.length} entries`} could not be read and ${statement.errors.length === 1 ? 'is' : 'are'} left out`}
        issues={statement.errors}
        tone="error"
      />
      <Issues title="Worth a look" issues={statement.warnings} tone="warning" />
      <Transactions statement={statement} label={`Transactions of ${fileName}`} busy={parsed.isFetching} />
      <PageNav pageNo={pageNo} pageSize={PAGE_SIZE} total={statement.total} onPage={setPageNo} />
    </div>
  );
}

function Balances({ statement }: { statement: StatementPage }) {
  return (
    <ul aria-label="Balances" className="divide-y divide-zinc-200 dark:divide-zinc-800">
      {statement.statements.map((s, i) => {
        const check = CHECK_DISPLAY[s.balance_check];
        const currency = s.currency ?? statement.currency;
        return (
          <li key={s.id ?? i} className="px-4 py-4 sm:px-5">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
                {s.id ? `Statement ${s.id}` : `Statement ${i + 1}`}
              </h3>
              <StatusBadge status={check.tone} label={check.label} />
            </div>
            <dl className="mt-3 grid grid-cols-1 gap-4 text-sm sm:grid-cols-3">
              <Amount
                label={`Opening balance${s.opening_date ? ` (${s.opening_date})` : ''}`}
                value={balance(s.opening_minor, currency)}
              />
              <Amount
                label={`Closing balance${s.closing_date ? ` (${s.closing_date})` : ''}`}
                value={balance(s.closing_minor, currency)}
              />
              <Amount label="Transactions" value={String(s.transaction_count)} />
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

function Amount({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-1 font-medium text-zinc-900 tabular-nums dark:text-zinc-100">{value}</dd>
    </div>
  );
}

function Issues({
  title,
  issues,
  tone,
}: {
  title: string;
  issues: StatementIssue[];
  tone: 'error' | 'warning';
}) {
  if (issues.length === 0) return null;
  return (
    <section
      aria-label={title}
      role={tone === 'error' ? 'alert' : undefined}
      className={classNames(
        'mx-4 mb-4 rounded-lg border px-4 py-3 text-sm sm:mx-5',
        tone === 'error'
          ? 'border-red-200 bg-red-50 text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300'
          : 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200',
      )}
    >
      <h3 className="font-medium">{title}</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 break-words">
        {issues.map((issue, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the reader's list never changes order.
          <li key={i}>{issue.message}</li>
        ))}
      </ul>
    </section>
  );
}

const CELL = 'px-3 py-2 align-top';

/** The transactions table's columns and their alignment (first and last padded to the card's edge). */
const HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Date', 'pl-4 sm:pl-5'],
  ['Amount', 'text-right'],
  ['Direction', ''],
  ['Reference', ''],
  ['Counterparty', ''],
  ['Description', 'pr-4 sm:pr-5'],
];

function Transactions({
  statement,
  label,
  busy,
}: {
  statement: StatementPage;
  label: string;
  busy: boolean;
}) {
  if (statement.total === 0) {
    return (
      <p className="px-5 pb-5 text-sm text-zinc-600 dark:text-zinc-300">No transactions in this file.</p>
    );
  }
  return (
    <div className="max-h-[36rem] overflow-auto border-t border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-sm" aria-label={label} aria-busy={busy}>
        <thead className="sticky top-0 bg-white text-xs text-zinc-500 uppercase dark:bg-zinc-900 dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            {HEADERS.map(([name, className]) => (
              <th key={name} scope="col" className={classNames(CELL, 'font-medium', className)}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {statement.transactions.map((t) => {
            const credit = BigInt(t.amount_minor) >= 0n;
            return (
              <tr key={`${t.line}-${t.bank_reference}-${t.reference}`}>
                <td className={classNames(CELL, 'pl-4 whitespace-nowrap tabular-nums sm:pl-5')}>
                  {t.booking_date}
                  {t.value_date && t.value_date !== t.booking_date && (
                    <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                      value {t.value_date}
                    </span>
                  )}
                </td>
                <td
                  className={classNames(
                    CELL,
                    'text-right font-medium whitespace-nowrap tabular-nums',
                    credit ? 'text-green-700 dark:text-green-400' : 'text-zinc-900 dark:text-zinc-100',
                  )}
                >
                  {formatSignedMinor(t.amount_minor, t.currency)}
                </td>
                <td className={classNames(CELL, 'text-zinc-600 dark:text-zinc-300')}>
                  {credit ? 'Credit' : 'Debit'}
                </td>
                <td className={classNames(CELL, 'break-all text-zinc-800 dark:text-zinc-200')}>
                  {t.reference || '—'}
                  {t.bank_reference && (
                    <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                      bank {t.bank_reference}
                    </span>
                  )}
                </td>
                <td className={classNames(CELL, 'min-w-40 text-zinc-800 dark:text-zinc-200')}>
                  {t.counterparty || '—'}
                </td>
                <td className={classNames(CELL, 'min-w-56 pr-4 text-zinc-700 sm:pr-5 dark:text-zinc-300')}>
                  <span className="line-clamp-3 break-words">{t.narrative || '—'}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
