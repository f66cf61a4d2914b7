import type { TableImport } from '@counterpart/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { HttpError } from '../../../shared/lib/http.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { ErrorAlert } from '../../../shared/ui/error-alert.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { useTable } from '../tables-api.ts';
import { CancelImportButton } from './cancel-import-button.tsx';
import { isImportFinished, isImportRunning, useRefreshTables, useTableImport } from './import-api.ts';
import { ImportProgress } from './import-progress.tsx';
import { ImportResult } from './import-result.tsx';
import { MappingStep } from './mapping-step.tsx';
import { TargetChoice, type TargetMode } from './target-choice.tsx';
import { UploadStep } from './upload-step.tsx';

export interface ImportFlowProps {
  /** Importing into this table; without it the rows make a new table (unless the import names one). */
  tableId?: string | undefined;
  /** The import under way (uploaded already, e.g. a document sent to a table); null: upload first. */
  importId: string | null;
  onImportId: (importId: string | null) => void;
  onCancel: () => void;
  /** The finished import's buttons (open the table, close the dialog…). */
  doneActions: (tableImport: TableImport) => ReactNode;
}

/** Refreshes every tables query once the import has finished (the grid, its row count, the list). */
export function useRefreshWhenFinished(tableImport: TableImport | undefined): void {
  const refresh = useRefreshTables();
  const finished = tableImport !== undefined && isImportFinished(tableImport.status);
  const id = tableImport?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh once per import reaching its end.
  useEffect(() => {
    if (finished) void refresh();
  }, [finished, id]);
}

/** Upload → mapping → progress → result; the step follows the import's status on the server. */
export function ImportFlow({ tableId, importId, onImportId, onCancel, doneActions }: ImportFlowProps) {
  if (importId === null)
    return (
      <UploadStep tableId={tableId} onUploaded={(created) => onImportId(created.id)} onCancel={onCancel} />
    );
  return (
    <ImportSteps
      key={importId}
      tableId={tableId}
      importId={importId}
      onImportId={onImportId}
      onCancel={onCancel}
      doneActions={doneActions}
    />
  );
}

function ImportSteps({
  tableId,
  importId,
  onImportId,
  onCancel,
  doneActions,
}: ImportFlowProps & { importId: string }) {
  const query = useTableImport(importId);
  useRefreshWhenFinished(query.data);
  // Chosen here, not from the import: "Existing table" shows the picker before any table is chosen.
  const [mode, setMode] = useState<TargetMode | null>(null);

  if (query.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof HttpError && query.error.status === 404;
    return (
      <div className="space-y-4">
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300"
        >
          {missing
            ? 'This import was not found. It may belong to another organization.'
            : query.error.message}
        </p>
        <Button variant="secondary" onClick={() => onImportId(null)}>
          Upload a file
        </Button>
      </div>
    );
  }
  const imported = query.data;
  const otherFile = () => onImportId(null);
  if (imported.status === 'uploaded') {
    const target = tableId ?? imported.table_id;
    const mapping = target ? (
      <MappingIntoTable
        key={target}
        tableImport={imported}
        tableId={target}
        onCancel={onCancel}
        onOtherFile={otherFile}
      />
    ) : (
      <MappingStep tableImport={imported} table={null} onCancel={onCancel} onOtherFile={otherFile} />
    );
    // Importing into a given table (its Import action): no choice to make.
    if (tableId !== undefined) return mapping;
    const chosen = mode ?? (imported.table_id ? 'existing' : 'new');
    const ready = chosen === 'existing' ? imported.table_id !== null : imported.table_id === null;
    return (
      <div className="space-y-6">
        <TargetChoice tableImport={imported} mode={chosen} onMode={setMode} />
        {ready ? (
          mapping
        ) : chosen === 'existing' ? (
          <div className="flex justify-end border-t border-zinc-200 pt-4 dark:border-zinc-800">
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        ) : (
          <Skeleton className="h-48 w-full" />
        )}
      </div>
    );
  }
  if (isImportRunning(imported.status))
    return (
      <ImportProgress
        tableImport={imported}
        onSettled={() => void query.refetch()}
        cancel={<CancelImportButton tableImport={imported} />}
      />
    );
  return <ImportResult tableImport={imported} actions={doneActions(imported)} />;
}

/** The mapping step of an import into an existing table: its columns are targets too. */
function MappingIntoTable({
  tableImport,
  tableId,
  onCancel,
  onOtherFile,
}: {
  tableImport: TableImport;
  tableId: string;
  onCancel: () => void;
  onOtherFile: () => void;
}) {
  const table = useTable(tableId);
  if (table.isPending) return <Skeleton className="h-48 w-full" />;
  if (table.isError) return <ErrorAlert>{table.error.message}</ErrorAlert>;
  return (
    <MappingStep
      tableImport={tableImport}
      table={{ id: table.data.id, columns: [...table.data.columns].sort((a, b) => a.position - b.position) }}
      onCancel={onCancel}
      onOtherFile={onOtherFile}
    />
  );
}
