import { countOf } from '@counterpart/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { useReconGroups } from './recon-api.ts';
import { formatMoney } from './selection.ts';

/** Groups whose rows and write-offs the confirmation loads and names (a bulk unmatch of more is counted only). */
export const UNMATCH_DETAILED_GROUPS = 50;

/** The rule of the groups Allocate makes (the server's ALLOCATION_RULE): unmatching one reverses its allocations. */
const ALLOCATION_RULE = 'allocation';

export interface UnmatchDialogProps {
  groupIds: ReadonlyArray<string>;
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}

const plural = (count: number, one: string, many: string) => countOf(count, one, many);

/**
 * Asks before unmatching: how many groups and rows, and what else goes with them — the groups' active or
 * pending write-offs with their amounts, and the allocations of a group made by Allocate — with an
 * optional reason the audit trail keeps. Cancel changes nothing.
 */
export function UnmatchDialog({ groupIds, busy, onClose, onConfirm }: UnmatchDialogProps) {
  const [reason, setReason] = useState('');
  const detailed = groupIds.slice(0, UNMATCH_DETAILED_GROUPS);
  const groups = useReconGroups(detailed);
  const loading = groups.some((query) => query.isPending);
  const loaded = groups.flatMap((query) => (query.data ? [query.data] : []));
  const rows = loaded.reduce((sum, { data }) => sum + data.items.length, 0);
  const adjustments = loaded.flatMap(({ adjustments }) =>
    adjustments.filter(
      (adjustment) => adjustment.state === 'active' || adjustment.state === 'pending_approval',
    ),
  );
  const allocations = loaded.filter(({ data }) => data.rule_id === ALLOCATION_RULE).length;
  const counted = groupIds.length === detailed.length;
  const groupWords = plural(groupIds.length, 'group', 'groups');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(reason.trim());
  };

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!busy}
      title={`Unmatch ${groupWords}?`}
      description={
        loading
          ? `Unmatching ${groupWords}.`
          : `${groupIds.length === 1 ? 'Its' : 'Their'} ${counted ? plural(rows, 'row goes', 'rows go') : `${plural(rows, 'row', 'rows')} (of the first ${detailed.length} groups) and more go`} back to unreconciled.`
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" type="submit" form="unmatch-form" loading={busy} disabled={loading}>
            {`Unmatch ${groupWords}`}
          </Button>
        </>
      }
    >
      <form id="unmatch-form" className="space-y-4" onSubmit={submit} noValidate>
        {loading ? (
          <Spinner label="Loading what the unmatch reverses" />
        ) : (
          <section aria-labelledby="unmatch-reverses" className="space-y-2">
            <h3 id="unmatch-reverses" className="text-xs font-medium text-zinc-500 dark:text-zinc-400">
              Also reversed
            </h3>
            {adjustments.length === 0 && allocations === 0 ? (
              <p className="text-zinc-600 dark:text-zinc-300">Nothing else: no write-offs or allocations.</p>
            ) : (
              <ul
                aria-label="Also reversed"
                className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
              >
                {adjustments.map((adjustment) => (
                  <li key={adjustment.id} className="flex items-start justify-between gap-3 px-3 py-2">
                    <span className="min-w-0">
                      <span className="block font-medium break-words">Write-off: {adjustment.reason}</span>
                      <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                        {adjustment.account}
                        {adjustment.state === 'pending_approval' ? ' · awaiting approval' : ''}
                      </span>
                    </span>
                    <span className="shrink-0 font-medium whitespace-nowrap tabular-nums">
                      {formatMoney(adjustment.amount, adjustment.currency)}
                    </span>
                  </li>
                ))}
                {allocations > 0 && (
                  <li className="px-3 py-2">
                    {allocations === 1
                      ? 'The allocation of its payment: the payment and the invoices are open again by the same amounts.'
                      : `The allocations of ${allocations} payments: the payments and the invoices are open again by the same amounts.`}
                  </li>
                )}
              </ul>
            )}
          </section>
        )}
        <TextField
          label="Reason (optional)"
          value={reason}
          maxLength={1000}
          onChange={(event) => setReason(event.target.value)}
          placeholder="e.g. Matched to the wrong invoice"
          hint="Kept in the audit trail."
          data-autofocus=""
        />
      </form>
    </Modal>
  );
}
