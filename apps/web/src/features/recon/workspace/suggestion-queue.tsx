/**
 * The suggestions of a pair of tables reviewed one by one: both sides' rows and why the engine paired
 * them, then Accept, Reject or Next — by button or by key (A, R, N; P goes back). "Accept all shown"
 * accepts only the suggestions of this page that are still undecided, after a confirmation naming
 * how many. Decided suggestions leave the queue when it loads its next page.
 */
import type { ReconGroup } from '@counterpart/contracts';
import { countOf } from '@counterpart/domain';
import { Check, CheckCheck, ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { GroupDetails, type GroupSide } from './group-panel.tsx';
import { useDecideGroups, useSuggestionPage } from './recon-api.ts';

type Decision = 'accept' | 'reject';

const DONE: Record<Decision, string> = { accept: 'Accepted', reject: 'Rejected' };

export interface SuggestionQueueProps {
  leftTableId: string;
  rightTableId: string;
  left: GroupSide;
  right: GroupSide;
  onClose: () => void;
  /** Something was decided: the workspace's counts and lists are stale. */
  onDecided: () => void;
}

/** Whether a key press came from a field the user types in (its letters are not shortcuts there). */
function typing(event: KeyboardEvent): boolean {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function SuggestionQueue(props: SuggestionQueueProps) {
  const page = useSuggestionPage(props.leftTableId, props.rightTableId);
  const decide = useDecideGroups();
  const [index, setIndex] = useState(0);
  const [decided, setDecided] = useState<ReadonlyMap<string, Decision>>(new Map());
  const [confirmAll, setConfirmAll] = useState(false);
  // The page as first loaded: deciding refreshes every recon query, but the queue keeps its order
  // (and the decided ones, marked) until the user asks for the next page.
  const [shown, setShown] = useState<{ groups: ReconGroup[]; total: number } | null>(null);
  useEffect(() => {
    if (shown === null && page.data) setShown({ groups: page.data.data, total: page.data.total });
  }, [shown, page.data]);
  const groups = shown?.groups ?? [];
  const total = shown?.total ?? 0;
  const current: ReconGroup | undefined = groups[Math.min(index, Math.max(0, groups.length - 1))];
  const open = groups.filter((group) => !decided.has(group.id));
  const busy = decide.isPending;

  /** The next undecided suggestion after `from` (wrapping), else stay. */
  const advance = (from: number, after: ReadonlyMap<string, Decision>) => {
    for (let step = 1; step <= groups.length; step++) {
      const next = (from + step) % groups.length;
      const group = groups[next];
      if (group && !after.has(group.id)) {
        setIndex(next);
        return;
      }
    }
  };

  const apply = async (ids: string[], decision: Decision) => {
    if (ids.length === 0 || busy) return;
    try {
      const answer = await decide.mutateAsync({ group_ids: ids, decision });
      const next = new Map(decided);
      for (const id of answer.changed) next.set(id, decision);
      setDecided(next);
      if (answer.changed.length > 0) {
        props.onDecided();
        toast.success(
          answer.changed.length === 1
            ? `Suggestion ${DONE[decision].toLowerCase()}`
            : `${answer.changed.length} suggestions ${DONE[decision].toLowerCase()}`,
        );
      }
      if (answer.refused.length > 0) {
        toast.error(
          answer.refused.length === 1 ? 'Not changed' : `${answer.refused.length} not changed`,
          answer.refused[0]?.reason,
        );
      }
      advance(index, next);
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };

  const decideCurrent = (decision: Decision) => {
    if (current && !decided.has(current.id)) void apply([current.id], decision);
  };
  const move = (step: number) => {
    if (groups.length > 0) setIndex((i) => (i + step + groups.length) % groups.length);
  };
  const loadNext = async () => {
    const next = await page.refetch();
    setDecided(new Map());
    setIndex(0);
    if (next.data) setShown({ groups: next.data.data, total: next.data.total });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (confirmAll || event.defaultPrevented || typing(event)) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 'a') decideCurrent('accept');
    else if (key === 'r') decideCurrent('reject');
    else if (key === 'n' || event.key === 'ArrowRight') move(1);
    else if (key === 'p' || event.key === 'ArrowLeft') move(-1);
    else return;
    event.preventDefault();
  };

  // The letters work wherever focus is in the dialog (its buttons too), so the listener is the page's.
  const keyHandler = useRef(onKeyDown);
  keyHandler.current = onKeyDown;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const currentDecision = current ? decided.get(current.id) : undefined;
  const position = current ? groups.indexOf(current) + 1 : 0;

  return (
    <Modal
      open
      size="normal"
      onClose={props.onClose}
      title="Review suggestions"
      description={
        total > 0
          ? `${countOf(total, 'suggestion')} to review. Keys: A accept, R reject, N next, P previous.`
          : undefined
      }
      footer={
        current && open.length > 0 ? (
          <>
            <Button
              variant="secondary"
              onClick={() => setConfirmAll(true)}
              disabled={busy}
              className="sm:mr-auto"
            >
              <CheckCheck aria-hidden="true" />
              Accept all shown ({open.length})
            </Button>
            <Button
              variant="ghost"
              onClick={() => move(-1)}
              aria-keyshortcuts="p"
              aria-label="Previous suggestion"
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button variant="ghost" onClick={() => move(1)} aria-keyshortcuts="n">
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
            <Button
              variant="secondary"
              onClick={() => decideCurrent('reject')}
              disabled={busy || currentDecision !== undefined}
              aria-keyshortcuts="r"
            >
              <X aria-hidden="true" />
              Reject
            </Button>
            <Button
              onClick={() => decideCurrent('accept')}
              loading={busy}
              disabled={currentDecision !== undefined}
              aria-keyshortcuts="a"
              data-autofocus=""
            >
              <Check aria-hidden="true" />
              Accept
            </Button>
          </>
        ) : undefined
      }
    >
      <div className="space-y-4">
        {shown === null && !page.isError ? (
          <Spinner label="Loading the suggestions" />
        ) : page.isError ? (
          <p role="alert" className="text-red-600 dark:text-red-400">
            {page.error.message}
          </p>
        ) : groups.length === 0 ? (
          <p className="text-zinc-600 dark:text-zinc-300">
            No suggestions to review between {props.left.name} and {props.right.name}. A run proposes them
            when rows nearly match.
          </p>
        ) : open.length === 0 ? (
          <div className="space-y-3" role="status">
            <p className="text-zinc-700 dark:text-zinc-200">
              {groups.length === 1
                ? 'The suggestion shown is decided'
                : `All ${countOf(groups.length, 'suggestion')} shown are decided`}
              {total > groups.length
                ? `; ${(total - groups.length).toLocaleString('en-US')} more wait.`
                : '.'}
            </p>
            {total > groups.length && (
              <Button onClick={() => void loadNext()} loading={page.isFetching}>
                Review the next {Math.min(total - groups.length, groups.length)}
              </Button>
            )}
          </div>
        ) : (
          current && (
            <>
              <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-300">
                <span aria-live="polite" data-testid="queue-position">
                  Suggestion {position} of {groups.length}
                  {total > groups.length ? ` (this page of ${total.toLocaleString('en-US')})` : ''}
                </span>
                {currentDecision && (
                  <strong className="text-zinc-900 dark:text-zinc-50" data-testid="queue-decision">
                    {DONE[currentDecision]}
                  </strong>
                )}
              </p>
              <GroupDetails group={current} adjustments={[]} left={props.left} right={props.right} />
            </>
          )
        )}
      </div>
      {confirmAll && (
        <Modal
          open
          size="small"
          onClose={() => setConfirmAll(false)}
          title={`Accept ${countOf(open.length, 'suggestion')}?`}
          description={`Only the ${countOf(open.length, 'undecided suggestion')} of this page ${open.length === 1 ? 'is' : 'are'} accepted${total > groups.length ? `; the other ${(total - groups.length).toLocaleString('en-US')} stay to review` : ''}. Each can be unmatched later.`}
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirmAll(false)}>
                Cancel
              </Button>
              <Button
                loading={busy}
                data-autofocus=""
                onClick={() => {
                  setConfirmAll(false);
                  void apply(
                    open.map((group) => group.id),
                    'accept',
                  );
                }}
              >
                Accept {open.length}
              </Button>
            </>
          }
        >
          {null}
        </Modal>
      )}
    </Modal>
  );
}
