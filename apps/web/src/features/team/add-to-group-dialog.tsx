import type { TeamMember } from '@counterpart/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { FIELD_CLASSES } from '../../shared/ui/text-field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useAddGroupMember, useGroups } from './team-api.ts';

export interface AddToGroupDialogProps {
  member: TeamMember | null;
  onClose: () => void;
}

/** Puts a member in one more group (POST group_members). */
export function AddToGroupDialog({ member, onClose }: AddToGroupDialogProps) {
  const groups = useGroups();
  const add = useAddGroupMember();
  const selectId = useId();
  const [groupName, setGroupName] = useState('');
  const joined = new Set(member?.groups.map((group) => group.name));
  const choices = (groups.data ?? []).filter((group) => !joined.has(group.name));

  useEffect(() => {
    if (member) setGroupName('');
  }, [member]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!member || !groupName) return;
    try {
      await add.mutateAsync({ username: member.username, groupName });
      toast.success(`${member.full_name || member.email} added to ${groupName}`);
      onClose();
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };

  return (
    <Modal
      open={member !== null}
      onClose={onClose}
      title={`Add ${member?.full_name || member?.email || ''} to a group`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="add-to-group-form" loading={add.isPending} disabled={!groupName}>
            Add to group
          </Button>
        </>
      }
    >
      <form id="add-to-group-form" onSubmit={submit} className="space-y-1.5">
        <label htmlFor={selectId} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
          Group
        </label>
        <select
          id={selectId}
          value={groupName}
          onChange={(event) => setGroupName(event.target.value)}
          className={FIELD_CLASSES}
          data-autofocus=""
        >
          <option value="">Choose a group…</option>
          {choices.map((group) => (
            <option key={group.id} value={group.name}>
              {group.name}
            </option>
          ))}
        </select>
        {groups.isSuccess && choices.length === 0 && (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">This member is already in every group.</p>
        )}
      </form>
    </Modal>
  );
}
