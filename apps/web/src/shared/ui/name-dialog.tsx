import { type FormEvent, useEffect, useId, useState } from 'react';
import { formErrorsOf } from '../lib/field-errors.ts';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';
import { TextField } from './text-field.tsx';
import { toast } from './toast.tsx';

export interface NameDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The field's label, e.g. "Group name". */
  label: string;
  initialName: string;
  submitLabel: string;
  /** Shown under the field when it is left empty. */
  emptyMessage: string;
  busy: boolean;
  /** Saves the trimmed name; resolves with the success toast's text. API field errors show under the field. */
  onSave: (name: string) => Promise<string>;
}

/** A dialog with one name field (create or rename something): validation and API errors under the field. */
export function NameDialog(props: NameDialogProps) {
  const { open, onClose, title, label, initialName, submitLabel, emptyMessage, busy, onSave } = props;
  const formId = useId();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (open) {
      setName(initialName);
      setError(undefined);
    }
  }, [open, initialName]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(emptyMessage);
      return;
    }
    try {
      toast.success(await onSave(trimmed));
      onClose();
    } catch (failure) {
      const problems = formErrorsOf(failure);
      setError(problems.fields.name ?? problems.form ?? undefined);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          label={label}
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
