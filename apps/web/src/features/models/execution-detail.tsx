import type { Model, ModelExecution } from '@counterpart/contracts';
import { useState } from 'react';
import { formatDateTime } from '../../shared/lib/date-time.ts';
import { useCan } from '../../shared/session/use-can.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { ExtractionResults } from './extraction-results.tsx';
import { EXECUTION_LABELS, EXECUTION_TONES } from './model-display.ts';
import { useCorrectExecution } from './models-api.ts';

/**
 * One execution: its state, the document beside the fields read, and corrections — a corrected value is
 * saved on the execution and becomes a training example.
 */
export function ExecutionDetail({ model, execution }: { model: Model; execution: ModelExecution }) {
  const canUpdate = useCan('update', 'models');
  const correct = useCorrectExecution(execution.id);
  const [values, setValues] = useState<Record<string, string>>({});
  const changed = Object.entries(values).filter(
    ([key, value]) => (execution.result?.fields.find((f) => f.key === key)?.value ?? '') !== value,
  );

  return (
    <div>
      <div className="flex flex-wrap items-center gap-3 border-b border-zinc-200 px-5 py-3 text-sm dark:border-zinc-800">
        <StatusBadge status={EXECUTION_TONES[execution.status]} label={EXECUTION_LABELS[execution.status]} />
        <span className="font-medium">{execution.document_name}</span>
        <span className="text-zinc-600 dark:text-zinc-300">
          {execution.finished_at
            ? `finished ${formatDateTime(execution.finished_at)}`
            : `started ${formatDateTime(execution.created_at)}`}
        </span>
        {execution.corrected && <span className="text-zinc-600 dark:text-zinc-300">· corrected</span>}
      </div>
      {execution.status === 'queued' || execution.status === 'running' ? (
        <Spinner label="Reading the document" className="m-6" />
      ) : execution.status === 'failed' ? (
        <ErrorAlert className="p-5">{execution.status_reason ?? 'The execution failed.'}</ErrorAlert>
      ) : execution.result ? (
        <>
          <ExtractionResults
            result={execution.result}
            labels={model.labels}
            documentId={execution.document_id}
            {...(canUpdate
              ? {
                  editable: {
                    values,
                    onChange: (key: string, value: string) => setValues((v) => ({ ...v, [key]: value })),
                  },
                }
              : {})}
          />
          {canUpdate && (
            <div className="flex flex-wrap items-center justify-end gap-3 border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">
              {correct.isError && <ErrorAlert>{correct.error.message}</ErrorAlert>}
              <span className="text-sm text-zinc-600 dark:text-zinc-300">
                {changed.length === 0 ? 'Edit a value to correct it.' : `${changed.length} corrected`}
              </span>
              <Button
                disabled={changed.length === 0}
                loading={correct.isPending}
                onClick={() =>
                  correct.mutate(
                    { fields: changed.map(([key, value]) => ({ key, value })) },
                    {
                      onSuccess: () => {
                        setValues({});
                        toast.success(
                          'Corrections saved',
                          model.kind === 'ai'
                            ? 'The model learns from them.'
                            : 'They are kept with the execution.',
                        );
                      },
                    },
                  )
                }
              >
                Save corrections
              </Button>
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}
