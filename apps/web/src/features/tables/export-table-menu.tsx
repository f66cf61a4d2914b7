import type { ExportStarted, StartExportInput } from '@counterpart/contracts';
import { ChevronDown, FileDown } from 'lucide-react';
import { startExport } from '../../shared/notifications/notifications-api.ts';
import { useNotificationsStore } from '../../shared/stores/notifications-store.ts';
import { Menu } from '../../shared/ui/menu.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import type { ItemsView } from './tables-api.ts';

/** The export job's request for a table as the grid shows it (filters, sort, search; every page). */
export function tableExportRequest(
  tableId: string,
  view: Omit<ItemsView, 'pageNo'>,
  format: 'csv' | 'xlsx',
): StartExportInput {
  return {
    area: 'table',
    table_id: tableId,
    format,
    ...(view.filters.length > 0 ? { filters: view.filters } : {}),
    ...(view.sort ? { sort: view.sort, order: view.order } : {}),
    ...(view.search ? { search: view.search } : {}),
  };
}

/**
 * "Export" (CSV, Excel) of the current view: starts the export job, shows its process card at once;
 * the socket moves it along and the finished file downloads itself (the notifications panel's flow).
 */
export function ExportTableMenu({
  tableId,
  view,
  start = startExport,
}: {
  tableId: string;
  view: ItemsView;
  start?: (request: StartExportInput) => Promise<ExportStarted>;
}) {
  const addStartedProcess = useNotificationsStore((state) => state.addStartedProcess);
  const narrowed = view.filters.length > 0 || view.search !== '';

  const exportAs = async (format: 'csv' | 'xlsx') => {
    try {
      const started = await start(tableExportRequest(tableId, view, format));
      addStartedProcess(started.id, started.source);
      toast.info('Export started', 'The file downloads when it is ready.');
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };

  return (
    <Menu
      label={narrowed ? 'Export the filtered rows' : 'Export all rows'}
      align="end"
      triggerContent={
        <>
          <FileDown aria-hidden="true" />
          Export
          <ChevronDown aria-hidden="true" className="-ml-1 opacity-60" />
        </>
      }
      triggerClassName="h-8"
      items={[
        { label: narrowed ? 'CSV (filtered view)' : 'CSV', onSelect: () => void exportAs('csv') },
        { label: narrowed ? 'Excel (filtered view)' : 'Excel', onSelect: () => void exportAs('xlsx') },
      ]}
    />
  );
}
