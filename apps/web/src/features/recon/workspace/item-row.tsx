import type { ReconItem, ReconStatus, SideFields, TableColumn } from '@counterpart/contracts';
import { Check } from 'lucide-react';
import { memo } from 'react';
import { classNames } from '../../../shared/lib/class-names.ts';
import { StatusBadge } from '../../../shared/ui/status-badge.tsx';
import { formatMoney, rowText } from './selection.ts';

/** Every row of the workspace's lists has this height (px): the virtual list needs no measuring. */
export const ROW_HEIGHT = 56;

export const STATUS_LABELS: Record<ReconStatus, string> = {
  reconciled: 'Reconciled',
  partial: 'Partial',
  suggested: 'Suggested',
  unreconciled: 'Unreconciled',
};

export interface ItemRowProps {
  id: string;
  item: ReconItem;
  /** 0-based position in the filtered list (aria-posinset is one more). */
  index: number;
  /** How many rows the filter has in all (loaded or not). */
  setSize: number;
  selected: boolean;
  active: boolean;
  fields: SideFields | undefined;
  columns: ReadonlyArray<TableColumn>;
  onClick: (index: number, item: ReconItem) => void;
  onCheck: (index: number, item: ReconItem) => void;
}

/** One option of a workspace list: checkbox, reference, date and description, amount, status. */
export const ItemRow = memo(function ItemRow(props: ItemRowProps) {
  const { item, index, selected, fields, columns } = props;
  const text = rowText(item.values, fields, columns);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keys (Space, Enter, arrows) for its active option.
    <div
      tabIndex={-1}
      id={props.id}
      role="option"
      aria-selected={selected}
      aria-setsize={props.setSize}
      aria-posinset={index + 1}
      data-index={index}
      data-status={item.status}
      style={{ height: ROW_HEIGHT }}
      onClick={() => props.onClick(index, item)}
      className={classNames(
        'flex cursor-pointer items-center gap-3 border-b border-zinc-100 px-3 text-sm sm:px-4 dark:border-zinc-800/70',
        selected
          ? 'bg-[var(--color-primary)]/10 dark:bg-[var(--color-primary)]/20'
          : 'hover:bg-zinc-50 dark:hover:bg-zinc-800/50',
        props.active &&
          'group-focus-within:outline-2 group-focus-within:-outline-offset-2 group-focus-within:outline-[var(--color-primary)]/70',
      )}
    >
      <span
        aria-hidden="true"
        data-testid="row-checkbox"
        onClick={(event) => {
          event.stopPropagation();
          props.onCheck(index, item);
        }}
        className={classNames(
          'flex size-4 shrink-0 items-center justify-center rounded border',
          selected
            ? 'border-[var(--color-primary)] bg-[var(--color-primary)] text-white'
            : 'border-zinc-400 dark:border-zinc-600',
        )}
      >
        {selected && <Check className="size-3" strokeWidth={3} />}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-zinc-900 dark:text-zinc-100">
          {text.reference || text.description || 'No reference'}
        </span>
        <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
          {[item.date, text.reference ? text.description : ''].filter(Boolean).join(' · ') || '—'}
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <span className="font-medium whitespace-nowrap text-zinc-900 tabular-nums dark:text-zinc-100">
          {formatMoney(item.amount, item.currency)}
        </span>
        <StatusBadge
          status={item.status}
          label={
            item.group_state === 'pending_approval'
              ? `${STATUS_LABELS[item.status]} · awaiting approval`
              : STATUS_LABELS[item.status]
          }
        />
      </span>
    </div>
  );
});
