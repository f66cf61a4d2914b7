import type { GroupDetailResponse, ReconGroup, ReconItem, ReconStatus } from '@counterpart/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useCan } from '../../../shared/session/use-can.ts';
import { ErrorAlert } from '../../../shared/ui/error-alert.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { ApprovalsPanel } from '../approvals/approvals-panel.tsx';
import { AdjustDialog } from './adjust-dialog.tsx';
import { AllocateDialog } from './allocate-dialog.tsx';
import { GroupPanel } from './group-panel.tsx';
import { ItemList } from './item-list.tsx';
import { ItemTrail } from './item-trail.tsx';
import { MatchDialog } from './match-dialog.tsx';
import {
  type GroupDecision,
  useDecideGroups,
  useReconGroup,
  useReconKey,
  useReconTable,
  useTableMappings,
  useWorkspaceSummary,
} from './recon-api.ts';
import { RunDialog } from './run-dialog.tsx';
import {
  rowText,
  type ShortcutAction,
  selectedGroupIds,
  selectionTotals,
  shortcutOf,
  withoutGroups,
} from './selection.ts';
import { SelectionBar } from './selection-bar.tsx';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';
import { SuggestionQueue } from './suggestion-queue.tsx';
import { UnmatchDialog } from './unmatch-dialog.tsx';
import { WorkspaceHeader } from './workspace-header.tsx';

type Side = 'left' | 'right';

/** A row of one side (the item trail's subject, the list's active row). */
interface SideItem {
  side: Side;
  item: ReconItem;
}

type Dialog =
  | { kind: 'run' }
  | { kind: 'review' }
  | { kind: 'match' }
  | { kind: 'allocate' }
  | { kind: 'adjust'; groupId: string }
  | { kind: 'unmatch'; groupIds: string[] }
  | { kind: 'shortcuts' };

const DECISION_DONE: Record<GroupDecision, [string, string]> = {
  accept: ['Suggestion accepted', 'suggestions accepted'],
  reject: ['Suggestion rejected', 'suggestions rejected'],
  unmatch: ['Group unmatched', 'groups unmatched'],
  restore: ['Match restored', 'matches restored'],
};

/** How long the Undo of an unmatch stays in its toast (hovering or focusing it pauses the countdown). */
const UNDO_MS = 10_000;
const ROW_ID = /Row ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/g;

export interface ReconWorkspaceProps {
  leftTableId: string;
  rightTableId: string;
  mappingId: string;
  groupId: string | null;
  onGroup: (groupId: string | null) => void;
  onChangeTables: () => void;
}

function toggled(selection: ReadonlyMap<string, ReconItem>, item: ReconItem): Map<string, ReconItem> {
  const next = new Map(selection);
  if (next.has(item.item_id)) next.delete(item.item_id);
  else next.set(item.item_id, item);
  return next;
}

/** Loads a group, then offers to write its unexplained difference off. */
function AdjustGroupDialog({ groupId, onClose }: { groupId: string; onClose: () => void }) {
  const group = useReconGroup(groupId);
  if (!group.data) return null;
  return <AdjustDialog group={group.data.data} onClose={onClose} onAdjusted={onClose} />;
}

