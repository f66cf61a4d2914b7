import type { AssociationMapping, ReconRun, SideFields } from '@counterpart/contracts';
import { countOf } from '@counterpart/domain';
import { Eye } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { ErrorAlert } from '../../../shared/ui/error-alert.tsx';
import { Modal } from '../../../shared/ui/modal.tsx';
import { FIELD_CLASSES } from '../../../shared/ui/text-field.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { useReconRun, useRuleSets, useStartRun } from './recon-api.ts';
import { ComparedColumns, chosenFields, type SideColumns, SideFieldsForm } from './run-fields.tsx';
import { DryRunResult, formatCount, PassTable, RunProgressBar, useRunProgress } from './run-result.tsx';

export interface RunDialogProps {
  leftTableId: string;
  rightTableId: string;
  mappings: AssociationMapping[];
  mappingId: string;
  /** Both tables' names and columns, and the fields proposed for them (the workspace summary's). */
  left: SideColumns;
  right: SideColumns;
  leftFields: SideFields;
  rightFields: SideFields;
  onClose: () => void;
  /** The run finished (succeeded or failed): refresh what shows its results. */
  onFinished: (run: ReconRun) => void;
  /** A dry run finished: it is now the pair's last run (its columns are the next proposal). */
  onPreviewed: () => void;
}

/** The reference columns of each side that a mapping pairs (oriented to this workspace's sides). */
function mappedReferences(mapping: AssociationMapping | undefined, leftTableId: string) {
  if (!mapping) return null;
  const sameWay = mapping.left_table_id === leftTableId;
  return {
    left: mapping.pairs.map((pair) => (sameWay ? pair.left_column_id : pair.right_column_id)),
    right: mapping.pairs.map((pair) => (sameWay ? pair.right_column_id : pair.left_column_id)),
  };
}

/**
 * Choose a rule set (and mapping), the columns each side is compared on (amount, date, references,
 * counterparty: proposed, changeable) and whether only new and open rows take part (incremental); preview
 * the result with a dry run that saves nothing, or start the run and follow it live until it ends.
 */
