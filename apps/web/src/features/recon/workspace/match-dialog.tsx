import type { ManualMatchPreview, ReconGroup } from '@counterpart/contracts';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { StatusBadge } from '../../../shared/ui/status-badge.tsx';
import { FIELD_CLASSES } from '../../../shared/ui/text-field.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { useMatch, usePreviewMatch } from './recon-api.ts';
import { formatMoney } from './selection.ts';

export interface MatchDialogProps {
  leftItemIds: string[];
  rightItemIds: string[];
  leftAmountColumn?: string | undefined;
  rightAmountColumn?: string | undefined;
  onClose: () => void;
  onMatched: (group: ReconGroup) => void;
}

/** Confirms a manual match from the server's preview: totals, difference, resulting status, approval. */
export function MatchDialog(props: MatchDialogProps) {
  const previewMatch = usePreviewMatch();
  const match = useMatch();
  const [preview, setPreview] = useState<ManualMatchPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const noteId = useId();
  const input = {
    left_item_ids: props.leftItemIds,
    right_item_ids: props.rightItemIds,
    left_amount_column: props.leftAmountColumn,
    right_amount_column: props.rightAmountColumn,
  };
  const inputKey = JSON.stringify(input);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the preview is asked once per selection (inputKey).
  useEffect(() => {
    previewMatch
      .mutateAsync(input)
      .then(setPreview)
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : 'The preview failed'));
  }, [inputKey]);

  const confirm = async () => {
    try {
      const answer = await match.mutateAsync({ ...input, note });
      const group = answer.data;
      toast.success(
        group.state === 'pending_approval' ? 'Match sent for approval' : 'Rows matched',
        `${group.status === 'reconciled' ? 'Reconciled' : 'Partial'} · difference ${formatMoney(group.difference, group.currency)}`,
      );
      props.onMatched(group);
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };

  const conflicts = preview?.conflicts.length ?? 0;
  return (
    <Modal
      open
      onClose={props.onClose}
      dismissible={!match.isPending}
      title="Match the selected rows?"
      description={`${props.leftItemIds.length} left and ${props.rightItemIds.length} right rows become one group.`}
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose} disabled={match.isPending}>
            Cancel
          </Button>
          <Button
            onClick={() => void confirm()}
            loading={match.isPending}
            disabled={!preview || conflicts > 0}
            data-autofocus=""
          >
            Confirm match
          </Button>
        </>
      }
    >
      {problem ? (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {problem}
        </p>
      ) : !preview ? (
        <Spinner label="Working out the totals" />
      ) : (
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <div>
              <dt className="text-xs text-zinc-500 dark:text-zinc-400">Left total</dt>
              <dd className="font-semibold tabular-nums">
                {formatMoney(preview.left_total, preview.currency)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-zinc-500 dark:text-zinc-400">Right total</dt>
              <dd className="font-semibold tabular-nums">
                {formatMoney(preview.right_total, preview.currency)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-zinc-500 dark:text-zinc-400">Difference</dt>
              <dd className="font-semibold tabular-nums" data-testid="match-difference">
                {formatMoney(preview.difference, preview.currency)}
              </dd>
            </div>
          </dl>
          <p className="flex flex-wrap items-center gap-2">
            Becomes
            <StatusBadge
              status={preview.status}
              label={preview.status === 'reconciled' ? 'Reconciled' : 'Partial'}
            />
            {preview.status === 'partial' && (
              <span className="text-zinc-500 dark:text-zinc-400">
                — write the difference off later with Adjust.
              </span>
            )}
          </p>
          {preview.needs_approval && (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300">
              Needs approval: a second person must approve this match before it counts.
            </p>
          )}
          {conflicts > 0 && (
            <p role="alert" className="text-red-600 dark:text-red-400">
              {conflicts === 1 ? 'One row is' : `${conflicts} rows are`} already matched in another group.
              Unmatch it first or leave it out.
            </p>
          )}
          <div className="space-y-1.5">
            <label htmlFor={noteId} className="block text-sm font-medium">
              Note (optional)
            </label>
            <textarea
              id={noteId}
              rows={2}
              maxLength={1000}
              className={FIELD_CLASSES}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
        </div>
      )}
    </Modal>
  );
}
