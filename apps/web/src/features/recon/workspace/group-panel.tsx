import type {
  Adjustment,
  Allocation,
  GroupDetailResponse,
  GroupItem,
  ReconGroup,
  SideFields,
  SuggestionWhy,
  TableColumn,
} from '@counterpart/contracts';
import { countOf } from '@counterpart/domain';
import { Check, Scale, Unlink, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { formatDateTime } from '../../../shared/lib/date-time.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { StatusBadge } from '../../../shared/ui/status-badge.tsx';
import { ReconAuditPanel } from '../audit/audit-panel.tsx';
import { unexplainedOf } from './adjust-dialog.tsx';
import { useReconGroup } from './recon-api.ts';
import {
  adjustmentTarget,
  allocationTarget,
  ReverseButton,
  ReverseDialog,
  type ReverseTarget,
  reversedText,
} from './reverse-dialog.tsx';
import { ReverseEntryAction } from './reverse-entry.tsx';
import { formatMoney, rowText } from './selection.ts';

const STATE_LABELS: Record<ReconGroup['state'], string> = {
  active: 'Active',
  pending_approval: 'Awaiting approval',
  rejected: 'Rejected',
  undone: 'Unmatched',
};

/** One side of the workspace: its table's name, the fields the recon reads and the table's columns. */
export interface GroupSide {
  name: string;
  fields: SideFields | undefined;
  columns: ReadonlyArray<TableColumn>;
}

export interface GroupPanelProps {
  groupId: string;
  left: GroupSide;
  right: GroupSide;
  canEdit: boolean;
  /** Whether the user may reverse write-offs and allocations (recon update). */
  canReverse: boolean;
  busy: boolean;
  onClose: () => void;
  onDecide: (group: ReconGroup, decision: 'accept' | 'reject' | 'unmatch') => void;
  onAdjust: (group: ReconGroup) => void;
}

const CAPTION = 'mb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400';
const AMOUNT_LINES =
  'divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800';

/**
 * One line of a ruled list (`AMOUNT_LINES`): what it is, a detail in small print (wrapped, never cut:
 * a ledger row's customer shows there), and its amount; a note under it (how it was reversed) and an action beside the amount when given.
 */
function AmountLine({
  title,
  detail,
  amount,
  note,
  action,
  testId,
}: {
  title: string;
  detail: ReactNode;
  amount: string;
  note?: string | undefined;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <li className="flex items-start justify-between gap-3 px-3 py-2" data-testid={testId}>
      <span className="min-w-0">
        <span className="block font-medium break-words">{title}</span>
        <span data-detail="" className="block text-xs break-words text-zinc-500 dark:text-zinc-400">
          {detail}
        </span>
        {note && (
          <span className="mt-0.5 block text-xs break-words text-zinc-600 dark:text-zinc-300">{note}</span>
        )}
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <span className="font-medium whitespace-nowrap tabular-nums">{amount}</span>
        {action}
      </span>
    </li>
  );
}

function ItemsTable(props: { side: GroupSide; items: GroupItem[]; currency: string }) {
  return (
    <div className="min-w-0">
      <h3 className={CAPTION}>{props.side.name}</h3>
      {props.items.length === 0 ? (
        <p className="text-zinc-500 dark:text-zinc-400">No rows on this side.</p>
      ) : (
        <ul className={AMOUNT_LINES}>
          {props.items.map((item) => {
            const text = item.values ? rowText(item.values, props.side.fields, props.side.columns) : null;
            return (
              <AmountLine
                key={item.item_id}
                title={item.reference || text?.reference || '—'}
                detail={[item.date, text?.description].filter(Boolean).join(' · ')}
                amount={formatMoney(item.amount, props.currency)}
              />
            );
          })}
        </ul>
      )}
    </div>
  );
}

const percentOf = (score: number) => `${Math.round(score * 100)} %`;

/** Why a run left the group for a person, in words (the rival named by its reference and table). */
export function suggestionWhyText(why: SuggestionWhy, left: GroupSide, right: GroupSide): string {
  if (why.kind === 'threshold') {
    return `Its score, ${percentOf(why.score)}, is below the ${percentOf(why.auto_accept)} an automatic match needs.`;
  }
  if (why.kind === 'other_subset') {
    return `Another set of ${countOf(why.size, 'row')} adds up to the same amount.`;
  }
  const table = (why.side === 'left' ? left : right).name;
  const rival = why.reference ? `${why.reference} in ${table}` : `another row of ${table}`;
  return `${rival} fits nearly as well (${percentOf(why.score)}, within ${Math.round(why.gap * 100)} points of this one).`;
}

/**
 * When the suggestion contradicts an explicit reference (issue 19): the left row's reference names
 * another right row exactly — "Its reference names INV-10167 in Ledger, but INV-10103 was chosen."
 */
export function suggestionContradictionText(
  why: SuggestionWhy,
  right: GroupSide,
  chosen: ReadonlyArray<string | undefined>,
): string | null {
  if (!why.names) return null;
  const named = why.names.reference || why.names.key;
  const picked = chosen.filter((reference): reference is string => Boolean(reference)).join(', ');
  return `Its reference names ${named} in ${right.name}, but ${picked || 'another row'} was chosen.`;
}

/** A match group: its rows on both sides, totals, difference, the rule and its score in words, actions, audit. */
export function GroupPanel(props: GroupPanelProps) {
  const group = useReconGroup(props.groupId);
  const data = group.data?.data;
  const adjustments = group.data?.adjustments ?? [];
  const live = data && (data.state === 'active' || data.state === 'pending_approval');
  const suggested = live && data.status === 'suggested';
  const remainder = data ? unexplainedOf(data) : 0n;
  const [reversing, setReversing] = useState<ReverseTarget | null>(null);

  return (
    <>
      <Modal
        open
        size="normal"
        onClose={props.onClose}
        title={
          data ? `${data.source === 'manual' ? 'Manual match' : data.rule_name || 'Match'}` : 'Match group'
        }
        description={
          data
            ? `Created ${formatDateTime(data.created_at)}${data.created_by_email ? ` by ${data.created_by_email}` : ''}`
            : undefined
        }
        footer={
          data && live && props.canEdit ? (
            <>
              {suggested && (
                <>
                  <Button
                    variant="secondary"
                    onClick={() => props.onDecide(data, 'reject')}
                    disabled={props.busy}
                    aria-keyshortcuts="r"
                  >
                    <X aria-hidden="true" />
                    Reject
                  </Button>
                  <Button
                    onClick={() => props.onDecide(data, 'accept')}
                    loading={props.busy}
                    aria-keyshortcuts="a"
                  >
                    <Check aria-hidden="true" />
                    Accept
                  </Button>
                </>
              )}
              {!suggested && remainder !== 0n && data.state === 'active' && (
                <Button
                  variant="secondary"
                  onClick={() => props.onAdjust(data)}
                  disabled={props.busy}
                  aria-keyshortcuts="j"
                >
                  <Scale aria-hidden="true" />
                  Adjust
                </Button>
              )}
              {!suggested && (
                <Button
                  variant="danger"
                  onClick={() => props.onDecide(data, 'unmatch')}
                  loading={props.busy}
                  aria-keyshortcuts="u"
                >
                  <Unlink aria-hidden="true" />
                  Unmatch
                </Button>
              )}
            </>
          ) : undefined
        }
      >
        {group.isPending ? (
          <Spinner label="Loading the group" />
        ) : group.isError ? (
          <p role="alert" className="text-red-600 dark:text-red-400">
            {group.error.message}
          </p>
        ) : (
          data && (
            <div className="space-y-5">
              <GroupDetails
                group={data}
                adjustments={adjustments}
                allocations={group.data?.allocations ?? []}
                left={props.left}
                right={props.right}
                onReverse={props.canReverse ? setReversing : undefined}
                detail={group.data}
              />
              <ReconAuditPanel
                groupId={data.id}
                renderEntryAction={
                  props.canReverse ? (entry) => <ReverseEntryAction entry={entry} sides={props} /> : undefined
                }
              />
            </div>
          )
        )}
      </Modal>
      {reversing && (
        <ReverseDialog
          target={reversing}
          onClose={() => setReversing(null)}
          onReversed={() => setReversing(null)}
        />
      )}
    </>
  );
}

/**
 * What a group is: its status and state, score, why its rows match, totals and difference, what is
 * still unexplained, adjustments, note and both sides' rows (the group panel and the suggestion queue).
 */
export function GroupDetails(props: {
  group: ReconGroup;
  adjustments: Adjustment[];
  allocations?: Allocation[];
  left: GroupSide;
  right: GroupSide;
  /** Offers Reverse on active write-offs and allocations (left out: none, e.g. a suggestion). */
  onReverse?: ((target: ReverseTarget) => void) | undefined;
  /** The group's detail, to name a write-off's rows in the Reverse dialog. */
  detail?: GroupDetailResponse | undefined;
}) {
  const { group: data, adjustments, onReverse } = props;
  const allocations = props.allocations ?? [];
  const remainder = unexplainedOf(data);
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={data.status} label={data.status[0]?.toUpperCase() + data.status.slice(1)} />
        <StatusBadge
          status={data.state === 'active' ? 'active' : data.state}
          label={STATE_LABELS[data.state]}
        />
        {data.source === 'auto' && (
          <span className="text-zinc-600 dark:text-zinc-300">
            Score <strong className="tabular-nums">{Math.round(data.score * 100)} %</strong>
          </span>
        )}
      </div>
      {data.features.length > 0 && (
        <section aria-labelledby="score-breakdown">
          <h3 id="score-breakdown" className={CAPTION}>
            Why these rows match
          </h3>
          <ul className="flex flex-wrap gap-1.5">
            {data.features.map((feature) => (
              <li
                key={feature.name}
                className="rounded-full bg-zinc-100 px-2.5 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
              >
                {feature.detail}
              </li>
            ))}
          </ul>
          <p className="sr-only">{data.features.map((feature) => feature.detail).join(', ')}</p>
        </section>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Left total', data.left_total],
          ['Right total', data.right_total],
          ['Difference', data.difference],
          ['Adjusted', data.adjusted],
        ].map(([label, amount]) => (
          <div key={label}>
            <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
            <dd
              className="font-semibold tabular-nums"
              data-testid={`group-${label?.toLowerCase().replace(' ', '-')}`}
            >
              {formatMoney(amount, data.currency)}
            </dd>
          </div>
        ))}
      </dl>
      {remainder !== 0n && (
        <p className="text-amber-800 dark:text-amber-300">
          Still unexplained: <strong className="tabular-nums">{formatMoney(remainder, data.currency)}</strong>
        </p>
      )}
      {adjustments.length > 0 && (
        <section aria-labelledby="group-adjustments">
          <h3 id="group-adjustments" className={CAPTION}>
            Adjustments
          </h3>
          <ul className={AMOUNT_LINES} aria-labelledby="group-adjustments">
            {adjustments.map((adjustment) => (
              <AmountLine
                key={adjustment.id}
                testId="group-adjustment"
                title={adjustment.reason}
                detail={
                  <>
                    {adjustment.account} · {adjustment.state.replace('_', ' ')}
                    {adjustment.created_by_email ? ` · ${adjustment.created_by_email}` : ''}
                  </>
                }
                amount={formatMoney(adjustment.amount, adjustment.currency)}
                note={adjustment.state === 'reversed' ? reversedText(adjustment) : undefined}
                action={
                  onReverse && adjustment.state === 'active' ? (
                    <ReverseButton
                      label={`Reverse the write-off “${adjustment.reason}”`}
                      onClick={() => onReverse(adjustmentTarget(adjustment, props.detail, props))}
                    />
                  ) : undefined
                }
              />
            ))}
          </ul>
        </section>
      )}
      {allocations.length > 0 && (
        <section aria-labelledby="group-allocations">
          <h3 id="group-allocations" className={CAPTION}>
            Allocations
          </h3>
          <ul className={AMOUNT_LINES} aria-labelledby="group-allocations">
            {allocations.map((allocation) => (
              <AmountLine
                key={allocation.id}
                testId="group-allocation"
                title={`${allocation.payment_number} → ${allocation.invoice_number}`}
                detail={
                  <>
                    {allocation.state.replace('_', ' ')}
                    {allocation.created_by_email ? ` · ${allocation.created_by_email}` : ''}
                  </>
                }
                amount={formatMoney(allocation.amount, allocation.currency)}
                note={allocation.state === 'reversed' ? reversedText(allocation) : undefined}
                action={
                  onReverse && allocation.state === 'active' ? (
                    <ReverseButton
                      label={`Reverse the allocation of ${allocation.payment_number} to ${allocation.invoice_number}`}
                      onClick={() => onReverse(allocationTarget(allocation))}
                    />
                  ) : undefined
                }
              />
            ))}
          </ul>
        </section>
      )}
      {data.status === 'suggested' && data.why && (
        <section aria-labelledby="suggestion-why">
          <h3 id="suggestion-why" className={CAPTION}>
            Why it is only a suggestion
          </h3>
          <p className="text-zinc-700 dark:text-zinc-200" data-testid="suggestion-why">
            {suggestionWhyText(data.why, props.left, props.right)}
          </p>
          {data.why.names && (
            <p
              className="mt-1 font-medium text-amber-800 dark:text-amber-300"
              data-testid="suggestion-contradiction"
            >
              {suggestionContradictionText(
                data.why,
                props.right,
                data.items
                  .filter((item) => item.side === 'right')
                  .map(
                    (item) =>
                      item.reference ||
                      (item.values
                        ? rowText(item.values, props.right.fields, props.right.columns).reference
                        : undefined),
                  ),
              )}
            </p>
          )}
        </section>
      )}
      {data.note && <p className="text-zinc-600 dark:text-zinc-300">Note: {data.note}</p>}
      <div className="grid gap-4 md:grid-cols-2">
        {(['left', 'right'] as const).map((side) => (
          <ItemsTable
            key={side}
            side={props[side]}
            items={data.items.filter((item) => item.side === side)}
            currency={data.currency}
          />
        ))}
      </div>
    </>
  );
}