export function RunDialog(props: RunDialogProps) {
  const rules = useRuleSets();
  const start = useStartRun();
  const [ruleId, setRuleId] = useState('');
  const defaultRule = rules.data?.data.find((rule) => rule.is_default);
  const [mappingId, setMappingId] = useState(props.mappingId);
  const [incremental, setIncremental] = useState(true);
  const [leftFields, setLeftFields] = useState(props.leftFields);
  const [rightFields, setRightFields] = useState(props.rightFields);
  const [runId, setRunId] = useState<string | null>(null);
  const [dryRunId, setDryRunId] = useState<string | null>(null);
  const [starting, setStarting] = useState<'run' | 'dry' | null>(null);
  const run = useReconRun(runId);
  const dryRun = useReconRun(dryRunId);
  const progress = useRunProgress(runId, run);
  const dryProgress = useRunProgress(dryRunId, dryRun);
  const ruleFieldId = useId();
  const mappingFieldId = useId();
  const incrementalId = useId();
  const reported = useRef<string | null>(null);
  const onFinishedRef = useRef(props.onFinished);
  onFinishedRef.current = props.onFinished;
  const onPreviewedRef = useRef(props.onPreviewed);
  onPreviewedRef.current = props.onPreviewed;
  const previewed = dryRun.data && dryProgress.finished ? dryRun.data.id : null;
  useEffect(() => {
    if (previewed) onPreviewedRef.current();
  }, [previewed]);
  const finished = progress.finished;
  const previewing = dryRunId !== null && !dryProgress.finished;

  useEffect(() => {
    if (!run.data || !finished || reported.current === run.data.id) return;
    reported.current = run.data.id;
    if (run.data.status === 'succeeded') {
      const groups = run.data.summary.groups;
      toast.success(
        'Reconciliation finished',
        groups
          ? `${countOf(groups.reconciled + groups.partial + groups.suggested, 'group')}: ${formatCount(groups.reconciled)} reconciled, ${formatCount(groups.partial)} partial, ${formatCount(groups.suggested)} suggested`
          : undefined,
      );
    } else {
      toast.error('Reconciliation failed', run.data.error_message ?? undefined);
    }
    onFinishedRef.current(run.data);
  }, [run.data, finished]);

  const begin = async (dry: boolean) => {
    setStarting(dry ? 'dry' : 'run');
    try {
      const created = await start.mutateAsync({
        left_table_id: props.leftTableId,
        right_table_id: props.rightTableId,
        mapping_id: mappingId || undefined,
        rule_id: ruleId || undefined,
        left_fields: chosenFields(leftFields),
        right_fields: chosenFields(rightFields),
        incremental,
        dry_run: dry,
      });
      if (dry) setDryRunId(created.id);
      else setRunId(created.id);
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    } finally {
      setStarting(null);
    }
  };
  /** A change of the choices makes the preview stale. */
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setDryRunId(null);
    };

  return (
    <Modal
      open
      onClose={props.onClose}
      dismissible={!runId || finished}
      size="normal"
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
            <Button
              variant="secondary"
              onClick={() => void begin(true)}
              loading={starting === 'dry' || previewing}
              disabled={starting !== null}
            >
              <Eye aria-hidden="true" />
              Preview (dry run)
            </Button>
            <Button
              onClick={() => void begin(false)}
              loading={starting === 'run'}
              disabled={starting !== null || previewing}
              data-autofocus=""
            >
              Start run
            </Button>
          </>
        )
      }
    >
      {runId ? (
        <div className="space-y-3">
          <RunProgressBar progress={progress} label="Reconciliation run" testId="run-status" />
          {run.data?.status === 'failed' && (
            <ErrorAlert>{run.data.error_message ?? 'The run failed.'}</ErrorAlert>
          )}
          {run.data?.status === 'succeeded' && (
            <>
              <PassTable run={run.data} />
              <ComparedColumns left={props.left} right={props.right} run={run.data} />
            </>
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
              onChange={(event) => changed(setRuleId)(event.target.value)}
            >
              {/* One default, named once: the organization's default rule set when it has one (what a run
                  without a rule set uses), else the built-in passes. */}
              <option value="">{defaultRule ? `${defaultRule.name} (default)` : 'Default rules'}</option>
              {rules.data?.data
                .filter((rule) => !rule.is_default)
                .map((rule) => (
                  <option key={rule.id} value={rule.id}>
                    {rule.name}
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
              onChange={(event) => {
                const id = event.target.value;
                changed(setMappingId)(id);
                // A mapping names the reference columns it pairs: the sides follow it.
                const mapped = mappedReferences(
                  props.mappings.find((mapping) => mapping.id === id),
                  props.leftTableId,
                );
                if (mapped) {
                  setLeftFields((fields) => ({ ...fields, reference: mapped.left }));
                  setRightFields((fields) => ({ ...fields, reference: mapped.right }));
                }
              }}
            >
              <option value="">None (infer the reference columns)</option>
              {props.mappings.map((mapping) => (
                <option key={mapping.id} value={mapping.id}>
                  {mapping.name}
                </option>
              ))}
            </select>
          </div>
          <section aria-label="Columns compared" className="space-y-2">
            <h3 className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Columns compared</h3>
            <div className="grid gap-3 sm:grid-cols-2">
              <SideFieldsForm
                sideLabel="left"
                table={props.left}
                fields={leftFields}
                onChange={changed(setLeftFields)}
              />
              <SideFieldsForm
                sideLabel="right"
                table={props.right}
                fields={rightFields}
                onChange={changed(setRightFields)}
              />
            </div>
          </section>
          <div className="flex items-start gap-2">
            <input
              id={incrementalId}
              type="checkbox"
              checked={incremental}
              onChange={(event) => changed(setIncremental)(event.target.checked)}
              aria-describedby={`${incrementalId}-hint`}
              className="mt-0.5 size-4 shrink-0 rounded border-zinc-300 accent-[var(--color-primary)] dark:border-zinc-600"
            />
            <div>
              <label htmlFor={incrementalId} className="block text-sm font-medium">
                Only new and open items
              </label>
              <p id={`${incrementalId}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
                Rows already in a match stay out of the run. Unchecked, every row is counted in the run’s
                figures; earlier matches still stay.
              </p>
            </div>
          </div>
          {dryRunId && (
            <section
              aria-label="Dry run"
              className="space-y-3 rounded-lg border border-dashed border-zinc-300 p-3 dark:border-zinc-700"
            >
              {!dryProgress.finished && (
                <RunProgressBar progress={dryProgress} label="Dry run" testId="dry-run-status" />
              )}
              {dryRun.data?.status === 'failed' && (
                <ErrorAlert>{dryRun.data.error_message ?? 'The dry run failed.'}</ErrorAlert>
              )}
              {dryRun.data?.status === 'succeeded' && (
                <>
                  <DryRunResult run={dryRun.data} />
                  <ComparedColumns left={props.left} right={props.right} run={dryRun.data} />
                </>
              )}
            </section>
          )}
        </div>
      )}
    </Modal>
  );
}
