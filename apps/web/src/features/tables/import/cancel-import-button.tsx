import type { TableImport } from '@counterpart/contracts';
import { Button } from '../../../shared/ui/button.tsx';
import { ErrorAlert } from '../../../shared/ui/error-alert.tsx';
import { useCancelImport } from './import-api.ts';

/**
 * Stops a queued or running import: the server cancels it and adds none of its rows. What it
 * answers shows in place: the result step (cancelled) or, if it finished meanwhile, why not.
 */
export function CancelImportButton({ tableImport }: { tableImport: TableImport }) {
  const cancel = useCancelImport(tableImport.id);
  return (
    <div className="flex flex-wrap items-center justify-end gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      {cancel.isError && <ErrorAlert className="mr-auto">{cancel.error.message}</ErrorAlert>}
      <Button
        variant="secondary"
        loading={cancel.isPending}
        aria-label={`Cancel import of ${tableImport.file_name}`}
        onClick={() => cancel.mutate()}
      >
        Cancel import
      </Button>
    </div>
  );
}
