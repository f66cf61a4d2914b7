import type { ReconGroup } from '@counterpart/contracts';
import { type FormEvent, useState } from 'react';
import { formErrorsOf } from '../../../shared/lib/field-errors.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { ErrorAlert } from '../../../shared/ui/error-alert.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { useAdjust } from './recon-api.ts';
import { formatMoney, inputToMinor, minorToInput } from './selection.ts';

/** What a group's difference still leaves unexplained: difference − adjusted. */
export function unexplainedOf(group: Pick<ReconGroup, 'difference' | 'adjusted'>): bigint {
  return BigInt(group.difference) - BigInt(group.adjusted);
}

export interface AdjustDialogProps {
  group: ReconGroup;
  onClose: () => void;
  onAdjusted: () => void;
}

/** Writes (part of) a group's difference off with a reason and an account. */
export function AdjustDialog({ group, onClose, onAdjusted }: AdjustDialogProps) {
  const adjust = useAdjust();
  const remainder = unexplainedOf(group);
  const [amount, setAmount] = useState(minorToInput(remainder));
  const [reason, setReason] = useState('');
  const [account, setAccount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const minor = inputToMinor(amount);
    const found: Record<string, string> = {};
    if (minor === null) found.amount = 'Enter an amount, e.g. 150.00';
    else if (minor === 0n) found.amount = 'Enter an amount other than 0';
    if (!reason.trim()) found.reason = 'Give a reason';
    if (!account.trim()) found.account = 'Name the account';
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0 || minor === null) return;
    try {
      await adjust.mutateAsync({ group_id: group.id, amount: minor.toString(), reason, account });
      toast.success('Adjustment recorded', `${formatMoney(minor, group.currency)} to ${account.trim()}`);
      onAdjusted();
    } catch (error) {
      const problems = formErrorsOf(error);
      setErrors(problems.fields);
      setFormError(problems.form ?? null);
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!adjust.isPending}
      title="Adjust the difference"
      description={`Unexplained: ${formatMoney(remainder, group.currency)} (difference ${formatMoney(group.difference, group.currency)}, adjusted ${formatMoney(group.adjusted, group.currency)}).`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={adjust.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="adjust-form" loading={adjust.isPending}>
            Record adjustment
          </Button>
        </>
      }
    >
      <form id="adjust-form" className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={`Amount (${group.currency})`}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={errors.amount}
          hint="Defaults to what is still unexplained. Same sign as the difference."
          data-autofocus=""
        />
        <TextField
          label="Reason"
          value={reason}
          maxLength={1000}
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason}
          placeholder="e.g. Bank charges"
        />
        <TextField
          label="Account"
          value={account}
          maxLength={120}
          onChange={(event) => setAccount(event.target.value)}
          error={errors.account}
          placeholder="e.g. 6100 Bank charges"
        />
        {formError && <ErrorAlert>{formError}</ErrorAlert>}
      </form>
    </Modal>
  );
}
