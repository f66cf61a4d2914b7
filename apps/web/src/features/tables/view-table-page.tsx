import type { TableColumn, TableItem } from '@counterpart/contracts';
import { countOf } from '@counterpart/domain';
import { ArrowLeftRight, Columns3, Plus, Rows3, Undo2, Waypoints } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCan } from '../../shared/session/use-can.ts';
import { usePageItemName } from '../../shared/stores/page-heading-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { LoadFailureView } from '../../shared/ui/load-failure-view.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { AddColumnDialog } from './add-column-dialog.tsx';
import { AddRowDialog } from './add-row-dialog.tsx';
import { AssociationsPanel } from './associations-panel.tsx';
import { ColumnDialog, type ColumnDialogState, useMoveColumn } from './column-dialogs.tsx';
import type { ColumnAction } from './column-header.tsx';
import { ExportTableMenu } from './export-table-menu.tsx';
import type { FilterPreset } from './filter-bar.tsx';
import { GridFooter } from './grid-footer.tsx';
import { ImportAction } from './import/import-action.tsx';
import { reconStatusFilter } from './item-filters.ts';
import { RelationshipsPanel } from './relationships-panel.tsx';
import { TableActions } from './table-actions.tsx';
import { TableGrid } from './table-grid.tsx';
import { TableToolbar } from './table-toolbar.tsx';
import { type ItemsView, useItems, useTable } from './tables-api.ts';
import { useCellEdits } from './use-cell-edits.ts';

const GROUPED_VIEW: ItemsView = {
  pageNo: 1,
  pageSize: 1,
  order: 'asc',
  search: '',
  filters: [{ column_id: 'recon_status', op: 'status', values: ['reconciled', 'partial', 'suggested'] }],
};

