import type { AssociationMapping, DataTable } from '@counterpart/contracts';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button, IconButton } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { ConfirmDialog, Modal } from '../../shared/ui/modal.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useDeleteMapping, useMappings } from './links-api.ts';
import { MappingDialog } from './mapping-dialog.tsx';
import { useTable } from './tables-api.ts';

export interface AssociationsPanelProps {
  table: DataTable;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  onClose: () => void;
}

/** The association mappings this table is part of (either side): list, create, edit, delete. */
export function AssociationsPanel({
  table,
  canCreate,
  canUpdate,
  canDelete,
  onClose,
}: AssociationsPanelProps) {
  const mappings = useMappings(table.id);
  const remove = useDeleteMapping();
  const [editing, setEditing] = useState<AssociationMapping | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AssociationMapping | null>(null);

  if (editing) {
    return (
      <MappingDialog
        table={table}
        mapping={editing === 'new' ? undefined : editing}
        onClose={() => setEditing(null)}
      />
    );
  }

  return (
    <>
      <Modal
        open={!deleting}
        onClose={onClose}
        size="normal"
        title={`Associations of ${table.name}`}
        description="Pairs of columns between two tables, what a reconcile block starts from."
        footer={
          canCreate ? (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" /> New mapping
            </Button>
          ) : undefined
        }
      >
        {mappings.isPending ? (
          <Spinner />
        ) : mappings.isError ? (
          <ErrorAlert>{mappings.error.message}</ErrorAlert>
        ) : mappings.data.data.length === 0 ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">No mapping involves {table.name} yet.</p>
        ) : (
          <ul className="space-y-3">
            {mappings.data.data.map((mapping) => (
              <li
                key={mapping.id}
                className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
                aria-label={mapping.name}
              >
                <div className="flex items-start justify-between gap-2">
                  <div>
                    <p className="text-sm font-medium">{mapping.name}</p>
                    <p className="text-xs text-zinc-500 dark:text-zinc-400">
                      {mapping.left_table_name} ↔ {mapping.right_table_name}
                    </p>
                  </div>
                  <div className="flex gap-1">
                    {canUpdate && (
                      <IconButton
                        label={`Edit ${mapping.name}`}
                        size="sm"
                        onClick={() => setEditing(mapping)}
                      >
                        <Pencil />
                      </IconButton>
                    )}
                    {canDelete && (
                      <IconButton
                        label={`Delete ${mapping.name}`}
                        size="sm"
                        onClick={() => setDeleting(mapping)}
                      >
                        <Trash2 />
                      </IconButton>
                    )}
                  </div>
                </div>
                <PairList mapping={mapping} />
              </li>
            ))}
          </ul>
        )}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        tone="danger"
        title={`Delete ${deleting?.name ?? ''}?`}
        message="Reconcile blocks that start from this mapping will need another one."
        confirmLabel="Delete mapping"
        loading={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(`${deleting.name} deleted`);
              setDeleting(null);
            },
            onError: (error) => toast.error('Request Failed', error.message),
          });
        }}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

/** The pairs of a mapping by column name (a column removed since shows as its id). */
function PairList({ mapping }: { mapping: AssociationMapping }) {
  const left = useTable(mapping.left_table_id);
  const right = useTable(mapping.right_table_id);
  const nameOf = (table: DataTable | undefined, id: string) =>
    table?.columns.find((c) => c.id === id)?.name ?? id;
  return (
    <ul className="mt-2 space-y-0.5 text-sm">
      {mapping.pairs.map((pair) => (
        <li key={`${pair.left_column_id}:${pair.right_column_id}`} className="tabular-nums">
          <span className="font-mono text-xs">{nameOf(left.data, pair.left_column_id)}</span>
          <span aria-hidden="true" className="mx-2 text-zinc-400">
            ↔
          </span>
          <span className="sr-only"> paired with </span>
          <span className="font-mono text-xs">{nameOf(right.data, pair.right_column_id)}</span>
        </li>
      ))}
    </ul>
  );
}
