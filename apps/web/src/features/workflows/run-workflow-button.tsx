import type { Execution, WorkflowRunInput } from '@counterpart/contracts';
import { Play } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { HttpError } from '../../shared/lib/http.ts';
import { Button, type ButtonSize, type ButtonVariant } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { DocumentInputField } from './document-input-field.tsx';
import { runInputErrors } from './execution-display.ts';
import { useFetchRunInputs, useStartExecution } from './executions-api.ts';

export interface RunWorkflowButtonProps {
  workflowId: string;
  workflowName: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Only the icon on narrow screens (a table row), the word from `sm` up. */
  compact?: boolean;
  /** What follows a start; by default the workflow's Execution History. */
  onStarted?: (execution: Execution) => void;
  disabled?: boolean;
  title?: string;
}

function errorText(error: unknown): string | undefined {
  return error instanceof Error ? error.message : undefined;
}

/**
 * Run: asks the server what the run needs (Home's inputs); with inputs, a dialog asks for them,
 * without, the run starts at once. Once started: "Run started" and the workflow's Execution History.
 */
export function RunWorkflowButton({
  workflowId,
  workflowName,
  variant = 'secondary',
  size = 'sm',
  compact = false,
  onStarted,
  disabled,
  title,
}: RunWorkflowButtonProps) {
  const navigate = useNavigate();
  const fetchInputs = useFetchRunInputs();
  const start = useStartExecution();
  const [loading, setLoading] = useState(false);
  const [inputs, setInputs] = useState<WorkflowRunInput[] | null>(null);

  const run = async (values: Record<string, string>) => {
    const execution = await start.mutateAsync({ workflowId, inputs: values });
    setInputs(null);
    toast.success('Run started');
    if (onStarted) onStarted(execution);
    else navigate(`/workflows/executions/${workflowId}`);
  };

  const begin = async () => {
    setLoading(true);
    try {
      const asked = await fetchInputs(workflowId);
      if (asked.inputs.length > 0) setInputs(asked.inputs);
      else await run({});
    } catch (error) {
      toast.error('Run failed to start', errorText(error));
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Button
        variant={variant}
        size={size}
        loading={loading}
        aria-label={`Run ${workflowName}`}
        title={title ?? (compact ? `Run ${workflowName}` : undefined)}
        disabled={disabled}
        className={compact ? 'max-sm:w-8 max-sm:px-0' : undefined}
        onClick={() => void begin()}
      >
        {!loading && <Play aria-hidden="true" />}
        <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>Run</span>
      </Button>
      {inputs && (
        <RunInputsDialog
          workflowName={workflowName}
          inputs={inputs}
          busy={start.isPending}
          onClose={() => setInputs(null)}
          onRun={run}
        />
      )}
    </>
  );
}

interface RunInputsDialogProps {
  workflowName: string;
  inputs: WorkflowRunInput[];
  busy: boolean;
  onClose: () => void;
  /** Starts the run; a refusal naming inputs is shown on those fields. */
  onRun: (values: Record<string, string>) => Promise<void>;
}

function RunInputsDialog({ workflowName, inputs, busy, onClose, onRun }: RunInputsDialogProps) {
  const formId = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  /** A field's error goes once the field has a value again. */
  const clearError = (name: string) =>
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    for (const input of inputs) {
      if (input.required && !values[input.name]?.trim()) {
        missing[input.name] = input.kind === 'document' ? 'Choose a file' : 'Required';
      }
    }
    setErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length > 0) {
      focusField(formId, inputs, missing);
      return;
    }
    try {
      await onRun(values);
    } catch (error) {
      const named = runInputErrors(
        error instanceof HttpError ? (error.data as { details?: unknown })?.details : null,
      );
      // Only the fields this dialog shows (the workflow may have been changed since it opened).
      const fields = Object.fromEntries(
        Object.entries(named).filter(([name]) => inputs.some((input) => input.name === name)),
      );
      const shown = Object.keys(fields).length;
      setErrors(fields);
      // Anything not explained on a field is said above the fields.
      if (shown === 0 || shown < Object.keys(named).length) {
        setFormError(errorText(error) ?? 'The run did not start.');
      }
      if (shown > 0) focusField(formId, inputs, fields);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Run ${workflowName}`}
      description="This run asks for the values below."
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            Run
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {formError && <ErrorAlert>{formError}</ErrorAlert>}
        {inputs.map((input, index) =>
          input.kind === 'document' ? (
            <DocumentInputField
              key={input.name}
              name={input.name}
              label={input.label}
              accept={input.accept}
              error={errors[input.name]}
              autoFocus={index === 0}
              onChange={(documentId) => {
                setValues((current) => ({ ...current, [input.name]: documentId }));
                if (documentId) clearError(input.name);
              }}
            />
          ) : (
            <TextField
              key={input.name}
              name={input.name}
              label={input.required ? input.label : `${input.label} (optional)`}
              value={values[input.name] ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                setValues((current) => ({ ...current, [input.name]: value }));
                if (value.trim()) clearError(input.name);
              }}
              error={errors[input.name]}
              required={input.required}
              aria-required={input.required || undefined}
              maxLength={10_000}
              autoComplete="off"
              data-autofocus={index === 0 ? '' : undefined}
            />
          ),
        )}
      </form>
    </Modal>
  );
}

/** Moves focus to the first field with an error, so its message is read out. */
function focusField(formId: string, inputs: WorkflowRunInput[], errors: Record<string, string>) {
  const first = inputs.find((input) => errors[input.name]);
  if (!first) return;
  requestAnimationFrame(() => {
    const form = document.getElementById(formId);
    form?.querySelector<HTMLInputElement>(`[name="${CSS.escape(first.name)}"]`)?.focus();
  });
}
