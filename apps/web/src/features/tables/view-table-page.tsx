import type { CellValue, ItemFilter, TableColumn, TableItem } from '@counterpart/contracts';
import { Columns3, Plus, Rows3, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useCan } from '../../app/auth/use-can.ts';
import { formErrorsOf } from '../../shared/lib/field-errors.ts';
import { HttpError } from '../../shared/lib/http.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { PageNav } from '../../shared/ui/page-nav.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { SearchInput } from '../../shared/ui/search-input.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { AddColumnDialog } from './add-column-dialog.tsx';
import { AddRowDialog } from './add-row-dialog.tsx';
import { inputValueOf, restoreValueOf } from './cell-value.ts';
import { FilterBar } from './filter-bar.tsx';
import { RenameColumnDialog } from './rename-column-dialog.tsx';
import { TableActions } from './table-actions.tsx';
import { TableGrid } from './table-grid.tsx';
import { ITEMS_PAGE_SIZE, type ItemsView, useItems, useTable, useUpdateItem } from './tables-api.ts';

interface LastEdit {
  itemId: string;
  column: TableColumn;
  previous: CellValue | undefined;
}

const COUNT = new Intl.NumberFormat('en-US');

/** `/tables/:id`: the data grid with server-side paging, sort, filter and search, and its editing actions. */
export function ViewTablePage() {
  const tableId = useParams().id ?? '';
  const table = useTable(tableId);
  const [view, setView] = useState<ItemsView>({ pageNo: 1, order: 'asc', search: '', filters: [] });
  const items = useItems(tableId, view);
  const update = useUpdateItem(tableId);
  const canCreate = useCan('create', '{product}_table');
  const canUpdate = useCan('update', '{product}_table');
  const canDelete = useCan('delete', '{product}_table');
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [lastEdit, setLastEdit] = useState<LastEdit | null>(null);
  const [dialog, setDialog] = useState<'add-row' | 'add-column' | null>(null);
  const [renaming, setRenaming] = useState<TableColumn | null>(null);
  const [undoing, setUndoing] = useState(false);

  if (table.isPending) {
    return (
      <div className="space-y-3">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (table.isError) {
    const missing = table.error instanceof HttpError && table.error.status === 404;
    return (
      <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <EmptyView
          icon={<Rows3 />}
          title={missing ? 'Table not found' : 'Request Failed'}
          description={
            missing ? 'It may have been deleted, or it belongs to another organization.' : table.error.message
          }
        />
      </section>
    );
  }

  const columns = [...table.data.columns].sort((a, b) => a.position - b.position);
  const visible = columns.filter((column) => !hidden.has(column.id));
  const page = items.data;
  const changeView = (change: Partial<ItemsView>) => {
    setSelected(new Set());
    setView((current) => ({ ...current, pageNo: 1, ...change }));
  };

  const saveCell = async (item: TableItem, column: TableColumn, text: string) => {
    try {
      await update.mutateAsync({ itemId: item.id, values: { [column.id]: inputValueOf(column, text) } });
      setLastEdit({ itemId: item.id, column, previous: item.values[column.id] });
      return undefined;
    } catch (error) {
      const problems = formErrorsOf(error);
      return (
        problems.fields[column.name] ?? problems.form ?? Object.values(problems.fields)[0] ?? 'Not saved'
      );
    }
  };
  const undo = async () => {
    if (!lastEdit) return;
    setUndoing(true);
    try {
      await update.mutateAsync({
        itemId: lastEdit.itemId,
        values: { [lastEdit.column.id]: restoreValueOf(lastEdit.previous) },
      });
      toast.success(`Edit of ${lastEdit.column.name} undone`);
      setLastEdit(null);
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    } finally {
      setUndoing(false);
    }
  };

  return (
    <div className="space-y-4 dark:[color-scheme:dark]">
      <Panel
        title={table.data.name}
        description={`${COUNT.format(table.data.row_count)} rows · ${columns.length} columns${table.data.description ? ` · ${table.data.description}` : ''}`}
        actions={
          <>
            {lastEdit && canUpdate && (
              <Button variant="secondary" size="sm" loading={undoing} onClick={undo}>
                <Undo2 aria-hidden="true" />
                Undo last edit
              </Button>
            )}
            {canCreate && (
              <Button size="sm" onClick={() => setDialog('add-row')} disabled={columns.length === 0}>
                <Plus aria-hidden="true" />
                Add row
              </Button>
            )}
            {canUpdate && (
              <Button variant="secondary" size="sm" onClick={() => setDialog('add-column')}>
                <Columns3 aria-hidden="true" />
                Add column
              </Button>
            )}
            {canDelete && (
              <TableActions
                tableId={tableId}
                tableName={table.data.name}
                selected={[...selected]}
                onDeleted={() => setSelected(new Set())}
              />
            )}
          </>
        }
      >
        <div className="space-y-3 border-b border-zinc-200 px-4 py-3 sm:px-5 dark:border-zinc-800">
          <SearchInput
            label="Search rows"
            placeholder="Search every column"
            onSearch={(text) => changeView({ search: text.trim() })}
            className="w-full sm:w-80"
          />
          <FilterBar
            columns={columns}
            filters={view.filters}
            onChange={(filters: ItemFilter[]) => changeView({ filters })}
          />
          {hidden.size > 0 && (
            <p className="flex flex-wrap items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
              Hidden:
              {columns
                .filter((column) => hidden.has(column.id))
                .map((column) => (
                  <Button
                    key={column.id}
                    variant="ghost"
                    size="sm"
                    onClick={() =>
                      setHidden((current) => new Set([...current].filter((id) => id !== column.id)))
                    }
                  >
                    Show {column.name}
                  </Button>
                ))}
            </p>
          )}
        </div>
        {columns.length === 0 ? (
          <EmptyView
            icon={<Columns3 />}
            title="No columns yet"
            description="Add a column to start entering rows."
          />
        ) : items.isError ? (
          <p role="alert" className="p-5 text-sm text-red-600 dark:text-red-400">
            {items.error.message}
          </p>
        ) : !page ? (
          <div className="space-y-2 p-5">
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
          </div>
        ) : (
          <>
            {/* min-h-72: room for a column menu, which the scroll box would clip on a short page. */}
            <div className="max-h-[65vh] min-h-72 overflow-auto" aria-busy={items.isFetching}>
              <TableGrid
                tableName={table.data.name}
                columns={visible}
                items={page.data}
                rowOffset={(page.page_no - 1) * page.page_size}
                total={page.total}
                sort={view.sort ? { columnId: view.sort, order: view.order } : null}
                selected={selected}
                canEdit={canUpdate}
                onSelect={(itemId, on) =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (on) next.add(itemId);
                    else next.delete(itemId);
                    return next;
                  })
                }
                onSelectAll={(on) => setSelected(on ? new Set(page.data.map((item) => item.id)) : new Set())}
                onSort={(sort, order) => changeView({ sort, order })}
                onRename={setRenaming}
                onHide={(column) => setHidden((current) => new Set([...current, column.id]))}
                onSave={saveCell}
              />
              {page.data.length === 0 && <EmptyView />}
            </div>
            <PageNav
              pageNo={view.pageNo}
              pageSize={ITEMS_PAGE_SIZE}
              total={page.total}
              onPage={(pageNo) => {
                setSelected(new Set());
                setView((current) => ({ ...current, pageNo }));
              }}
            />
          </>
        )}
      </Panel>
      {dialog === 'add-row' && (
        <AddRowDialog tableId={tableId} columns={columns} onClose={() => setDialog(null)} />
      )}
      {dialog === 'add-column' && <AddColumnDialog tableId={tableId} onClose={() => setDialog(null)} />}
      {renaming && (
        <RenameColumnDialog tableId={tableId} column={renaming} onClose={() => setRenaming(null)} />
      )}
    </div>
  );
}
