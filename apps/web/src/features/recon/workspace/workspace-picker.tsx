import { ArrowLeftRight } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { EmptyView } from '../../../shared/ui/empty-view.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { FIELD_CLASSES } from '../../../shared/ui/text-field.tsx';
import { useTableChoices, useTableMappings } from './recon-api.ts';

export interface WorkspaceChoice {
  leftTableId: string;
  rightTableId: string;
  mappingId: string;
}

export interface WorkspacePickerProps {
  initial: Partial<WorkspaceChoice>;
  onOpen: (choice: WorkspaceChoice) => void;
}

/** Choose the left (e.g. bank) and right (e.g. ledger) tables and, if any, a mapping between them. */
export function WorkspacePicker({ initial, onOpen }: WorkspacePickerProps) {
  const tables = useTableChoices();
  const [leftTableId, setLeft] = useState(initial.leftTableId ?? '');
  const [rightTableId, setRight] = useState(initial.rightTableId ?? '');
  const [mappingId, setMapping] = useState(initial.mappingId ?? '');
  const [error, setError] = useState<string | null>(null);
  const mappings = useTableMappings(leftTableId);
  const between = (mappings.data?.data ?? []).filter(
    (mapping) =>
      (mapping.left_table_id === leftTableId && mapping.right_table_id === rightTableId) ||
      (mapping.left_table_id === rightTableId && mapping.right_table_id === leftTableId),
  );
  const ids = { left: useId(), right: useId(), mapping: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!leftTableId || !rightTableId) return setError('Choose both tables');
    if (leftTableId === rightTableId) return setError('Choose two different tables');
    setError(null);
    onOpen({
      leftTableId,
      rightTableId,
      mappingId: between.some((m) => m.id === mappingId) ? mappingId : '',
    });
  };

  if (tables.isPending) return <Skeleton className="h-64 w-full" />;
  if (tables.isError) {
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        {tables.error.message}
      </p>
    );
  }
  const choices = tables.data.data;
  return (
    <Panel
      title="Open a workspace"
      description="Reconcile two tables side by side: e.g. a bank statement and a ledger."
    >
      {choices.length < 2 ? (
        <EmptyView
          icon={<ArrowLeftRight />}
          title="Two tables needed"
          description="Import a bank statement and a ledger into Tables first."
        />
      ) : (
        <form className="grid gap-4 px-4 py-4 sm:px-5 md:grid-cols-3" onSubmit={submit} noValidate>
          <div className="space-y-1.5">
            <label htmlFor={ids.left} className="block text-sm font-medium">
              Left table
            </label>
            <select
              id={ids.left}
              className={FIELD_CLASSES}
              value={leftTableId}
              onChange={(event) => setLeft(event.target.value)}
            >
              <option value="">Choose a table (e.g. bank)</option>
              {choices.map((table) => (
                <option key={table.id} value={table.id}>
                  {table.name}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={ids.right} className="block text-sm font-medium">
              Right table
            </label>
            <select
              id={ids.right}
              className={FIELD_CLASSES}
              value={rightTableId}
              onChange={(event) => setRight(event.target.value)}
            >
              <option value="">Choose a table (e.g. ledger)</option>
              {choices
                .filter((table) => table.id !== leftTableId)
                .map((table) => (
                  <option key={table.id} value={table.id}>
                    {table.name}
                  </option>
                ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={ids.mapping} className="block text-sm font-medium">
              Association mapping
            </label>
            <select
              id={ids.mapping}
              className={FIELD_CLASSES}
              value={mappingId}
              onChange={(event) => setMapping(event.target.value)}
              disabled={between.length === 0}
            >
              <option value="">{between.length === 0 ? 'None between these tables' : 'None'}</option>
              {between.map((mapping) => (
                <option key={mapping.id} value={mapping.id}>
                  {mapping.name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-wrap items-center gap-3 md:col-span-3">
            <Button type="submit">Open workspace</Button>
            {error && (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {error}
              </p>
            )}
          </div>
        </form>
      )}
    </Panel>
  );
}
