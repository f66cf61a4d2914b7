import type { ImportProposal, ImportProposalInput, TableImport } from '@counterpart/contracts';
import { type ReactNode, useId, useState } from 'react';
import { classNames } from '../../../shared/lib/class-names.ts';
import { ErrorAlert } from '../../../shared/ui/error-alert.tsx';
import { PageNav } from '../../../shared/ui/page-nav.tsx';
import { SearchInput } from '../../../shared/ui/search-input.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { TABLES_PAGE_SIZE, useTables } from '../tables-api.ts';
import { useRepropose } from './import-api.ts';

export type TargetMode = 'new' | 'existing';

/** How the file is read now, so a new proposal for another target reads it the same way. */
export function readChoices(proposal: ImportProposal): ImportProposalInput {
  return {
    has_header: proposal.has_header,
    ...(proposal.delimiter ? { delimiter: proposal.delimiter } : {}),
    ...(proposal.sheet ? { sheet: proposal.sheet } : {}),
    ...(proposal.qif_date_format ? { qif_date_format: proposal.qif_date_format } : {}),
  };
}

export interface TargetChoiceProps {
  tableImport: TableImport;
  mode: TargetMode;
  onMode: (mode: TargetMode) => void;
}

const card = (active: boolean) =>
  classNames(
    'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors',
    'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-[var(--color-primary)]/40',
    active
      ? 'border-[var(--color-primary)] bg-[var(--color-primary)]/5 dark:bg-[var(--color-primary)]/10'
      : 'border-zinc-200 hover:border-zinc-300 dark:border-zinc-800 dark:hover:border-zinc-700',
  );

/**
 * Where the rows go when the import has no fixed table: a new table (named in the mapping step) or
 * an existing one picked from the organization's tables; picking one asks the server for a mapping
 * to its columns (`table_id` on a new proposal), going back asks for a new-table mapping.
 */
export function TargetChoice({ tableImport, mode, onMode }: TargetChoiceProps) {
  const repropose = useRepropose(tableImport.id);
  const [error, setError] = useState<string | null>(null);
  // The table just picked shows checked while the server proposes its mapping.
  const [picked, setPicked] = useState<string | null>(null);
  const name = useId();

  const retarget = async (tableId: string | null) => {
    setError(null);
    setPicked(tableId);
    try {
      await repropose.mutateAsync({ ...readChoices(tableImport.proposal), table_id: tableId });
    } catch (failure) {
      setPicked(null);
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  const choose = (next: TargetMode) => {
    onMode(next);
    if (next === 'new' && tableImport.table_id !== null) void retarget(null);
  };

  return (
    <fieldset className="space-y-3" disabled={repropose.isPending} aria-busy={repropose.isPending}>
      <legend className="mb-3 text-sm font-semibold text-zinc-900 dark:text-zinc-100">Import into</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className={card(mode === 'new')}>
          <input
            type="radio"
            name={name}
            className="mt-0.5 accent-[var(--color-primary)]"
            checked={mode === 'new'}
            onChange={() => choose('new')}
          />
          <span>
            <span className="block font-medium text-zinc-900 dark:text-zinc-100">New table</span>
            <span className="block text-zinc-500 dark:text-zinc-400">
              A table made from the file's columns
            </span>
          </span>
        </label>
        <label className={card(mode === 'existing')}>
          <input
            type="radio"
            name={name}
            className="mt-0.5 accent-[var(--color-primary)]"
            checked={mode === 'existing'}
            onChange={() => choose('existing')}
          />
          <span>
            <span className="block font-medium text-zinc-900 dark:text-zinc-100">Existing table</span>
            <span className="block text-zinc-500 dark:text-zinc-400">Add the rows to one of your tables</span>
          </span>
        </label>
      </div>
      {error && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300"
        >
          {error}
        </p>
      )}
      {mode === 'existing' && (
        <TablePicker chosen={picked ?? tableImport.table_id} onChoose={(tableId) => void retarget(tableId)} />
      )}
    </fieldset>
  );
}

/** The organization's tables, searched by name, one page at a time; each a radio button. */
function TablePicker({ chosen, onChoose }: { chosen: string | null; onChoose: (tableId: string) => void }) {
  const [search, setSearch] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const tables = useTables(search, pageNo);
  const name = useId();

  let body: ReactNode;
  if (tables.isPending) {
    body = <Skeleton className="h-24 w-full" />;
  } else if (tables.isError) {
    body = <ErrorAlert className="p-3">{tables.error.message}</ErrorAlert>;
  } else if (tables.data.data.length === 0) {
    body = (
      <p className="p-3 text-sm text-zinc-500 dark:text-zinc-400">
        {search ? `No table matches "${search}".` : 'There are no tables yet: import into a new table.'}
      </p>
    );
  } else {
    body = (
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {tables.data.data.map((table) => (
          <li key={table.id}>
            <label
              className={classNames(
                'flex cursor-pointer items-center gap-3 px-3 py-2.5 text-sm',
                'hover:bg-zinc-50 has-[:focus-visible]:bg-zinc-50 dark:hover:bg-zinc-800/60',
                'dark:has-[:focus-visible]:bg-zinc-800/60',
              )}
            >
              <input
                type="radio"
                name={name}
                className="accent-[var(--color-primary)]"
                checked={table.id === chosen}
                onChange={() => onChoose(table.id)}
              />
              <span className="min-w-0 flex-1 truncate font-medium text-zinc-900 dark:text-zinc-100">
                {table.name}
              </span>
              <span className="shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
                {table.row_count.toLocaleString()} {table.row_count === 1 ? 'row' : 'rows'} ·{' '}
                {table.columns.length} {table.columns.length === 1 ? 'column' : 'columns'}
              </span>
            </label>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">Table</legend>
      <SearchInput
        label="Search tables"
        placeholder="Search tables"
        className="sm:max-w-md"
        onSearch={(text) => {
          setSearch(text);
          setPageNo(1);
        }}
      />
      <div className="overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800">
        {body}
        {tables.data && (
          <PageNav pageNo={pageNo} pageSize={TABLES_PAGE_SIZE} total={tables.data.total} onPage={setPageNo} />
        )}
      </div>
      {chosen === null && (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Choose the table: its columns are then proposed for each column of the file.
        </p>
      )}
    </fieldset>
  );
}
