import type { AllocationFromItemsResult } from '@counterpart/contracts';
import { countOf } from '@counterpart/domain';
import { useEffect, useState } from 'react';
import { classNames } from '../../../shared/lib/class-names.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { FIELD_CLASSES } from '../../../shared/ui/text-field.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { useAllocateFromItems } from './recon-api.ts';
import { formatMoney, inputToMinor, minorToInput } from './selection.ts';

export interface AllocationCheck {
  amounts: Array<bigint | null>;
  allocated: bigint;
  remaining: bigint;
  /** Per line: what is wrong with its amount, or null. */
  lineErrors: Array<string | null>;
  /** What is wrong with the whole, or null. */
  error: string | null;
}

/** Checks typed allocation amounts against the payment's and each invoice's open amounts (exact). */
export function checkAllocation(
  paymentOpen: bigint,
  lines: ReadonlyArray<{ open: bigint; text: string }>,
): AllocationCheck {
  const amounts = lines.map((line) => inputToMinor(line.text));
  const lineErrors = lines.map((line, index) => {
    const amount = amounts[index];
    if (amount === null || amount === undefined) return 'Enter an amount, e.g. 150.00';
    if (amount < 0n) return 'Enter an amount of 0 or more';
    const open = line.open < 0n ? -line.open : line.open;
    if (amount > open) return `At most ${minorToInput(open)} is open on this invoice`;
    return null;
  });
  const allocated = amounts.reduce<bigint>((sum, amount) => sum + (amount ?? 0n), 0n);
  const open = paymentOpen < 0n ? -paymentOpen : paymentOpen;
  const remaining = open - allocated;
  let error: string | null = null;
  if (remaining < 0n) error = `That is ${minorToInput(-remaining)} more than the payment has open`;
  else if (allocated === 0n) error = 'Allocate something to at least one invoice';
  return { amounts, allocated, remaining, lineErrors, error };
}

export interface AllocateDialogProps {
  paymentItemId: string;
  invoiceItemIds: string[];
  onClose: () => void;
  onAllocated: () => void;
}

/** One payment row spread over several invoice rows: oldest first, amounts editable, remaining shown. */
export function AllocateDialog(props: AllocateDialogProps) {
  const allocate = useAllocateFromItems();
  const [proposal, setProposal] = useState<AllocationFromItemsResult | null>(null);
  const [texts, setTexts] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const inputKey = JSON.stringify([props.paymentItemId, props.invoiceItemIds]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the proposal is asked once per selection (inputKey).
  useEffect(() => {
    allocate
      .mutateAsync({
        payment_item_id: props.paymentItemId,
        invoice_item_ids: props.invoiceItemIds,
        preview: true,
      })
      .then((answer) => {
        setProposal(answer);
        setTexts(answer.lines.map((line) => minorToInput(line.amount)));
      })
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : 'The proposal failed'));
  }, [inputKey]);

  const check = proposal
    ? checkAllocation(
        BigInt(proposal.payment.open_amount),
        proposal.lines.map((line, index) => ({ open: BigInt(line.open_amount), text: texts[index] ?? '' })),
      )
    : null;
  const valid = check !== null && check.error === null && check.lineErrors.every((error) => error === null);

  const confirm = async () => {
    if (!proposal || !check || !valid) return;
    try {
      const answer = await allocate.mutateAsync({
        payment_item_id: props.paymentItemId,
        invoice_item_ids: proposal.lines.map((line) => line.invoice_item_id),
        amounts: check.amounts.map((amount) => (amount ?? 0n).toString()),
        preview: false,
      });
      toast.success(
        answer.needs_approval ? 'Allocation sent for approval' : 'Payment allocated',
        `${formatMoney(check.allocated, proposal.currency)} over ${countOf(proposal.lines.length, 'invoice')}`,
      );
      props.onAllocated();
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };

  return (
    <Modal
      open
      size="normal"
      onClose={props.onClose}
      dismissible={!allocate.isPending}
      title="Allocate the payment"
      description="Oldest invoices first. Change any amount before confirming."
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose} disabled={allocate.isPending}>
            Cancel
          </Button>
          <Button
            onClick={() => void confirm()}
            loading={allocate.isPending && proposal !== null}
            disabled={!valid}
          >
            Confirm allocation
          </Button>
        </>
      }
    >
      {problem ? (
        <p role="alert" className="text-red-600 dark:text-red-400">
          {problem}
        </p>
      ) : !proposal || !check ? (
        <Spinner label="Working out the allocation" />
      ) : (
        <div className="space-y-4">
          <p>
            Payment open:{' '}
            <strong className="tabular-nums">
              {formatMoney(proposal.payment.open_amount, proposal.currency)}
            </strong>
          </p>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[28rem] text-left text-sm">
              <caption className="sr-only">Invoices and the amount allocated to each</caption>
              <thead className="text-xs text-zinc-500 dark:text-zinc-400">
                <tr>
                  <th className="py-1.5 pr-3 font-medium">Invoice</th>
                  <th className="py-1.5 pr-3 font-medium">Date</th>
                  <th className="py-1.5 pr-3 text-right font-medium">Open</th>
                  <th className="py-1.5 text-right font-medium">Allocate</th>
                </tr>
              </thead>
              <tbody>
                {proposal.lines.map((line, index) => {
                  const error = check.lineErrors[index];
                  return (
                    <tr
                      key={line.invoice_item_id}
                      className="border-t border-zinc-100 align-top dark:border-zinc-800"
                    >
                      <td className="py-2 pr-3">{line.reference || '—'}</td>
                      <td className="py-2 pr-3 whitespace-nowrap">{line.date ?? '—'}</td>
                      <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                        {formatMoney(line.open_amount, proposal.currency)}
                      </td>
                      <td className="py-2 text-right">
                        <input
                          aria-label={`Amount for ${line.reference || `invoice ${index + 1}`}`}
                          inputMode="decimal"
                          aria-invalid={error ? true : undefined}
                          className={classNames(FIELD_CLASSES, 'ml-auto w-32 text-right tabular-nums')}
                          value={texts[index] ?? ''}
                          onChange={(event) =>
                            setTexts((current) =>
                              current.map((text, position) =>
                                position === index ? event.target.value : text,
                              ),
                            )
                          }
                        />
                        {error && (
                          <span className="mt-1 block text-xs text-red-600 dark:text-red-400">{error}</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <dl className="flex flex-wrap gap-6">
            <div>
              <dt className="text-xs text-zinc-500 dark:text-zinc-400">Allocated</dt>
              <dd className="font-semibold tabular-nums">
                {formatMoney(check.allocated, proposal.currency)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-zinc-500 dark:text-zinc-400">Remaining on the payment</dt>
              <dd className="font-semibold tabular-nums" data-testid="allocation-remaining">
                {formatMoney(check.remaining, proposal.currency)}
              </dd>
            </div>
          </dl>
          {check.error && (
            <p role="alert" className="text-red-600 dark:text-red-400">
              {check.error}
            </p>
          )}
          {proposal.needs_approval && (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300">
              Needs approval: a second person must approve this allocation.
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
