import { type FormEvent, useEffect, useState } from 'react';
import { formErrorsOf } from '../../shared/lib/field-errors.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useCreateInvite, useGroups } from './team-api.ts';

export interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Invite a colleague by e-mail into chosen groups; the link goes out by e-mail (or the outbox). */
export function InviteDialog({ open, onClose }: InviteDialogProps) {
  const groups = useGroups();
  const invite = useCreateInvite();
  const [email, setEmail] = useState('');
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ email?: string; groups?: string; form?: string }>({});

  useEffect(() => {
    if (!open) return;
    setEmail('');
    setGroupIds([]);
    setErrors({});
  }, [open]);

  const toggle = (id: string) =>
    setGroupIds((current) =>
      current.includes(id) ? current.filter((item) => item !== id) : [...current, id],
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setErrors({ email: 'Enter an e-mail address' });
      return;
    }
    try {
      const created = await invite.mutateAsync({ email: email.trim(), group_ids: groupIds });
      toast.success(`Invitation sent to ${created.email}`);
      onClose();
    } catch (failure) {
      const { fields, form } = formErrorsOf(failure);
      setErrors({ email: fields.email, groups: fields.group_ids, form: form ?? undefined });
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Invite a colleague"
      description="They get a single-use link that expires in 7 days."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="invite-form" loading={invite.isPending}>
            Send invitation
          </Button>
        </>
      }
    >
      <form id="invite-form" onSubmit={submit} noValidate className="space-y-4">
        {errors.form && (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
          >
            {errors.form}
          </p>
        )}
        <TextField
          label="E-mail"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
          data-autofocus=""
        />
        <fieldset aria-describedby={errors.groups ? 'invite-groups-error' : undefined}>
          <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Groups</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {(groups.data ?? []).map((group) => (
              <label
                key={group.id}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-zinc-200 px-3 py-2 text-sm hover:bg-zinc-50 has-[:checked]:border-[var(--color-primary)] dark:border-zinc-700 dark:hover:bg-zinc-800"
              >
                <input
                  type="checkbox"
                  checked={groupIds.includes(group.id)}
                  onChange={() => toggle(group.id)}
                  className="size-4 accent-[var(--color-primary)]"
                />
                {group.name}
              </label>
            ))}
          </div>
          {errors.groups && (
            <p id="invite-groups-error" className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
              {errors.groups}
            </p>
          )}
        </fieldset>
      </form>
    </Modal>
  );
}
