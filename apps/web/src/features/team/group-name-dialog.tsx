import { NameDialog } from '../../shared/ui/name-dialog.tsx';
import { useCreateGroup, useRenameGroup } from './team-api.ts';

export interface GroupNameDialogProps {
  open: boolean;
  onClose: () => void;
  /** The group to rename; without it the dialog creates a group. */
  group?: { id: string; name: string } | undefined;
}

/** Create a group, or rename one: one name field, errors from the API under it. */
export function GroupNameDialog({ open, onClose, group }: GroupNameDialogProps) {
  const create = useCreateGroup();
  const rename = useRenameGroup();
  return (
    <NameDialog
      open={open}
      onClose={onClose}
      title={group ? `Rename ${group.name}` : 'New group'}
      label="Group name"
      initialName={group?.name ?? ''}
      submitLabel={group ? 'Rename' : 'Create group'}
      emptyMessage="Enter a group name"
      busy={create.isPending || rename.isPending}
      onSave={async (name) => {
        if (group) await rename.mutateAsync({ groupId: group.id, name });
        else await create.mutateAsync(name);
        return group ? 'Group renamed' : 'Group created';
      }}
    />
  );
}
