import { formatCurrency } from '@counterpart/domain';
import { ArrowLeftRight, Landmark, ReceiptText, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';

interface PreviewRow {
  source: { icon: ReactNode; name: string; reference: string; amount: number };
  ledger: { reference: string; amount: number } | null;
  status: string;
  note: string;
}

const ROWS: PreviewRow[] = [
  {
    source: { icon: <Landmark />, name: 'Bank statement', reference: 'TRF 88213 ACME LTD', amount: 125400 },
    ledger: { reference: 'INV-2041', amount: 125400 },
    status: 'reconciled',
    note: 'Exact amount, reference match',
  },
  {
    source: { icon: <Smartphone />, name: 'M-Pesa', reference: 'QK7H2L9XP1 J. Wanjiru', amount: 48750 },
    ledger: { reference: 'INV-2047', amount: 48800 },
    status: 'suggested',
    note: 'Amount within KES 50, date +1 day',
  },
  {
    source: { icon: <Landmark />, name: 'Bank statement', reference: 'CHQ 004512', amount: 310000 },
    ledger: { reference: 'INV-2038 + INV-2039', amount: 300000 },
    status: 'partial',
    note: 'One payment over two invoices',
  },
  {
    source: { icon: <Smartphone />, name: 'M-Pesa', reference: 'QK8A0M3ZT4 Paybill 402', amount: 9999.5 },
    ledger: null,
    status: 'unreconciled',
    note: 'No counterpart in the ledger',
  },
];

/** A static picture of what the engine produces, for the landing page. */
export function MatchPreview() {
  return (
    <figure className="relative overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-2xl shadow-zinc-900/10 dark:border-zinc-800 dark:bg-zinc-900 dark:shadow-black/40">
      <div className="flex items-center justify-between border-b border-zinc-200 px-5 py-3.5 dark:border-zinc-800">
        <div>
          <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">March close · Main account</p>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">Bank and M-Pesa against the ERP ledger</p>
        </div>
        <div className="text-right">
          <p className="text-lg font-semibold text-zinc-900 tabular-nums dark:text-zinc-50">96.4%</p>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">matched</p>
        </div>
      </div>
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {ROWS.map((row) => (
          <li
            key={row.source.reference}
            className="grid grid-cols-[1fr_auto_1fr] items-center gap-3 px-5 py-3.5"
          >
            <div className="min-w-0">
              <p className="flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400 [&_svg]:size-3.5">
                {row.source.icon}
                {row.source.name}
              </p>
              <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">
                {row.source.reference}
              </p>
              <p className="text-xs text-zinc-600 tabular-nums dark:text-zinc-300">
                {formatCurrency(row.source.amount)}
              </p>
            </div>
            <ArrowLeftRight aria-hidden="true" className="size-4 text-zinc-300 dark:text-zinc-600" />
            <div className="min-w-0">
              {row.ledger ? (
                <>
                  <p className="flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
                    <ReceiptText aria-hidden="true" className="size-3.5" />
                    ERP ledger
                  </p>
                  <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">
                    {row.ledger.reference}
                  </p>
                  <p className="text-xs text-zinc-600 tabular-nums dark:text-zinc-300">
                    {formatCurrency(row.ledger.amount)}
                  </p>
                </>
              ) : (
                <p className="text-sm text-zinc-400 italic dark:text-zinc-500">Awaiting counterpart</p>
              )}
            </div>
            <div className="col-span-3 flex items-center justify-between gap-3">
              <StatusBadge status={row.status} />
              <span className="truncate text-xs text-zinc-500 dark:text-zinc-400">{row.note}</span>
            </div>
          </li>
        ))}
      </ul>
      <figcaption className="sr-only">
        An example reconciliation: bank and M-Pesa lines matched with ERP invoices, with their statuses.
      </figcaption>
    </figure>
  );
}
