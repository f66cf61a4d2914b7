import { type FormEvent, useEffect, useState } from 'react';
import { formErrorsOf } from '../../shared/lib/field-errors.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useCreateGroup, useRenameGroup } from './team-api.ts';

export interface GroupNameDialogProps {
  open: boolean;
  onClose: () => void;
  /** The group to rename; without it the dialog creates a group. */
  group?: { id: string; name: string } | undefined;
}

/** Create a group, or rename one: one name field, errors from the API under it. */
export function GroupNameDialog({ open, onClose, group }: GroupNameDialogProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateGroup();
  const rename = useRenameGroup();
  const busy = create.isPending || rename.isPending;

  useEffect(() => {
    if (open) {
      setName(group?.name ?? '');
      setError(undefined);
    }
  }, [open, group]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Enter a group name');
      return;
    }
    try {
      if (group) await rename.mutateAsync({ groupId: group.id, name: name.trim() });
      else await create.mutateAsync(name.trim());
      toast.success(group ? 'Group renamed' : 'Group created');
      onClose();
    } catch (failure) {
      const errors = formErrorsOf(failure);
      setError(errors.fields.name ?? errors.form ?? undefined);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={group ? `Rename ${group.name}` : 'New group'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="group-name-form" loading={busy}>
            {group ? 'Rename' : 'Create group'}
          </Button>
        </>
      }
    >
      <form id="group-name-form" onSubmit={submit} noValidate>
        <TextField
          label="Group name"
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
