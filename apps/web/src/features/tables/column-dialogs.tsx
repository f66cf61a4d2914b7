import type { TableColumn } from '@counterpart/contracts';
import { ConfirmDialog } from '../../shared/ui/modal.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { movedColumnIds } from './column-order.ts';
import { RenameColumnDialog } from './rename-column-dialog.tsx';
import { RetypeColumnDialog } from './retype-column-dialog.tsx';
import { useRemoveColumn, useReorderColumns } from './tables-api.ts';

/** The column dialog open from a column menu, if any. */
export type ColumnDialogState = { kind: 'rename' | 'retype' | 'remove'; column: TableColumn } | null;

export interface ColumnDialogProps {
  tableId: string;
  dialog: NonNullable<ColumnDialogState>;
  onClose: () => void;
  /** After a column is removed or retyped (the view drops its sort and filters on it). */
  onChanged: (column: TableColumn) => void;
}

/** Renders the rename / change type / remove dialog of one column (mounted while open). */
export function ColumnDialog({ tableId, dialog, onClose, onChanged }: ColumnDialogProps) {
  if (dialog.kind === 'rename')
    return <RenameColumnDialog tableId={tableId} column={dialog.column} onClose={onClose} />;
  if (dialog.kind === 'remove')
    return (
      <RemoveColumnDialog tableId={tableId} column={dialog.column} onClose={onClose} onRemoved={onChanged} />
    );
  return (
    <RetypeColumnDialog tableId={tableId} column={dialog.column} onClose={onClose} onRetyped={onChanged} />
  );
}

function RemoveColumnDialog({
  tableId,
  column,
  onClose,
  onRemoved,
}: {
  tableId: string;
  column: TableColumn;
  onClose: () => void;
  onRemoved: (column: TableColumn) => void;
}) {
  const remove = useRemoveColumn(tableId);
  const confirm = async () => {
    try {
      await remove.mutateAsync(column.id);
      toast.success(`Column ${column.name} removed`);
      onRemoved(column);
      onClose();
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };
  return (
    <ConfirmDialog
      open
      tone="danger"
      title={`Remove ${column.name}?`}
      message={`The column ${column.name} and every value in it will be deleted. This cannot be undone.`}
      confirmLabel="Remove column"
      loading={remove.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}

/**
 * Moves a column past its visible neighbour (PUT columns/order); resolves to whether it moved. Failures
 * are toasted.
 */
export function useMoveColumn(tableId: string) {
  const reorder = useReorderColumns(tableId);
  return async (
    columns: TableColumn[],
    visible: TableColumn[],
    column: TableColumn,
    to: 'left' | 'right',
  ): Promise<boolean> => {
    const ids = movedColumnIds(
      columns.map((candidate) => candidate.id),
      visible.map((candidate) => candidate.id),
      column.id,
      to,
    );
    if (!ids) return false;
    try {
      await reorder.mutateAsync(ids);
      toast.success(`${column.name} moved ${to}`);
      return true;
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
      return false;
    }
  };
}
