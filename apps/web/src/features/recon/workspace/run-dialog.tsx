import type { AssociationMapping, ReconRun } from '@counterpart/contracts';
import { processProgress } from '@counterpart/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useNotificationsStore } from '../../../app/stores/notifications-store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { FIELD_CLASSES } from '../../../shared/ui/text-field.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { useReconRun, useRuleSets, useStartRun } from './recon-api.ts';

const COUNT = new Intl.NumberFormat('en-US');

export interface RunDialogProps {
  leftTableId: string;
  rightTableId: string;
  mappings: AssociationMapping[];
  mappingId: string;
  onClose: () => void;
  /** The run finished (succeeded or failed): refresh what shows its results. */
  onFinished: (run: ReconRun) => void;
}

/** Choose a rule set (and mapping), start the run, and follow it live until it ends. */
export function RunDialog(props: RunDialogProps) {
  const rules = useRuleSets();
  const start = useStartRun();
  const [ruleId, setRuleId] = useState('');
  const [mappingId, setMappingId] = useState(props.mappingId);
  const [runId, setRunId] = useState<string | null>(null);
  const run = useReconRun(runId);
  const ruleFieldId = useId();
  const mappingFieldId = useId();
  const process = useNotificationsStore((state) =>
    state.processes.find((candidate) => candidate.id === run.data?.job_id || candidate.id === runId),
  );
  const finished = run.data?.status === 'succeeded' || run.data?.status === 'failed';
  const reported = useRef<string | null>(null);
  const onFinishedRef = useRef(props.onFinished);
  onFinishedRef.current = props.onFinished;

  useEffect(() => {
    if (!run.data || !finished || reported.current === run.data.id) return;
    reported.current = run.data.id;
    if (run.data.status === 'succeeded') {
      const groups = run.data.summary.groups;
      toast.success(
        'Reconciliation finished',
        groups
          ? `${COUNT.format(groups.reconciled)} reconciled, ${COUNT.format(groups.partial)} partial, ${COUNT.format(groups.suggested)} suggested`
          : undefined,
      );
    } else {
      toast.error('Reconciliation failed', run.data.error_message ?? undefined);
    }
    onFinishedRef.current(run.data);
  }, [run.data, finished]);

  const begin = async () => {
    try {
      const created = await start.mutateAsync({
        left_table_id: props.leftTableId,
        right_table_id: props.rightTableId,
        mapping_id: mappingId || undefined,
        rule_id: ruleId || undefined,
      });
      setRunId(created.id);
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };

  const status = run.data?.status ?? (runId ? 'queued' : null);
  const percent = finished ? 100 : process ? processProgress(process) : status === 'running' ? 50 : 0;
  const message =
    process?.info.message ??
    (status === 'queued' ? 'Waiting for a worker…' : status === 'running' ? 'Matching…' : (status ?? ''));

  return (
    <Modal
      open
      onClose={props.onClose}
      dismissible={!runId || finished}
      title="Run reconciliation"
      description="Matches the open rows of both tables with a rule set. Earlier matches stay."
      footer={
        runId ? (
          <Button onClick={props.onClose} disabled={!finished}>
            Close
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={props.onClose}>
              Cancel
            </Button>
            <Button onClick={() => void begin()} loading={start.isPending} data-autofocus="">
              Start run
            </Button>
          </>
        )
      }
    >
      {runId ? (
        <div className="space-y-3">
          <div className="flex justify-between gap-3 text-sm text-zinc-700 dark:text-zinc-300">
            <span aria-live="polite" data-testid="run-status">
              {finished ? (run.data?.status === 'succeeded' ? 'Finished' : 'Failed') : message}
            </span>
            <span className="tabular-nums">{percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label="Reconciliation run"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
          >
            <div
              className="h-full rounded-full bg-[var(--color-primary)] transition-[width]"
              style={{ width: `${percent}%` }}
            />
          </div>
          {run.data?.status === 'failed' && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {run.data.error_message ?? 'The run failed.'}
            </p>
          )}
          {run.data?.status === 'succeeded' && run.data.summary.passes && (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Groups per pass</caption>
              <thead className="text-xs text-zinc-500 dark:text-zinc-400">
                <tr>
                  <th className="py-1 font-medium">Pass</th>
                  <th className="py-1 text-right font-medium">Automatic</th>
                  <th className="py-1 text-right font-medium">Suggested</th>
                </tr>
              </thead>
              <tbody>
                {run.data.summary.passes.map((pass) => (
                  <tr key={pass.pass_id} className="border-t border-zinc-100 dark:border-zinc-800">
                    <td className="py-1">{pass.name ?? pass.pass_id}</td>
                    <td className="py-1 text-right tabular-nums">{COUNT.format(pass.auto)}</td>
                    <td className="py-1 text-right tabular-nums">{COUNT.format(pass.suggested)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      ) : (
        <div className="space-y-4">
          <div className="space-y-1.5">
            <label htmlFor={ruleFieldId} className="block text-sm font-medium">
              Rule set
            </label>
            <select
              id={ruleFieldId}
              className={FIELD_CLASSES}
              value={ruleId}
              onChange={(event) => setRuleId(event.target.value)}
            >
              <option value="">Default rules</option>
              {rules.data?.data.map((rule) => (
                <option key={rule.id} value={rule.id}>
                  {rule.name}
                  {rule.is_default ? ' (default)' : ''}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={mappingFieldId} className="block text-sm font-medium">
              Association mapping
            </label>
            <select
              id={mappingFieldId}
              className={FIELD_CLASSES}
              value={mappingId}
              onChange={(event) => setMappingId(event.target.value)}
            >
              <option value="">None (infer the reference columns)</option>
              {props.mappings.map((mapping) => (
                <option key={mapping.id} value={mapping.id}>
                  {mapping.name}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
    </Modal>
  );
}
