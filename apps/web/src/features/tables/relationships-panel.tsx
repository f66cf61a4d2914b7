import type { RelationshipChange, RelationshipGroup, TableItem } from '@counterpart/contracts';
import { ArrowLeft, ArrowRight, Link2, Unlink } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { SearchInput } from '../../shared/ui/search-input.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { formatCell } from './cell-value.ts';
import { useChangeRelationship, useRelationships } from './links-api.ts';
import { useItems, useTable } from './tables-api.ts';

export interface RelationshipsPanelProps {
  tableId: string;
  item: TableItem;
  canEdit: boolean;
  onClose: () => void;
}

/** A row's linked records both ways (its link columns, and other tables' links to it), with link/unlink. */
export function RelationshipsPanel({ tableId, item, canEdit, onClose }: RelationshipsPanelProps) {
  const relationships = useRelationships(tableId, item.id);
  const change = useChangeRelationship();
  const data = relationships.data;

  const run = async (request: RelationshipChange, link: boolean) => {
    try {
      await change.mutateAsync({ change: request, link });
      toast.success(link ? 'Records linked' : 'Records unlinked');
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="normal"
      title={data ? `Linked records of ${data.label}` : 'Linked records'}
      description="Records this row links to, and records of other tables that link to it."
    >
      {relationships.isError ? (
        <ErrorAlert>{relationships.error.message}</ErrorAlert>
      ) : !data ? (
        <Spinner />
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          <section aria-labelledby="links-out">
            <h3 id="links-out" className="mb-2 flex items-center gap-1.5 text-sm font-semibold">
              <ArrowRight aria-hidden="true" className="size-4" /> Links from this row
            </h3>
            {data.outgoing.length === 0 && <Nothing text="This table has no link columns." />}
            {data.outgoing.map((group) => (
              <GroupList
                key={group.column_id}
                group={group}
                heading={`${group.column_name} → ${group.table_name}`}
                canEdit={canEdit}
                busy={change.isPending}
                onUnlink={(recordId) =>
                  run(
                    {
                      table_id: tableId,
                      item_id: item.id,
                      column_id: group.column_id,
                      linked_item_id: recordId,
                    },
                    false,
                  )
                }
              >
                {canEdit && (
                  <LinkPicker
                    tableId={group.table_id}
                    exclude={new Set([item.id, ...group.records.map((r) => r.id)])}
                    onLink={(recordId) =>
                      run(
                        {
                          table_id: tableId,
                          item_id: item.id,
                          column_id: group.column_id,
                          linked_item_id: recordId,
                        },
                        true,
                      )
                    }
                  />
                )}
              </GroupList>
            ))}
          </section>
          <section aria-labelledby="links-in">
            <h3 id="links-in" className="mb-2 flex items-center gap-1.5 text-sm font-semibold">
              <ArrowLeft aria-hidden="true" className="size-4" /> Links to this row
            </h3>
            {data.incoming.length === 0 && <Nothing text="No other table links here." />}
            {data.incoming.map((group) => (
              <GroupList
                key={`${group.table_id}:${group.column_id}`}
                group={group}
                heading={`${group.table_name} · ${group.column_name}`}
                canEdit={canEdit}
                busy={change.isPending}
                onUnlink={(recordId) =>
                  run(
                    {
                      table_id: group.table_id,
                      item_id: recordId,
                      column_id: group.column_id,
                      linked_item_id: item.id,
                    },
                    false,
                  )
                }
              />
            ))}
          </section>
        </div>
      )}
    </Modal>
  );
}

function Nothing({ text }: { text: string }) {
  return <p className="text-sm text-zinc-500 dark:text-zinc-400">{text}</p>;
}

function GroupList({
  group,
  heading,
  canEdit,
  busy,
  onUnlink,
  children,
}: {
  group: RelationshipGroup;
  heading: string;
  canEdit: boolean;
  busy: boolean;
  onUnlink: (recordId: string) => void;
  children?: React.ReactNode;
}) {
  return (
    <div className="mb-4 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <h4 className="mb-2 text-xs font-medium text-zinc-600 dark:text-zinc-300">
        {heading} <span className="text-zinc-400">({group.total})</span>
      </h4>
      {group.records.length === 0 ? (
        <Nothing text="No linked records." />
      ) : (
        <ul className="space-y-1">
          {group.records.map((record) => (
            <li key={record.id} className="flex items-center justify-between gap-2 text-sm">
              <span className="truncate">{record.label}</span>
              {canEdit && (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={busy}
                  aria-label={`Unlink ${record.label}`}
                  onClick={() => onUnlink(record.id)}
                >
                  <Unlink aria-hidden="true" /> Unlink
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {group.total > group.records.length && (
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          Showing {group.records.length} of {group.total}.
        </p>
      )}
      {children}
    </div>
  );
}

/** Finds records of the linked table by search and links one. */
function LinkPicker({
  tableId,
  exclude,
  onLink,
}: {
  tableId: string;
  exclude: ReadonlySet<string>;
  onLink: (recordId: string) => void;
}) {
  const [search, setSearch] = useState('');
  const table = useTable(tableId);
  const items = useItems(tableId, { pageNo: 1, pageSize: 20, order: 'asc', search, filters: [] });
  const first = table.data ? [...table.data.columns].sort((a, b) => a.position - b.position)[0] : undefined;
  const candidates = (items.data?.data ?? []).filter((candidate) => !exclude.has(candidate.id)).slice(0, 8);
  return (
    <div className="mt-3 space-y-2 border-t border-zinc-100 pt-3 dark:border-zinc-800">
      <SearchInput label="Find a record to link" placeholder="Find a record to link" onSearch={setSearch} />
      <ul className="space-y-1">
        {candidates.map((candidate) => {
          const label = first ? formatCell(first, candidate.values[first.id]) || candidate.id : candidate.id;
          return (
            <li key={candidate.id} className="flex items-center justify-between gap-2 text-sm">
              <span className="truncate">{label}</span>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Link ${label}`}
                onClick={() => onLink(candidate.id)}
              >
                <Link2 aria-hidden="true" /> Link
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
