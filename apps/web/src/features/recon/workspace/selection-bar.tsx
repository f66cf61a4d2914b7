import { Check, Link2, Split, Unlink, X } from 'lucide-react';
import { Button } from '../../../shared/ui/button.tsx';
import { formatMoney, type SelectionTotals } from './selection.ts';

export interface SelectionBarProps {
  totals: SelectionTotals;
  /** Groups of the selected rows, and those of them that are suggestions. */
  groupCount: number;
  suggestionCount: number;
  canEdit: boolean;
  onMatch: () => void;
  onAllocate: () => void;
  onUnmatch: () => void;
  onAccept: () => void;
  onReject: () => void;
  onClear: () => void;
}

/** The selection's running totals (left, right, difference — exact) and what can be done with it. */
export function SelectionBar(props: SelectionBarProps) {
  const { totals } = props;
  const currency = totals.currency ?? 'KES';
  const any = totals.leftCount + totals.rightCount > 0;
  const canMatch = props.canEdit && totals.leftCount + totals.rightCount > 0 && props.groupCount === 0;
  const canAllocate =
    props.canEdit && totals.leftCount === 1 && totals.rightCount >= 1 && props.groupCount === 0;
  return (
    <section
      aria-label="Selection"
      className="flex flex-col gap-3 rounded-xl border border-zinc-200 bg-white px-4 py-3 shadow-sm sm:px-5 lg:flex-row lg:items-center lg:justify-between dark:border-zinc-800 dark:bg-zinc-900"
    >
      <dl className="grid grid-cols-3 gap-3 text-sm lg:flex lg:gap-6" aria-live="polite">
        <div className="min-w-0">
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">Left ({totals.leftCount})</dt>
          <dd className="font-semibold break-words tabular-nums" data-testid="selection-left">
            {formatMoney(totals.left, currency)}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">Right ({totals.rightCount})</dt>
          <dd className="font-semibold break-words tabular-nums" data-testid="selection-right">
            {formatMoney(totals.right, currency)}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">Difference</dt>
          <dd
            data-testid="selection-difference"
            className={
              totals.difference === 0n
                ? 'font-semibold break-words text-green-700 tabular-nums dark:text-green-400'
                : 'font-semibold break-words text-amber-700 tabular-nums dark:text-amber-300'
            }
          >
            {formatMoney(totals.difference, currency)}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        {totals.currency === null && any && (
          <span className="text-xs text-amber-700 dark:text-amber-300">Mixed currencies</span>
        )}
        {props.groupCount === 0 ? (
          <>
            <Button size="sm" onClick={props.onMatch} disabled={!canMatch} aria-keyshortcuts="m">
              <Link2 aria-hidden="true" />
              Match
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={props.onAllocate}
              disabled={!canAllocate}
              aria-keyshortcuts="l"
              title="One left row over several right rows"
            >
              <Split aria-hidden="true" />
              Allocate
            </Button>
          </>
        ) : (
          <>
            {props.suggestionCount > 0 && (
              <>
                <Button size="sm" onClick={props.onAccept} disabled={!props.canEdit} aria-keyshortcuts="a">
                  <Check aria-hidden="true" />
                  {props.suggestionCount > 1 ? `Accept all (${props.suggestionCount})` : 'Accept'}
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={props.onReject}
                  disabled={!props.canEdit}
                  aria-keyshortcuts="r"
                >
                  <X aria-hidden="true" />
                  {props.suggestionCount > 1 ? `Reject all (${props.suggestionCount})` : 'Reject'}
                </Button>
              </>
            )}
            <Button
              variant="secondary"
              size="sm"
              onClick={props.onUnmatch}
              disabled={!props.canEdit}
              aria-keyshortcuts="u"
            >
              <Unlink aria-hidden="true" />
              {props.groupCount > 1 ? `Unmatch ${props.groupCount} groups` : 'Unmatch'}
            </Button>
          </>
        )}
        <Button variant="ghost" size="sm" onClick={props.onClear} disabled={!any}>
          Clear selection
        </Button>
      </div>
    </section>
  );
}
