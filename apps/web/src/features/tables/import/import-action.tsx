import { FileUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { isImportFinished, useTableImport } from './import-api.ts';
import { ImportFlow, useRefreshWhenFinished } from './import-flow.tsx';

export interface ImportActionProps {
  tableId: string;
  tableName: string;
}

/**
 * "Import" on /tables/:id: the upload → mapping → progress → result flow in a dialog. The import is
 * watched even after the dialog closes, so the grid refreshes when its rows are in.
 */
export function ImportAction({ tableId, tableName }: ImportActionProps) {
  const [open, setOpen] = useState(false);
  const [importId, setImportId] = useState<string | null>(null);
  const watched = useTableImport(importId ?? '');
  useRefreshWhenFinished(importId ? watched.data : undefined);

  const close = () => setOpen(false);
  const start = () => {
    // A finished import gives way to a new upload; one still being mapped or running is shown again.
    if (watched.data && isImportFinished(watched.data.status)) setImportId(null);
    setOpen(true);
  };

  return (
    <>
      <Button variant="secondary" size="sm" onClick={start}>
        <FileUp aria-hidden="true" />
        Import
      </Button>
      <Modal
        open={open}
        onClose={close}
        size="large"
        title={`Import into ${tableName}`}
        description="CSV, TSV, Excel or a bank statement: check how its columns map, then import the rows."
      >
        <ImportFlow
          tableId={tableId}
          importId={importId}
          onImportId={setImportId}
          onCancel={close}
          doneActions={() => (
            <>
              <Button variant="secondary" onClick={() => setImportId(null)}>
                Import another file
              </Button>
              <Button onClick={close}>Done</Button>
            </>
          )}
        />
      </Modal>
    </>
  );
}
