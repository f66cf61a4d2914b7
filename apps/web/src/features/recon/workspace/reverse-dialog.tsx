import type {
  Adjustment,
  Allocation,
  GroupDetailResponse,
  GroupItem,
  SideFields,
  TableColumn,
} from '@counterpart/contracts';
import { Undo2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { formatDateTime } from '../../../shared/lib/date-time.ts';
import { formErrorsOf } from '../../../shared/lib/field-errors.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { ErrorAlert } from '../../../shared/ui/error-alert.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { type ReversalKind, useReverse } from './recon-api.ts';
import { formatMoney, rowText } from './selection.ts';

/** What a Reverse dialog names: the kind, the amount in its currency, what it is and the rows or documents. */
export interface ReverseTarget {
  kind: ReversalKind;
  id: string;
  amount: string;
  currency: string;
  /** "Write-off to 4100 Discounts: “Discount agreed”", "Allocation of PAY-1 to INV-1". */
  what: string;
  /** The rows (a write-off's group) or documents (an allocation's payment and invoice) it concerns. */
  items: string[];
}

const KIND_LABEL: Record<ReversalKind, string> = { adjustment: 'Write-off', allocation: 'Allocation' };

/** What the recon reads of a table (its fields and columns), to name its rows as the lists do. */
export interface SideText {
  fields: SideFields | undefined;
  columns: ReadonlyArray<TableColumn>;
}

/** A group's row as the group panel names it: its reference, else its row text's reference ("—" without). */
export function groupItemName(
  item: GroupItem,
  sides: { left: SideText; right: SideText } | undefined,
): string {
  const side = sides?.[item.side === 'left' ? 'left' : 'right'];
  const text = item.values && side ? rowText(item.values, side.fields, side.columns) : null;
  return item.reference || text?.reference || '—';
}

/** The rows of a group by name, left side first. */
function groupItemNames(
  detail: GroupDetailResponse | undefined,
  sides: { left: SideText; right: SideText } | undefined,
): string[] {
  if (!detail) return [];
  const order = ['left', 'right'] as const;
  return order.flatMap((side) =>
    detail.data.items.filter((item) => item.side === side).map((item) => groupItemName(item, sides)),
  );
}

/** An adjustment of a group as the Reverse dialog names it (its rows named through `sides` when given). */
export function adjustmentTarget(
  adjustment: Adjustment,
  detail?: GroupDetailResponse,
  sides?: { left: SideText; right: SideText },
): ReverseTarget {
  return {
    kind: 'adjustment',
    id: adjustment.id,
    amount: adjustment.amount,
    currency: adjustment.currency,
    what: `Write-off to ${adjustment.account}: “${adjustment.reason}”`,
    items: groupItemNames(detail, sides),
  };
}

/** An allocation as the Reverse dialog names it. */
export function allocationTarget(allocation: Allocation): ReverseTarget {
  return {
    kind: 'allocation',
    id: allocation.id,
    amount: allocation.amount,
    currency: allocation.currency,
    what: `Allocation of payment ${allocation.payment_number} to invoice ${allocation.invoice_number}`,
    items: [allocation.payment_number, allocation.invoice_number],
  };
}

/** "Reversed by ana@example.com on 26 Nov 2026, 23:10: Not a discount" (the decision's reason when given). */
export function reversedText(entry: {
  decided_by_email: string | null;
  decided_at: string | null;
  decision_reason: string | null;
}): string {
  const by = entry.decided_by_email ? ` by ${entry.decided_by_email}` : '';
  const on = entry.decided_at ? ` on ${formatDateTime(entry.decided_at)}` : '';
  return `Reversed${by}${on}${entry.decision_reason ? `: ${entry.decision_reason}` : ''}`;
}

/** The small Reverse button of a write-off or allocation line, named after what it reverses. */
export function ReverseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick} aria-label={label}>
      <Undo2 aria-hidden="true" />
      Reverse
    </Button>
  );
}

export interface ReverseDialogProps {
  target: ReverseTarget;
  onClose: () => void;
  /** After the server confirmed the reversal (the dialog has shown its toast). */
  onReversed: () => void;
}

/**
 * Asks for a reason, then reverses a write-off (the group's unexplained difference comes back) or an
 * allocation (the payment and the invoice are open again by its amount). Closes on the server's answer.
 */
export function ReverseDialog({ target, onClose, onReversed }: ReverseDialogProps) {
  const reverse = useReverse();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const amount = formatMoney(target.amount, target.currency);
  const kind = KIND_LABEL[target.kind];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!reason.trim()) {
      setError('Give a reason: the audit trail keeps it with the reversal');
      return;
    }
    setError(null);
    try {
      await reverse.mutateAsync({ kind: target.kind, id: target.id, reason: reason.trim() });
      toast.success(`${kind} reversed`, `${amount}: ${target.what}`);
      onReversed();
    } catch (failure) {
      const problems = formErrorsOf(failure);
      setError(problems.fields.reason ?? null);
      setFormError(
        problems.form ?? (problems.fields.reason ? null : (Object.values(problems.fields)[0] ?? null)),
      );
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!reverse.isPending}
      title={`Reverse this ${kind.toLowerCase()}?`}
      description={
        target.kind === 'adjustment'
          ? `${amount} comes back as unexplained difference of the match group.`
          : `${amount} goes back to the payment, and the invoice is open again by the same amount. The rows stay matched.`
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={reverse.isPending}>
            Cancel
          </Button>
          <Button variant="danger" type="submit" form="reverse-form" loading={reverse.isPending}>
            {`Reverse ${kind.toLowerCase()}`}
          </Button>
        </>
      }
    >
      <form id="reverse-form" className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <dl
          aria-label="What is reversed"
          className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-lg border border-zinc-200 px-3 py-2.5 text-sm dark:border-zinc-800"
        >
          <dt className="text-zinc-500 dark:text-zinc-400">Kind</dt>
          <dd className="min-w-0 font-medium">{kind}</dd>
          <dt className="text-zinc-500 dark:text-zinc-400">Amount</dt>
          <dd className="min-w-0 font-semibold tabular-nums" data-testid="reverse-amount">
            {amount}
          </dd>
          <dt className="text-zinc-500 dark:text-zinc-400">What</dt>
          <dd className="min-w-0 break-words">{target.what}</dd>
          {target.items.length > 0 && (
            <>
              <dt className="text-zinc-500 dark:text-zinc-400">
                {target.kind === 'adjustment' ? 'Rows' : 'Documents'}
              </dt>
              <dd className="min-w-0 break-words">{target.items.join(' · ')}</dd>
            </>
          )}
        </dl>
        <TextField
          label="Reason"
          value={reason}
          maxLength={1000}
          required
          onChange={(event) => setReason(event.target.value)}
          error={error ?? undefined}
          placeholder="e.g. Written off by mistake"
          hint="Kept in the audit trail with the reversal."
          data-autofocus=""
        />
        {formError && <ErrorAlert>{formError}</ErrorAlert>}
      </form>
    </Modal>
  );
}
