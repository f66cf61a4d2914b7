import type { TableImport } from '@counterpart/contracts';
import { countOf } from '@counterpart/domain';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';

const COUNT = new Intl.NumberFormat('en-US');

function rows(count: number): string {
  return countOf(count, 'row');
}

export interface ImportResultProps {
  tableImport: TableImport;
  /** Buttons under the result ("Open table", "Import another file"…). */
  actions: ReactNode;
}

/** A finished import: what went in, what was skipped as already there, and each refused line with its reason. */
export function ImportResult({ tableImport, actions }: ImportResultProps) {
  const cancelled = tableImport.status === 'cancelled';
  const failed = tableImport.status === 'failed' || cancelled;
  const shown = tableImport.errors.length;
  return (
    <section aria-labelledby="import-result-title" className="space-y-5">
      <div className="flex items-start gap-3">
        {failed ? (
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-600 dark:text-red-400" />
        ) : (
          <CircleCheck
            aria-hidden="true"
            className="mt-0.5 size-5 shrink-0 text-green-600 dark:text-green-400"
          />
        )}
        <div className="min-w-0 space-y-1">
          <h3 id="import-result-title" className="text-base font-semibold text-zinc-900 dark:text-zinc-100">
            {cancelled ? 'Import cancelled' : failed ? 'Import failed' : 'Import finished'}
          </h3>
          <p className="text-sm break-words text-zinc-500 dark:text-zinc-400">{tableImport.file_name}</p>
        </div>
      </div>
      {failed && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300"
        >
          {cancelled
            ? (tableImport.error_message ?? 'Cancelled. Nothing was added: the table is as it was.')
            : `${tableImport.error_message ?? 'The import stopped.'} Nothing was imported: the table is as it was.`}
        </p>
      )}
      {!failed && (
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {[
            ['Inserted', rows(tableImport.inserted_rows)],
            ['Already imported (skipped)', rows(tableImport.duplicate_rows)],
            ['Refused', rows(tableImport.failed_rows)],
          ].map(([term, value]) => (
            <div key={term} className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
              <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{term}</dt>
              <dd className="mt-1 text-lg font-semibold text-zinc-900 tabular-nums dark:text-zinc-100">
                {value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {tableImport.warnings.length > 0 && (
        <ul className="space-y-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          {tableImport.warnings.map((warning, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: warnings have no id; the list does not change.
            <li key={index}>
              {warning.line !== undefined ? `Line ${warning.line}: ` : ''}
              {warning.message}
            </li>
          ))}
        </ul>
      )}
      {shown > 0 && (
        <div className="space-y-2">
          <h4 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Lines not imported</h4>
          {tableImport.failed_rows > shown && (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              The first {COUNT.format(shown)} of {COUNT.format(tableImport.failed_rows)} refused lines.
            </p>
          )}
          <div className="max-h-80 overflow-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">Lines not imported, with the reason</caption>
              <thead className="sticky top-0 bg-zinc-50 text-zinc-700 dark:bg-zinc-900 dark:text-zinc-200">
                <tr>
                  {['Line', 'Column', 'Value', 'Reason'].map((heading) => (
                    <th
                      key={heading}
                      scope="col"
                      className="border-b border-zinc-200 px-3 py-2 font-semibold dark:border-zinc-800"
                    >
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100 text-zinc-700 dark:divide-zinc-800/70 dark:text-zinc-300">
                {tableImport.errors.map((error, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a line can be refused for two columns.
                  <tr key={`${error.line}-${index}`}>
                    <td className="px-3 py-1.5 tabular-nums">{error.line}</td>
                    <td className="px-3 py-1.5">{error.column ?? ''}</td>
                    <td className="max-w-48 truncate px-3 py-1.5 font-mono text-xs" title={error.value ?? ''}>
                      {error.value ?? ''}
                    </td>
                    <td className="min-w-48 px-3 py-1.5">{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 border-t border-zinc-200 pt-4 sm:flex-row sm:justify-end dark:border-zinc-800">
        {actions}
      </div>
    </section>
  );
}
