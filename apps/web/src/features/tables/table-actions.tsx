import { countOf } from '@counterpart/domain';
import { Eraser, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../shared/ui/button.tsx';
import { ConfirmDialog } from '../../shared/ui/modal.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { DeleteTableDialog } from './delete-table-dialog.tsx';
import { useClearTable, useDeleteItems, useDeleteTable } from './tables-api.ts';

export interface TableActionsProps {
  tableId: string;
  tableName: string;
  selected: string[];
  onDeleted: () => void;
}

/**
 * Delete the selected rows, clear the whole table, or delete the table, each behind a confirmation
 * naming what goes (the table's names what uses it).
 */
export function TableActions({ tableId, tableName, selected, onDeleted }: TableActionsProps) {
  const remove = useDeleteItems(tableId);
  const clear = useClearTable(tableId);
  const dropTable = useDeleteTable(tableId);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<'delete' | 'clear' | 'table' | null>(null);
  const count = selected.length;
  const rows = countOf(count, 'row');

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
      setConfirming(null);
      onDeleted();
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };

  return (
    <>
      {count > 0 && (
        <Button variant="danger" size="sm" onClick={() => setConfirming('delete')}>
          <Trash2 aria-hidden="true" />
          Delete {rows}
        </Button>
      )}
      <Button variant="secondary" size="sm" onClick={() => setConfirming('clear')}>
        <Eraser aria-hidden="true" />
        Clear table
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setConfirming('table')}>
        <Trash2 aria-hidden="true" />
        Delete table
      </Button>
      <DeleteTableDialog
        open={confirming === 'table'}
        tableId={tableId}
        tableName={tableName}
        loading={dropTable.isPending}
        onConfirm={async () => {
          try {
            await dropTable.mutateAsync();
            toast.success(`${tableName} deleted`);
            setConfirming(null);
            await navigate('/tables');
          } catch (error) {
            toast.error('Request Failed', error instanceof Error ? error.message : undefined);
          }
        }}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        tone="danger"
        title={`Delete ${rows}?`}
        message={`The selected ${rows} of ${tableName} will be deleted.`}
        confirmLabel={`Delete ${rows}`}
        loading={remove.isPending}
        onConfirm={() => void run(() => remove.mutateAsync(selected), `${rows} deleted`)}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'clear'}
        tone="danger"
        title={`Clear ${tableName}?`}
        message={`Every row of ${tableName} will be deleted. Its columns stay.`}
        confirmLabel="Clear table"
        loading={clear.isPending}
        onConfirm={() => void run(() => clear.mutateAsync(tableName), `${tableName} cleared`)}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
