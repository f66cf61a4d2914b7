import { type Label, type LabelRule, type Model, PICKS, type Rule } from '@counterpart/contracts';
import { Play, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useCan } from '../../shared/session/use-can.ts';
import { Button, IconButton } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { FIELD_CLASSES } from '../../shared/ui/text-field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { ExtractionResults } from './extraction-results.tsx';
import { InsightsView } from './insights-view.tsx';
import { LABEL_TYPE_LABELS } from './model-display.ts';
import { useLabelRules, usePreview, useSaveLabelRule, useTrainingDocuments } from './models-api.ts';
import { FiltersEditor, METHOD_LABELS, newRule, RuleFields } from './rule-fields.tsx';

const PICK_LABELS: Record<(typeof PICKS)[number], string> = {
  first: 'the first found',
  last: 'the last found',
  sum: 'their sum',
  min: 'the smallest',
  max: 'the largest',
  join: 'all of them, joined',
};

/**
 * A rule-based model's rules, label by label, with a live preview on a training document; for an AI model,
 * what it learned and the same preview.
 */
export function RulesPanel({ model }: { model: Model }) {
  return (
    <div className="divide-y divide-zinc-200 dark:divide-zinc-800">
      {model.kind === 'rule_based' ? <LabelRules model={model} /> : <InsightsView model={model} />}
      <Preview model={model} />
    </div>
  );
}

function LabelRules({ model }: { model: Model }) {
  const rules = useLabelRules(model.id);
  if (rules.isPending) return <Spinner label="Loading the rules" className="m-6" />;
  if (rules.isError) return <ErrorAlert className="p-5">{rules.error.message}</ErrorAlert>;
  return (
    <div className="space-y-4 p-5">
      {model.labels.map((label) => (
        <LabelRuleCard
          key={label.id}
          label={label}
          saved={rules.data.data.find((r) => r.label_id === label.id) ?? null}
        />
      ))}
    </div>
  );
}

function LabelRuleCard({ label, saved }: { label: Label; saved: LabelRule | null }) {
  const canUpdate = useCan('update', 'models');
  const save = useSaveLabelRule();
  const [rules, setRules] = useState<Rule[]>(saved?.rules ?? []);
  const [pick, setPick] = useState<LabelRule['pick']>(saved?.pick ?? 'first');
  const [filters, setFilters] = useState<LabelRule['filters']>(saved?.filters ?? []);
  const [dirty, setDirty] = useState(false);
  const methods: Rule['method'][] =
    label.type === 'table' ? ['table'] : ['anchor', 'regex', 'zone', 'static'];
  const [adding, setAdding] = useState<Rule['method']>(methods[0] ?? 'anchor');
  const touch = () => setDirty(true);

  return (
    <section
      aria-label={`Rules of ${label.name}`}
      className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-700"
    >
      <header className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">
          {label.name}{' '}
          <span className="text-sm font-normal text-zinc-500 dark:text-zinc-400">
            {LABEL_TYPE_LABELS[label.type]}
            {label.required ? ', required' : ''}
          </span>
        </h3>
        {rules.length === 0 && (
          <span className="text-sm text-amber-700 dark:text-amber-300">No rule yet</span>
        )}
      </header>
      <ol className="space-y-3">
        {rules.map((rule, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: rules are edited in place, in order
            key={index}
            className="space-y-2 rounded-md bg-zinc-50 p-3 dark:bg-zinc-800/40"
          >
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-medium">
                {index === 0 ? 'Find it' : 'Else'}: {METHOD_LABELS[rule.method]}
              </p>
              <IconButton
                label={`Remove ${label.name} rule ${index + 1}`}
                onClick={() => {
                  setRules(rules.filter((_, i) => i !== index));
                  touch();
                }}
              >
                <Trash2 aria-hidden="true" />
              </IconButton>
            </div>
            <RuleFields
              rule={rule}
              label={label}
              name={`${label.name} rule ${index + 1}`}
              onChange={(next) => {
                setRules(rules.map((r, i) => (i === index ? next : r)));
                touch();
              }}
            />
          </li>
        ))}
      </ol>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        {methods.length > 1 && (
          <select
            className={`${FIELD_CLASSES} py-1.5 sm:w-64`}
            aria-label={`${label.name}: kind of rule to add`}
            value={adding}
            onChange={(e) => setAdding(e.target.value as Rule['method'])}
          >
            {methods.map((m) => (
              <option key={m} value={m}>
                {METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        )}
        <Button
          variant="secondary"
          size="sm"
          disabled={label.type === 'table' && rules.length > 0}
          onClick={() => {
            setRules([...rules, newRule(adding, label)]);
            touch();
          }}
        >
          <Plus aria-hidden="true" />
          {rules.length === 0 ? 'Add a rule' : 'Add another way to find it'}
        </Button>
      </div>
      {label.type !== 'table' && (
        <div className="mt-4 grid gap-4 sm:grid-cols-[16rem_1fr]">
          <label className="block space-y-1 text-sm">
            <span className="font-medium">When several are found, keep</span>
            <select
              className={`${FIELD_CLASSES} py-1.5`}
              value={pick}
              onChange={(e) => {
                setPick(e.target.value as LabelRule['pick']);
                touch();
              }}
            >
              {PICKS.map((p) => (
                <option key={p} value={p}>
                  {PICK_LABELS[p]}
                </option>
              ))}
            </select>
          </label>
          <FiltersEditor
            filters={filters}
            name={label.name}
            onChange={(next) => {
              setFilters(next);
              touch();
            }}
          />
        </div>
      )}
      {save.isError && <ErrorAlert className="mt-3">{save.error.message}</ErrorAlert>}
      {canUpdate && (
        <div className="mt-3 flex justify-end">
          <Button
            size="sm"
            disabled={!dirty}
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { labelId: label.id, body: { rules, pick, filters } },
                {
                  onSuccess: () => {
                    setDirty(false);
                    toast.success('Rules saved', `How ${label.name} is found is saved.`);
                  },
                },
              )
            }
          >
            Save {label.name} rules
          </Button>
        </div>
      )}
    </section>
  );
}

/** Runs the model as saved on a chosen training document and shows what it finds; nothing is stored. */
function Preview({ model }: { model: Model }) {
  const documents = useTrainingDocuments(model.id);
  const preview = usePreview(model.id);
  const [documentId, setDocumentId] = useState<string>('');
  const chosen = documentId || documents.data?.data[0]?.document_id || '';
  return (
    <section aria-label="Preview" className="space-y-3 p-5">
      <h3 className="font-semibold">Try it</h3>
      {documents.data && documents.data.data.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-300">
          Add a training document to try the model on it.
        </p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <label className="block space-y-1 text-sm">
            <span className="font-medium">Document</span>
            <select
              className={`${FIELD_CLASSES} py-1.5`}
              value={chosen}
              onChange={(e) => setDocumentId(e.target.value)}
            >
              {documents.data?.data.map((d) => (
                <option key={d.id} value={d.document_id}>
                  {d.document_name}
                </option>
              ))}
            </select>
          </label>
          <Button
            variant="secondary"
            disabled={!chosen}
            loading={preview.isPending}
            onClick={() => preview.mutate(chosen)}
          >
            <Play aria-hidden="true" />
            Try the saved model
          </Button>
        </div>
      )}
      {preview.isError && <ErrorAlert>{preview.error.message}</ErrorAlert>}
      {preview.data && preview.variables && (
        <ExtractionResults result={preview.data} labels={model.labels} documentId={preview.variables} />
      )}
    </section>
  );
}