/** `/tables/:id`: the data grid with server-side paging, sort, filter and search, and its editing actions. */
export function ViewTablePage() {
  const tableId = useParams().id ?? '';
  const table = useTable(tableId);
  usePageItemName(table.data?.name);
  const [params] = useSearchParams();
  // `?status=unreconciled` (from the reconciliation dashboard) opens the grid filtered on it.
  const [view, setView] = useState<ItemsView>(() => {
    const byStatus = reconStatusFilter((params.get('status') ?? '').split(','));
    return { pageNo: 1, order: 'asc', search: '', filters: byStatus ? [byStatus] : [] };
  });
  const items = useItems(tableId, view);
  // Whether any row is in a reconciliation group: the Status column shows badges, else "—".
  const grouped = useItems(tableId, { ...GROUPED_VIEW });
  const reconStatus = (grouped.data?.total ?? 0) > 0 ? 'badges' : 'none';
  const edits = useCellEdits(tableId);
  const canCreate = useCan('create', '{product}_table');
  const canUpdate = useCan('update', '{product}_table');
  const canDelete = useCan('delete', '{product}_table');
  const canReconcile = useCan('read', 'workflow');
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<'add-row' | 'add-column' | null>(null);
  const [columnDialog, setColumnDialog] = useState<ColumnDialogState>(null);
  const [filterPreset, setFilterPreset] = useState<FilterPreset | null>(null);
  const moveColumn = useMoveColumn(tableId);
  const [panel, setPanel] = useState<
    { kind: 'relationships'; item: TableItem } | { kind: 'associations' } | null
  >(null);

  if (table.isPending) {
    return (
      <div className="space-y-3">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (table.isError) return <LoadFailureView thing="Table" icon={<Rows3 />} error={table.error} />;

  const columns = [...table.data.columns].sort((a, b) => a.position - b.position);
  const visible = columns.filter((column) => !hidden.has(column.id));
  const page = items.data;
  const changeView = (change: Partial<ItemsView>) => {
    setSelected(new Set());
    setView((current) => ({ ...current, pageNo: 1, ...change }));
  };

  const columnAction = (column: TableColumn, action: ColumnAction) => {
    if (action === 'filter')
      setFilterPreset((current) => ({ columnId: column.id, seq: (current?.seq ?? 0) + 1 }));
    else if (action === 'retype' || action === 'remove') setColumnDialog({ kind: action, column });
    else return moveColumn(columns, visible, column, action === 'move-left' ? 'left' : 'right');
  };
  const dropColumnFromView = (column: TableColumn) =>
    setView((current) => ({
      ...current,
      pageNo: 1,
      sort: current.sort === column.id ? undefined : current.sort,
      filters: current.filters.filter((filter) => filter.column_id !== column.id),
    }));

  return (
    <div className="space-y-4 dark:[color-scheme:dark]">
      <Panel
        title="Rows"
        description={`${countOf(table.data.row_count, 'row')} · ${countOf(columns.length, 'column')}${table.data.description ? ` · ${table.data.description}` : ''}`}
        actions={
          <>
            {edits.canUndo && canUpdate && (
              <Button variant="secondary" size="sm" loading={edits.undoing} onClick={edits.undo}>
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
            {canCreate && <ImportAction tableId={tableId} tableName={table.data.name} />}
            <ExportTableMenu tableId={tableId} view={view} />
            <Button variant="secondary" size="sm" onClick={() => setPanel({ kind: 'associations' })}>
              <Waypoints aria-hidden="true" />
              Associations
            </Button>
            {canReconcile && (
              <Link
                to={`/reconciliation/workspace?left_table_id=${encodeURIComponent(tableId)}`}
                aria-label={`Reconcile ${table.data.name}`}
                className="inline-flex h-8 items-center gap-2 rounded-lg border border-zinc-300 bg-white px-3 text-sm font-medium text-zinc-900 shadow-sm hover:bg-zinc-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800 [&_svg]:size-4"
              >
                <ArrowLeftRight aria-hidden="true" />
                Reconcile
              </Link>
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
        <TableToolbar
          columns={columns}
          filters={view.filters}
          hidden={hidden}
          onSearch={(search) => changeView({ search })}
          onFilters={(filters) => changeView({ filters })}
          onShow={(columnId) => setHidden((current) => new Set([...current].filter((id) => id !== columnId)))}
          filterPreset={filterPreset}
        />
        {columns.length === 0 ? (
          <EmptyView
            icon={<Columns3 />}
            title="No columns yet"
            description="Add a column to start entering rows."
          />
        ) : items.isError ? (
          <ErrorAlert className="p-5">{items.error.message}</ErrorAlert>
        ) : !page ? (
          <div className="space-y-2 p-5">
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-full" />
          </div>
        ) : (
          <div aria-busy={items.isFetching}>
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
              onRename={(column) => setColumnDialog({ kind: 'rename', column })}
              onColumnAction={columnAction}
              onHide={(column) => setHidden((current) => new Set([...current, column.id]))}
              onSave={edits.saveCell}
              onOpenRow={(item) => setPanel({ kind: 'relationships', item })}
              reconStatus={reconStatus}
            >
              {page.data.length === 0 && <EmptyView />}
            </TableGrid>
            <GridFooter
              pageNo={view.pageNo}
              pageSize={page.page_size}
              shown={page.data.length}
              total={page.total}
              estimate={page.total_is_estimate}
              onPage={(pageNo) => {
                setSelected(new Set());
                setView((current) => ({ ...current, pageNo }));
              }}
              onPageSize={(pageSize) => changeView({ pageSize })}
            />
          </div>
        )}
      </Panel>
      {dialog === 'add-row' && (
        <AddRowDialog tableId={tableId} columns={columns} onClose={() => setDialog(null)} />
      )}
      {dialog === 'add-column' && <AddColumnDialog tableId={tableId} onClose={() => setDialog(null)} />}
      {columnDialog && (
        <ColumnDialog
          tableId={tableId}
          dialog={columnDialog}
          onClose={() => setColumnDialog(null)}
          onChanged={dropColumnFromView}
        />
      )}
      {panel?.kind === 'relationships' && (
        <RelationshipsPanel
          tableId={tableId}
          item={panel.item}
          canEdit={canUpdate}
          onClose={() => setPanel(null)}
        />
      )}
      {panel?.kind === 'associations' && (
        <AssociationsPanel
          table={table.data}
          canCreate={canCreate}
          canUpdate={canUpdate}
          canDelete={canDelete}
          onClose={() => setPanel(null)}
        />
      )}
    </div>
  );
}
