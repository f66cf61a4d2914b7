import { Plus, Table2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../shared/lib/date-time.ts';
import { useListSearch } from '../../shared/lib/use-list-search.ts';
import { useCan } from '../../shared/session/use-can.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { type ListColumn, ListTable } from '../../shared/ui/list-table.tsx';
import { ListToolbar } from '../../shared/ui/list-toolbar.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { TABLES_PAGE_SIZE, useTables } from './tables-api.ts';

const COUNT = new Intl.NumberFormat('en-US');

const COLUMNS: ListColumn[] = [
  { label: 'Name', className: 'w-1/2 sm:px-5' },
  { label: 'Rows', className: 'text-right' },
  { label: 'Columns', className: 'hidden text-right sm:table-cell' },
  { label: 'Updated', className: 'hidden md:table-cell' },
];

/** `/tables`: the organization's tables (name, rows, columns, updated), searched by name and paged. */
export function TablesPage() {
  const navigate = useNavigate();
  const canCreate = useCan('create', '{product}_table');
  const { search, searchFor, pageNo, setPageNo } = useListSearch();
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
        <ListToolbar searchLabel="Search tables" onSearch={searchFor}>
          {newTable}
        </ListToolbar>
      }
    >
      <PagedList
        query={tables}
        pageNo={pageNo}
        pageSize={TABLES_PAGE_SIZE}
        onPage={setPageNo}
        empty={
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
        }
      >
        {(page) => (
          <ListTable columns={COLUMNS} busy={tables.isFetching}>
            {page.map((table) => (
              <tr key={table.id} className="hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
                <td className="max-w-0 px-4 py-3 sm:px-5">
                  <Link
                    to={`/tables/${table.id}`}
                    className="block truncate rounded font-medium text-zinc-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:text-zinc-100"
                  >
                    {table.name}
                  </Link>
                  {table.description && (
                    <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{table.description}</p>
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
          </ListTable>
        )}
      </PagedList>
    </Panel>
  );
}
