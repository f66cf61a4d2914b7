import { type Approval, type ApprovalDecisionInput, approvalsPageSchema } from '@counterpart/contracts';
import { formatMinorCurrency } from '@counterpart/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ShieldCheck, X } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDateTime } from '../../../shared/lib/date-time.ts';
import { http } from '../../../shared/session/http-client.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { useCan } from '../../../shared/session/use-can.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { EmptyView } from '../../../shared/ui/empty-view.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { FIELD_CLASSES } from '../../../shared/ui/text-field.tsx';
import { toast } from '../../../shared/ui/toast.tsx';

const APPROVALS_PATH = '/api/recon/v1/recon/approvals';
const APPROVALS_PAGE_SIZE = 20;
const KIND_LABELS: Record<Approval['kind'], string> = {
  group: 'Match',
  adjustment: 'Adjustment',
  allocation: 'Allocation',
};
export const OWN_REQUEST_TEXT = 'You asked for this one: another person must approve it';

function useApprovalsKey(): readonly unknown[] {
  const organizationId = useSessionStore((state) => state.organizationId);
  return ['recon', organizationId, 'approvals'];
}

/** GET /v1/recon/approvals: what waits for a second person (maker-checker). */
function useApprovals(pageNo: number) {
  const key = useApprovalsKey();
  return useQuery({
    queryKey: [...key, pageNo],
    queryFn: ({ signal }) =>
      http.get(APPROVALS_PATH, {
        query: { page_no: pageNo, page_size: APPROVALS_PAGE_SIZE },
        schema: approvalsPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /v1/recon/approvals/decide. */
function useDecide() {
  const queryClient = useQueryClient();
  const organizationId = useSessionStore((state) => state.organizationId);
  return useMutation({
    mutationFn: (input: ApprovalDecisionInput) => http.post(`${APPROVALS_PATH}/decide`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['recon', organizationId] }),
  });
}

function amountText(approval: Approval): string {
  try {
    return formatMinorCurrency(BigInt(approval.amount), approval.currency);
  } catch {
    return approval.amount;
  }
}

export interface ApprovalsPanelProps {
  /** Called after a decision, so the page around can refresh its counts. */
  onChanged?: () => void;
}

/** Pending approvals (maker-checker): approve or reject with an optional reason; not one's own requests. */
export function ApprovalsPanel({ onChanged }: ApprovalsPanelProps) {
  const [pageNo, setPageNo] = useState(1);
  const approvals = useApprovals(pageNo);
  const canDecide = useCan('update', 'workflow');
  const [deciding, setDeciding] = useState<{ approval: Approval; decision: 'approve' | 'reject' } | null>(
    null,
  );

  return (
    <Panel title="Approvals" description="Matches, adjustments and allocations waiting for a second person.">
      <PagedList
        query={approvals}
        pageNo={pageNo}
        pageSize={APPROVALS_PAGE_SIZE}
        onPage={setPageNo}
        empty={<EmptyView icon={<ShieldCheck />} title="Nothing waits for approval" />}
      >
        {(rows) => (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-busy={approvals.isFetching}>
            {rows.map((approval) => {
              const reasonId = `approval-${approval.id}-own`;
              const blocked = !approval.can_decide;
              return (
                <li
                  key={`${approval.kind}-${approval.id}`}
                  aria-label={`${KIND_LABELS[approval.kind]}: ${approval.summary}`}
                  className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-5"
                >
                  <div className="min-w-0 flex-1 space-y-0.5">
                    <div className="flex flex-wrap items-baseline gap-x-2">
                      <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
                        {KIND_LABELS[approval.kind]}
                      </span>
                      <span className="font-medium break-words text-zinc-900 dark:text-zinc-100">
                        {approval.summary}
                      </span>
                      <span className="tabular-nums text-zinc-700 dark:text-zinc-300">
                        {amountText(approval)}
                      </span>
                    </div>
                    <p className="text-xs text-zinc-500 dark:text-zinc-400">
                      Asked by {approval.requested_by_email ?? 'someone no longer here'},{' '}
                      <time dateTime={approval.requested_at}>{formatDateTime(approval.requested_at)}</time>
                    </p>
                    {blocked && (
                      <p id={reasonId} className="text-xs font-medium text-amber-700 dark:text-amber-300">
                        {OWN_REQUEST_TEXT}
                      </p>
                    )}
                  </div>
                  {canDecide && (
                    <div className="flex shrink-0 gap-2">
                      <Button
                        size="sm"
                        disabled={blocked}
                        title={blocked ? OWN_REQUEST_TEXT : undefined}
                        aria-describedby={blocked ? reasonId : undefined}
                        onClick={() => setDeciding({ approval, decision: 'approve' })}
                      >
                        <Check aria-hidden="true" />
                        Approve
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={blocked}
                        title={blocked ? OWN_REQUEST_TEXT : undefined}
                        aria-describedby={blocked ? reasonId : undefined}
                        onClick={() => setDeciding({ approval, decision: 'reject' })}
                      >
                        <X aria-hidden="true" />
                        Reject
                      </Button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </PagedList>
      {deciding && (
        <DecisionDialog
          approval={deciding.approval}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onDone={() => {
            setDeciding(null);
            onChanged?.();
          }}
        />
      )}
    </Panel>
  );
}

function DecisionDialog({
  approval,
  decision,
  onClose,
  onDone,
}: {
  approval: Approval;
  decision: 'approve' | 'reject';
  onClose: () => void;
  onDone: () => void;
}) {
  const decide = useDecide();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const verb = decision === 'approve' ? 'Approve' : 'Reject';

  const confirm = async () => {
    try {
      await decide.mutateAsync({ kind: approval.kind, id: approval.id, decision, reason: reason.trim() });
      toast.success(decision === 'approve' ? 'Approved' : 'Rejected', approval.summary);
      onDone();
    } catch (failure) {
      toast.error('Request Failed', failure instanceof Error ? failure.message : undefined);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!decide.isPending}
      title={`${verb} ${KIND_LABELS[approval.kind].toLowerCase()}`}
      description={`${approval.summary} · ${amountText(approval)}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={decide.isPending}>
            Cancel
          </Button>
          <Button
            variant={decision === 'approve' ? 'primary' : 'danger'}
            loading={decide.isPending}
            onClick={() => void confirm()}
          >
            {verb}
          </Button>
        </>
      }
    >
      <div className="space-y-1.5">
        <label htmlFor={reasonId} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
          Reason (optional)
        </label>
        <textarea
          id={reasonId}
          data-autofocus=""
          rows={3}
          maxLength={1000}
          className={FIELD_CLASSES}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
    </Modal>
  );
}
