import type { TableColumn } from '@counterpart/contracts';
import { NameDialog } from '../../shared/ui/name-dialog.tsx';
import { useUpdateColumn } from './tables-api.ts';

export interface RenameColumnDialogProps {
  tableId: string;
  column: TableColumn;
  onClose: () => void;
}

/** Renames one column (mounted while open). */
export function RenameColumnDialog({ tableId, column, onClose }: RenameColumnDialogProps) {
  const update = useUpdateColumn(tableId);
  return (
    <NameDialog
      open
      onClose={onClose}
      title={`Rename ${column.name}`}
      label="Column name"
      initialName={column.name}
      submitLabel="Rename"
      emptyMessage="Name the column"
      busy={update.isPending}
      onSave={async (name) => {
        await update.mutateAsync({ columnId: column.id, change: { name } });
        return `Column renamed to ${name}`;
      }}
    />
  );
}
