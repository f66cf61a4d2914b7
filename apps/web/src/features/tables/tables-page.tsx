import { Plus, Table2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../app/auth/use-can.ts';
import { formatDateTime } from '../../shared/lib/date-time.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { PageNav } from '../../shared/ui/page-nav.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { SearchInput } from '../../shared/ui/search-input.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { TABLES_PAGE_SIZE, useTables } from './tables-api.ts';

const COUNT = new Intl.NumberFormat('en-US');

/** `/tables`: the organization's tables (name, rows, columns, updated), searched by name and paged. */
export function TablesPage() {
  const navigate = useNavigate();
  const canCreate = useCan('create', '{product}_table');
  const [search, setSearch] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const tables = useTables(search, pageNo);
  const newTable = canCreate ? (
    <Button onClick={() => navigate('/tables/create')}>
      <Plus aria-hidden="true" />
      New table
    </Button>
  ) : undefined;

  return (
    <Panel
      title="Tables"
      description="Tables hold statement lines, ledgers and reconciliation results."
      actions={
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:items-center">
          <SearchInput
            label="Search tables"
            placeholder="Search by name"
            onSearch={(text) => {
              setSearch(text.trim());
              setPageNo(1);
            }}
            className="w-full sm:w-64"
          />
          {newTable}
        </div>
      }
    >
      {tables.isPending ? (
        <div className="space-y-3 p-5">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : tables.isError ? (
        <p role="alert" className="p-5 text-sm text-red-600 dark:text-red-400">
          {tables.error.message}
        </p>
      ) : tables.data.data.length === 0 ? (
        search ? (
          <EmptyView icon={<Table2 />} description={`No table matches “${search}”.`} />
        ) : (
          <EmptyView
            icon={<Table2 />}
            title="No tables yet"
            description="Tables hold statement lines, ledgers and reconciliation results."
            action={newTable}
          />
        )
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-busy={tables.isFetching}>
              <thead className="text-xs text-zinc-500 uppercase dark:text-zinc-400">
                <tr className="border-b border-zinc-200 dark:border-zinc-800">
                  <th scope="col" className="w-1/2 px-4 py-2 font-medium sm:px-5">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">
                    Rows
                  </th>
                  <th scope="col" className="hidden px-4 py-2 text-right font-medium sm:table-cell">
                    Columns
                  </th>
                  <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell">
                    Updated
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {tables.data.data.map((table) => (
                  <tr key={table.id} className="hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
                    <td className="max-w-0 px-4 py-3 sm:px-5">
                      <Link
                        to={`/tables/${table.id}`}
                        className="block truncate rounded font-medium text-zinc-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:text-zinc-100"
                      >
                        {table.name}
                      </Link>
                      {table.description && (
                        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
                          {table.description}
                        </p>
                      )}
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums">{COUNT.format(table.row_count)}</td>
                    <td className="hidden px-4 py-3 text-right tabular-nums sm:table-cell">
                      {table.columns.length}
                    </td>
                    <td className="hidden px-4 py-3 whitespace-nowrap text-zinc-600 md:table-cell dark:text-zinc-300">
                      {formatDateTime(table.updated_at)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PageNav pageNo={pageNo} pageSize={TABLES_PAGE_SIZE} total={tables.data.total} onPage={setPageNo} />
        </>
      )}
    </Panel>
  );
}
