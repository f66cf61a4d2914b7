import type { TableColumn } from '@counterpart/contracts';
import { type FormEvent, useState } from 'react';
import { formErrorsOf } from '../../shared/lib/field-errors.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useUpdateColumn } from './tables-api.ts';

export interface RenameColumnDialogProps {
  tableId: string;
  column: TableColumn;
  onClose: () => void;
}

/** Renames one column (mounted while open). */
export function RenameColumnDialog({ tableId, column, onClose }: RenameColumnDialogProps) {
  const update = useUpdateColumn(tableId);
  const [name, setName] = useState(column.name);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Name the column');
      return;
    }
    try {
      await update.mutateAsync({ columnId: column.id, change: { name: name.trim() } });
      toast.success(`Column renamed to ${name.trim()}`);
      onClose();
    } catch (failure) {
      const problems = formErrorsOf(failure);
      setError(problems.fields.name ?? problems.form ?? undefined);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Rename ${column.name}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="rename-column-form" loading={update.isPending}>
            Rename
          </Button>
        </>
      }
    >
      <form id="rename-column-form" onSubmit={submit} noValidate>
        <TextField
          label="Column name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error}
          maxLength={100}
          autoComplete="off"
          data-autofocus=""
        />
      </form>
    </Modal>
  );
}