/** The workspace of two tables: header, both lists, the selection bar, and the dialogs of its actions. */
export function ReconWorkspace(props: ReconWorkspaceProps) {
  const { leftTableId, rightTableId, groupId } = props;
  const queryClient = useQueryClient();
  const reconKey = useReconKey();
  const summary = useWorkspaceSummary(leftTableId, rightTableId);
  const leftTable = useReconTable(leftTableId);
  const rightTable = useReconTable(rightTableId);
  const mappings = useTableMappings(leftTableId);
  const decide = useDecideGroups();
  const canUpdate = useCan('update', 'workflow');
  const canCreate = useCan('create', 'workflow');
  const canEdit = canUpdate || canCreate;
  const [left, setLeft] = useState<ReadonlyMap<string, ReconItem>>(new Map());
  const [right, setRight] = useState<ReadonlyMap<string, ReconItem>>(new Map());
  const [leftStatus, setLeftStatus] = useState<ReconStatus | undefined>(undefined);
  const [rightStatus, setRightStatus] = useState<ReconStatus | undefined>(undefined);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [trail, setTrail] = useState<SideItem | null>(null);
  const activeRow = useRef<SideItem | null>(null);

  const between = (mappings.data?.data ?? []).filter(
    (mapping) =>
      (mapping.left_table_id === leftTableId && mapping.right_table_id === rightTableId) ||
      (mapping.left_table_id === rightTableId && mapping.right_table_id === leftTableId),
  );
  const leftName = leftTable.data?.name ?? summary.data?.last_run?.left_table_name ?? 'Left table';
  const rightName = rightTable.data?.name ?? summary.data?.last_run?.right_table_name ?? 'Right table';
  const leftFields = summary.data?.left_fields;
  const rightFields = summary.data?.right_fields;
  const totals = selectionTotals(left, right);
  const groupIds = selectedGroupIds(left, right);
  const suggestionIds = selectedGroupIds(left, right, 'suggested');

  /** Selects or unselects a row; selecting the only row of the selection opens its trail. */
  const toggle = (side: Side, item: ReconItem) => {
    const nextLeft = side === 'left' ? toggled(left, item) : left;
    const nextRight = side === 'right' ? toggled(right, item) : right;
    setLeft(nextLeft);
    setRight(nextRight);
    const only =
      nextLeft.size + nextRight.size === 1 ? [...nextLeft.values(), ...nextRight.values()][0] : null;
    if (only) setTrail({ side: nextLeft.size === 1 ? 'left' : 'right', item: only });
  };

  const clearSelection = () => {
    setLeft(new Map());
    setRight(new Map());
  };

  const runDecision = async (ids: string[], decision: GroupDecision, reason = '') => {
    if (ids.length === 0) return;
    try {
      const answer = await decide.mutateAsync({ group_ids: ids, decision, reason });
      const [one, many] = DECISION_DONE[decision];
      const changed = answer.changed;
      if (changed.length > 0) {
        toast.success(
          changed.length === 1 ? one : `${changed.length} ${many}`,
          undefined,
          decision === 'unmatch'
            ? {
                duration: UNDO_MS,
                action: { label: 'Undo', onAction: () => void runDecision(changed, 'restore') },
              }
            : undefined,
        );
      }
      if (answer.refused.length > 0) {
        toast.error(
          decision === 'restore'
            ? 'Could not undo the unmatch'
            : answer.refused.length === 1
              ? 'One group was refused'
              : `${answer.refused.length} groups were refused`,
          answer.refused.map((refusal) => rowNamed(refusal.group_id, refusal.reason)).join('; '),
        );
      }
      setLeft((current) => withoutGroups(current, answer.changed));
      setRight((current) => withoutGroups(current, answer.changed));
      if (decision !== 'accept' && groupId && answer.changed.includes(groupId)) props.onGroup(null);
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };

  /** Unmatch asks first (UnmatchDialog); accept and reject act at once. */
  const askUnmatch = (ids: string[]) => {
    if (ids.length > 0) setDialog({ kind: 'unmatch', groupIds: ids });
  };
  /** A refusal naming a row by id ("Row 1f…") names it by its reference when the group is at hand. */
  const rowNamed = (refusedGroupId: string, reason: string) => {
    const detail = queryClient.getQueryData<GroupDetailResponse>([...reconKey, 'group', refusedGroupId]);
    return reason.replace(ROW_ID, (text, itemId: string) => {
      const item = detail?.data.items.find((candidate) => candidate.item_id === itemId);
      return item?.reference ? `Row ${item.reference}` : text;
    });
  };

  const decideGroup = (group: ReconGroup, decision: GroupDecision) =>
    decision === 'unmatch' ? askUnmatch([group.id]) : void runDecision([group.id], decision);

  // The keyboard shortcuts (M U A R J L ?), not while typing, not over another dialog.
  const shortcut = useRef<(action: ShortcutAction) => void>(() => undefined);
  shortcut.current = (action) => {
    if (dialog) return;
    if (action === 'help') return setDialog({ kind: 'shortcuts' });
    if (action === 'trail') {
      const only = left.size + right.size === 1 ? [...left.values(), ...right.values()][0] : null;
      const subject =
        activeRow.current ??
        (only ? { side: left.size === 1 ? ('left' as const) : ('right' as const), item: only } : null);
      if (subject) setTrail(subject);
      return;
    }
    if (!canEdit) return;
    const targets = groupId ? [groupId] : groupIds;
    if (action === 'match' && !groupId && groupIds.length === 0 && totals.leftCount + totals.rightCount > 0) {
      setDialog({ kind: 'match' });
    } else if (
      action === 'allocate' &&
      !groupId &&
      groupIds.length === 0 &&
      totals.leftCount === 1 &&
      totals.rightCount > 0
    ) {
      setDialog({ kind: 'allocate' });
    } else if (action === 'unmatch') {
      askUnmatch(targets);
    } else if (action === 'accept' || action === 'reject') {
      void runDecision(groupId ? [groupId] : suggestionIds, action);
    } else if (action === 'adjust' && targets.length === 1 && targets[0]) {
      setDialog({ kind: 'adjust', groupId: targets[0] });
    }
  };
  // The suggestion queue has its own letters (A, R, N, P) for the suggestion it shows.
  const queueOpen = useRef(false);
  queueOpen.current = dialog?.kind === 'review';
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutOf(event);
      if (!action || event.defaultPrevented || queueOpen.current) return;
      event.preventDefault();
      shortcut.current(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const trailLabel = ({ side, item }: SideItem) => {
    const { fields, columns } = tableSide(side);
    const text = rowText(item.values, fields, columns);
    return text.reference || text.description || 'No reference';
  };

  const refreshAll = () => queryClient.invalidateQueries({ queryKey: reconKey });
  const tableSide = (side: Side) => ({
    name: side === 'left' ? leftName : rightName,
    fields: side === 'left' ? leftFields : rightFields,
    columns: (side === 'left' ? leftTable.data?.columns : rightTable.data?.columns) ?? [],
  });

  return (
    <div className="space-y-4 dark:[color-scheme:dark]">
      <WorkspaceHeader
        leftName={leftName}
        rightName={rightName}
        summary={summary.data}
        canRun={canEdit}
        onRun={() => setDialog({ kind: 'run' })}
        onSuggestions={() => {
          setLeftStatus('suggested');
          setRightStatus('suggested');
        }}
        onReview={() => setDialog({ kind: 'review' })}
        onShortcuts={() => setDialog({ kind: 'shortcuts' })}
        onChangeTables={props.onChangeTables}
      />
      {summary.isError && <ErrorAlert>{summary.error.message}</ErrorAlert>}
      <SelectionBar
        totals={totals}
        groupCount={groupIds.length}
        suggestionCount={suggestionIds.length}
        canEdit={canEdit}
        onMatch={() => setDialog({ kind: 'match' })}
        onAllocate={() => setDialog({ kind: 'allocate' })}
        onUnmatch={() => askUnmatch(groupIds)}
        onAccept={() => void runDecision(suggestionIds, 'accept')}
        onReject={() => void runDecision(suggestionIds, 'reject')}
        onClear={clearSelection}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <ItemList
          side="left"
          tableId={leftTableId}
          tableName={leftName}
          fields={leftFields}
          columns={leftTable.data?.columns ?? []}
          selected={left}
          status={leftStatus}
          onStatus={setLeftStatus}
          onToggle={(item) => toggle('left', item)}
          onActive={(item) => {
            activeRow.current = item ? { side: 'left', item } : null;
          }}
          onOpenGroup={props.onGroup}
        />
        <ItemList
          side="right"
          tableId={rightTableId}
          tableName={rightName}
          fields={rightFields}
          columns={rightTable.data?.columns ?? []}
          selected={right}
          status={rightStatus}
          onStatus={setRightStatus}
          onToggle={(item) => toggle('right', item)}
          onActive={(item) => {
            activeRow.current = item ? { side: 'right', item } : null;
          }}
          onOpenGroup={props.onGroup}
        />
      </div>
      {trail && (
        <ItemTrail
          key={trail.item.item_id}
          item={trail.item}
          tableName={trail.side === 'left' ? leftName : rightName}
          label={trailLabel(trail)}
          canReverse={canUpdate}
          sides={{ left: tableSide('left'), right: tableSide('right') }}
          onClose={() => setTrail(null)}
        />
      )}
      {(summary.data?.pending_approvals ?? 0) > 0 && <ApprovalsPanel onChanged={() => void refreshAll()} />}

      {groupId && (
        <GroupPanel
          groupId={groupId}
          left={tableSide('left')}
          right={tableSide('right')}
          canEdit={canEdit}
          canReverse={canUpdate}
          busy={decide.isPending}
          onClose={() => props.onGroup(null)}
          onDecide={decideGroup}
          onAdjust={(group) => setDialog({ kind: 'adjust', groupId: group.id })}
        />
      )}
      {dialog?.kind === 'run' && leftFields && rightFields && leftTable.data && rightTable.data && (
        <RunDialog
          leftTableId={leftTableId}
          rightTableId={rightTableId}
          mappings={between}
          mappingId={props.mappingId}
          left={{ name: leftName, columns: leftTable.data.columns }}
          right={{ name: rightName, columns: rightTable.data.columns }}
          leftFields={leftFields}
          rightFields={rightFields}
          onClose={() => setDialog(null)}
          onFinished={() => {
            clearSelection();
            void refreshAll();
          }}
          onPreviewed={() => void summary.refetch()}
        />
      )}
      {dialog?.kind === 'review' && (
        <SuggestionQueue
          leftTableId={leftTableId}
          rightTableId={rightTableId}
          left={tableSide('left')}
          right={tableSide('right')}
          onClose={() => setDialog(null)}
          onDecided={() => {
            clearSelection();
            void queryClient.invalidateQueries({
              predicate: (query) => query.queryKey[2] !== 'suggestions' && query.queryKey[0] === 'recon',
            });
          }}
        />
      )}
      {dialog?.kind === 'match' && (
        <MatchDialog
          leftItemIds={[...left.keys()]}
          rightItemIds={[...right.keys()]}
          leftAmountColumn={leftFields?.amount}
          rightAmountColumn={rightFields?.amount}
          onClose={() => setDialog(null)}
          onMatched={(group) => {
            setDialog(null);
            clearSelection();
            props.onGroup(group.id);
          }}
        />
      )}
      {dialog?.kind === 'allocate' && [...left.keys()][0] && (
        <AllocateDialog
          paymentItemId={[...left.keys()][0] ?? ''}
          invoiceItemIds={[...right.keys()]}
          onClose={() => setDialog(null)}
          onAllocated={() => {
            setDialog(null);
            clearSelection();
          }}
        />
      )}
      {dialog?.kind === 'adjust' && (
        <AdjustGroupDialog groupId={dialog.groupId} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'unmatch' && (
        <UnmatchDialog
          groupIds={dialog.groupIds}
          busy={decide.isPending}
          onClose={() => setDialog(null)}
          onConfirm={(reason) =>
            void runDecision(dialog.groupIds, 'unmatch', reason).then(() => setDialog(null))
          }
        />
      )}
      {dialog?.kind === 'shortcuts' && <ShortcutsDialog onClose={() => setDialog(null)} />}
    </div>
  );
}
