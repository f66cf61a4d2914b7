import { ArrowLeftRight } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { EmptyView } from '../../../shared/ui/empty-view.tsx';
import { ErrorAlert } from '../../../shared/ui/error-alert.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { SelectField } from '../../../shared/ui/select-field.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
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

interface NamedSelectProps {
  label: string;
  /** The first option's text, for choosing none. */
  none: string;
  choices: ReadonlyArray<{ id: string; name: string }>;
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
}

/** A labelled select of named records (tables, mappings) by id, after an option for none. */
function NamedSelect({ label, none, choices, value, onChange, disabled }: NamedSelectProps) {
  const options = [
    { value: '', label: none },
    ...choices.map((choice) => ({ value: choice.id, label: choice.name })),
  ];
  return (
    <SelectField label={label} value={value} options={options} onChange={onChange} disabled={disabled} />
  );
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
    return <ErrorAlert>{tables.error.message}</ErrorAlert>;
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
          <NamedSelect
            label="Left table"
            none="Choose a table (e.g. bank)"
            choices={choices}
            value={leftTableId}
            onChange={setLeft}
          />
          <NamedSelect
            label="Right table"
            none="Choose a table (e.g. ledger)"
            choices={choices.filter((table) => table.id !== leftTableId)}
            value={rightTableId}
            onChange={setRight}
          />
          <NamedSelect
            label="Association mapping"
            none={between.length === 0 ? 'None between these tables' : 'None'}
            choices={between}
            value={mappingId}
            onChange={setMapping}
            disabled={between.length === 0}
          />
          <div className="flex flex-wrap items-center gap-3 md:col-span-3">
            <Button type="submit">Open workspace</Button>
            {error && <ErrorAlert>{error}</ErrorAlert>}
          </div>
        </form>
      )}
    </Panel>
  );
}
