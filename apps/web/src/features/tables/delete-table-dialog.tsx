import type { TableUsage, TableUser } from '@counterpart/contracts';
import { countOf } from '@counterpart/domain';
import { ConfirmDialog } from '../../shared/ui/modal.tsx';
import { useTableUsage } from './tables-api.ts';

const LIST = new Intl.ListFormat('en-US', { type: 'conjunction' });

function plural(n: number, one: string, many: string): string {
  return countOf(n, one, many);
}

function Users({ title, users }: { title: string; users: TableUser[] }) {
  if (users.length === 0) return null;
  return (
    <div>
      <p className="font-medium text-zinc-800 dark:text-zinc-200">{title}</p>
      <ul aria-label={title} className="ml-5 list-disc">
        {users.map((user) => (
          <li key={user.id}>{user.name}</li>
        ))}
      </ul>
    </div>
  );
}

/** What deleting takes along and what it leaves without the table, from the server's usage. */
function UsageText({ name, usage }: { name: string; usage: TableUsage }) {
  const taken = [
    plural(usage.rows, 'row', 'rows'),
    usage.mappings.length > 0
      ? plural(usage.mappings.length, 'association mapping', 'association mappings')
      : null,
    usage.match_groups > 0 ? plural(usage.match_groups, 'match group', 'match groups') : null,
  ].filter((part): part is string => part !== null);
  const left = usage.workflows.length + usage.rule_sets.length;
  return (
    <div className="space-y-3 text-sm">
      <p>
        {name} will be deleted with its {LIST.format(taken)}. This cannot be undone.
      </p>
      <Users title="Association mappings deleted with it" users={usage.mappings} />
      <Users title="Workflows that use it" users={usage.workflows} />
      <Users title="Rule sets its runs used" users={usage.rule_sets} />
      {left > 0 && (
        <p>Those workflows and rule sets stay: point them at another table before they run again.</p>
      )}
    </div>
  );
}

export interface DeleteTableDialogProps {
  open: boolean;
  tableId: string;
  tableName: string;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirmation of deleting a table: named, with what uses it (read when it opens). */
export function DeleteTableDialog({
  open,
  tableId,
  tableName,
  loading,
  onConfirm,
  onCancel,
}: DeleteTableDialogProps) {
  const usage = useTableUsage(tableId, open);
  return (
    <ConfirmDialog
      open={open}
      tone="danger"
      title={`Delete ${tableName}?`}
      message={
        usage.data ? (
          <UsageText name={tableName} usage={usage.data} />
        ) : usage.isError ? (
          <p>{tableName} and its rows will be deleted. What uses it could not be read.</p>
        ) : (
          <p>Reading what uses {tableName}…</p>
        )
      }
      confirmLabel="Delete table"
      loading={loading || usage.isPending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
