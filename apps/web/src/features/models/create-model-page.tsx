import {
  DOCUMENT_TYPES,
  type ExtractionDocumentType,
  MODEL_KIND_LABELS,
  type ModelConfiguration,
  type ModelKind,
} from '@counterpart/contracts';
import { Check } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { classNames } from '../../shared/lib/class-names.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { SelectField } from '../../shared/ui/select-field.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { ConfigurationFields, DEFAULT_CONFIGURATION } from './configuration-fields.tsx';
import { type LabelDraft, LabelsEditor, labelProblems } from './labels-editor.tsx';
import { DOCUMENT_TYPE_LABELS } from './model-display.ts';
import { ModelSummary } from './model-summary.tsx';
import { useCreateModel, useModel } from './models-api.ts';
import { RulesPanel } from './rules-panel.tsx';
import { TrainingDocuments } from './training-documents.tsx';

const STEPS = [
  { id: 'basics', title: 'Basics' },
  { id: 'labels', title: 'Labels' },
  { id: 'documents', title: 'Training documents' },
  { id: 'rules', title: 'Rules' },
  { id: 'review', title: 'Review' },
] as const;
type StepId = (typeof STEPS)[number]['id'];

const KIND_HELP: Record<ModelKind, string> = {
  rule_based:
    'You say where each field is: the words beside it, a pattern or a place on the page. Best for a few fixed layouts.',
  ai: 'You mark each field on 3–5 documents; the model learns where it is and finds it on new ones. Corrections teach it more.',
};

/**
 * `/models/create`: the Create New Model wizard. Basics and labels are chosen first; "Create model" saves
 * a draft, and the next steps (training documents, rules with a live preview, review) work on it
 * (`?model=<id>&step=…`, so a reload keeps the place).
 */
export function CreateModelPage() {
  const [params, setParams] = useSearchParams();
  const modelId = params.get('model');
  const requested = params.get('step') as StepId | null;
  const [localStep, setLocalStep] = useState<StepId>('basics');
  const step: StepId = modelId
    ? requested && requested !== 'basics' && requested !== 'labels'
      ? requested
      : 'documents'
    : localStep;
  const goTo = (next: StepId) => {
    if (modelId) setParams({ model: modelId, step: next });
    else setLocalStep(next);
  };

  return (
    <div className="space-y-4">
      <Stepper current={step} saved={modelId !== null} onStep={goTo} />
      {modelId ? (
        <SavedSteps modelId={modelId} step={step} goTo={goTo} />
      ) : (
        <DraftSteps step={step} goTo={goTo} />
      )}
    </div>
  );
}

