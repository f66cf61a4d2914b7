import { type FormEvent, useState } from 'react';
import { formErrorsOf } from '../../shared/lib/field-errors.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { ColumnDraftFields } from './column-draft-fields.tsx';
import { type ColumnDraft, checkColumnDrafts, type DraftCheck, newColumnDraft } from './column-drafts.ts';
import { useAddColumn } from './tables-api.ts';

export interface AddColumnDialogProps {
  tableId: string;
  onClose: () => void;
}

/** Adds one typed column to a table (mounted while open). */
export function AddColumnDialog({ tableId, onClose }: AddColumnDialogProps) {
  const add = useAddColumn(tableId);
  const [draft, setDraft] = useState<ColumnDraft>(() => newColumnDraft());
  const [errors, setErrors] = useState<DraftCheck['errors'][string]>();
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkColumnDrafts([draft]);
    setErrors(check.errors[draft.key]);
    const column = check.columns[0];
    if (check.errors[draft.key] || !column) return;
    try {
      await add.mutateAsync(column);
      toast.success(`Column ${column.name} added`);
      onClose();
    } catch (error) {
      const problems = formErrorsOf(error);
      setErrors({
        name: problems.fields.name,
        currency: problems.fields.currency,
        options: problems.fields.options,
      });
      setFormError(problems.form);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Add column"
      size="normal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="add-column-form" loading={add.isPending}>
            Add column
          </Button>
        </>
      }
    >
      <form id="add-column-form" onSubmit={submit} noValidate className="space-y-3">
        {formError && <ErrorAlert>{formError}</ErrorAlert>}
        <ColumnDraftFields draft={draft} index={0} errors={errors} onChange={setDraft} />
      </form>
    </Modal>
  );
}
