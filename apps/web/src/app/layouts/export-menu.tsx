import type { ListExportArea, StartExport } from '@counterpart/contracts';
import { ChevronDown, FileDown } from 'lucide-react';
import { startExport } from '../../shared/notifications/notifications-api.ts';
import { useNotificationsStore } from '../../shared/stores/notifications-store.ts';
import { Menu } from '../../shared/ui/menu.tsx';
import { toast } from '../../shared/ui/toast.tsx';

export const REQUEST_FAILED = 'Request Failed';

/**
 * "Export" (CSV, Excel): starts an export job of `area` and shows its process card at once (queued,
 * 0 %); the socket then moves it along and the finished file downloads itself.
 */
export function ExportMenu({ area, onStarted }: { area: ListExportArea; onStarted: () => void }) {
  const addStartedProcess = useNotificationsStore((state) => state.addStartedProcess);

  const exportAs = async (format: StartExport['format']) => {
    try {
      const started = await startExport({ area, format });
      addStartedProcess(started.id, started.source);
      onStarted();
    } catch (error) {
      toast.error(REQUEST_FAILED, error instanceof Error ? error.message : undefined);
    }
  };

  return (
    <Menu
      label="Export"
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
        { label: 'CSV', onSelect: () => void exportAs('csv') },
        { label: 'Excel', onSelect: () => void exportAs('xlsx') },
      ]}
    />
  );
}