function Stepper({
  current,
  saved,
  onStep,
}: {
  current: StepId;
  saved: boolean;
  onStep: (step: StepId) => void;
}) {
  const currentIndex = STEPS.findIndex((s) => s.id === current);
  return (
    <nav aria-label="Steps">
      <ol className="flex flex-wrap gap-x-2 gap-y-1 text-sm">
        {STEPS.map((s, index) => {
          const done = index < currentIndex;
          // Basics and labels are set before the model is saved; after it, the later steps are free to visit.
          const reachable = saved ? index >= 2 : index <= currentIndex;
          return (
            <li key={s.id} className="flex items-center gap-2">
              <button
                type="button"
                disabled={!reachable || s.id === current}
                aria-current={s.id === current ? 'step' : undefined}
                onClick={() => onStep(s.id)}
                className={classNames(
                  'flex items-center gap-2 rounded-full px-3 py-1.5 font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)]',
                  s.id === current
                    ? 'bg-[var(--color-primary)] text-white'
                    : reachable
                      ? 'bg-zinc-100 text-zinc-800 hover:bg-zinc-200 dark:bg-zinc-800 dark:text-zinc-100'
                      : 'text-zinc-500 dark:text-zinc-400',
                )}
              >
                <span
                  aria-hidden="true"
                  className="flex size-5 items-center justify-center rounded-full border border-current text-xs"
                >
                  {done ? <Check className="size-3" /> : index + 1}
                </span>
                {s.title}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Steps 1–2 before the model exists: basics, labels, then "Create model". */
function DraftSteps({ step, goTo }: { step: StepId; goTo: (step: StepId) => void }) {
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const create = useCreateModel();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [kind, setKind] = useState<ModelKind>('rule_based');
  const [documentType, setDocumentType] = useState<ExtractionDocumentType>('invoice');
  const [configuration, setConfiguration] = useState<ModelConfiguration>(DEFAULT_CONFIGURATION);
  const [labels, setLabels] = useState<LabelDraft[]>([]);
  const [nameError, setNameError] = useState<string | undefined>();

  const submit = () =>
    create.mutate(
      {
        name: name.trim(),
        description: description.trim(),
        kind,
        document_type: documentType,
        configuration,
        labels: labels.map(({ key, name: labelName, type, required, columns }) => ({
          key,
          name: labelName.trim(),
          type,
          required,
          columns,
        })),
      },
      {
        onSuccess: (model) => {
          toast.success('Model created', `${model.name} is saved as a draft.`);
          setParams({ model: model.id, step: 'documents' });
        },
      },
    );

  if (step === 'basics') {
    return (
      <Panel title="Basics" description="What the model reads, and how.">
        <form
          className="space-y-5 p-5"
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) return setNameError('Give the model a name');
            setNameError(undefined);
            goTo('labels');
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Name"
              value={name}
              error={nameError}
              maxLength={120}
              onChange={(event) => {
                setName(event.target.value);
                if (event.target.value.trim()) setNameError(undefined);
              }}
              placeholder="e.g. Supplier invoices"
            />
            <SelectField
              label="Document type"
              value={documentType}
              options={DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }))}
              onChange={(v) => setDocumentType(v as ExtractionDocumentType)}
            />
            <TextField
              label="Description (optional)"
              className="sm:col-span-2"
              value={description}
              maxLength={2000}
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Kind</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {(['rule_based', 'ai'] as const).map((k) => (
                <label
                  key={k}
                  className={classNames(
                    'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm',
                    kind === k
                      ? 'border-[var(--color-primary)] ring-1 ring-[var(--color-primary)]'
                      : 'border-zinc-200 dark:border-zinc-700',
                  )}
                >
                  <input
                    type="radio"
                    name="kind"
                    value={k}
                    checked={kind === k}
                    onChange={() => setKind(k)}
                  />
                  <span>
                    <span className="block font-medium">{MODEL_KIND_LABELS[k]}</span>
                    <span className="text-zinc-600 dark:text-zinc-300">{KIND_HELP[k]}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <ConfigurationFields
            value={configuration}
            onChange={setConfiguration}
            withSelection={kind === 'rule_based'}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => navigate('/models/models')}>
              Cancel
            </Button>
            <Button type="submit">Next: labels</Button>
          </div>
        </form>
      </Panel>
    );
  }

  const problems = labelProblems(labels);
  return (
    <Panel
      title="Labels"
      description="The fields this model reads. Line items are a label of the type table."
    >
      <div className="space-y-4 p-5">
        <LabelsEditor labels={labels} onChange={setLabels} disabled={create.isPending} />
        {create.isError && <ErrorAlert>{create.error.message}</ErrorAlert>}
        <div className="flex flex-wrap justify-between gap-2">
          <Button variant="secondary" onClick={() => goTo('basics')}>
            Back
          </Button>
          <Button
            loading={create.isPending}
            disabled={labels.length === 0 || problems.size > 0}
            onClick={submit}
          >
            Create model
          </Button>
        </div>
      </div>
    </Panel>
  );
}

/** Steps 3–5 on the saved draft. */
function SavedSteps({
  modelId,
  step,
  goTo,
}: {
  modelId: string;
  step: StepId;
  goTo: (step: StepId) => void;
}) {
  const navigate = useNavigate();
  const model = useModel(modelId);
  if (model.isPending) return <Spinner label="Loading the model" className="m-6" />;
  if (model.isError) return <ErrorAlert>{model.error.message}</ErrorAlert>;
  const m = model.data;
  const nav = (back: StepId | null, next: ReactNode) => (
    <div className="flex flex-wrap justify-between gap-2 border-t border-zinc-200 p-4 dark:border-zinc-800">
      {back ? (
        <Button variant="secondary" onClick={() => goTo(back)}>
          Back
        </Button>
      ) : (
        <span />
      )}
      {next}
    </div>
  );
  if (step === 'documents') {
    return (
      <Panel
        title="Training documents"
        description={
          m.kind === 'ai'
            ? 'Upload 3–5 documents of each layout and mark every field on them: the model learns from these.'
            : 'Upload a few documents of this layout: the rules are tried on them as you write them.'
        }
      >
        <TrainingDocuments model={m} />
        {nav(
          null,
          <Button onClick={() => goTo('rules')}>
            Next: {m.kind === 'ai' ? 'what it learned' : 'rules'}
          </Button>,
        )}
      </Panel>
    );
  }
  if (step === 'rules') {
    return (
      <Panel
        title={m.kind === 'ai' ? 'What it learned' : 'Rules'}
        description={
          m.kind === 'ai'
            ? 'The model learns from the marked documents; try it on one of them.'
            : 'Say how each label is found, and see what it finds on a training document.'
        }
      >
        <RulesPanel model={m} />
        {nav('documents', <Button onClick={() => goTo('review')}>Next: review</Button>)}
      </Panel>
    );
  }
  return (
    <Panel title="Review" description="The model as saved.">
      <ModelSummary model={m} />
      {nav('rules', <Button onClick={() => navigate(`/models/file-models/view/${m.id}`)}>Finish</Button>)}
    </Panel>
  );
}
