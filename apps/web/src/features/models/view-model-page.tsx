import type { Model, ModelConfiguration } from '@counterpart/contracts';
import { BrainCircuit, FlaskConical, History, ScanText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useCan } from '../../shared/session/use-can.ts';
import { usePageItemName } from '../../shared/stores/page-heading-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { LoadFailureView } from '../../shared/ui/load-failure-view.tsx';
import { ConfirmDialog } from '../../shared/ui/modal.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { Tabs } from '../../shared/ui/tabs.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { ConfigurationFields } from './configuration-fields.tsx';
import { type LabelDraft, LabelsEditor, labelProblems } from './labels-editor.tsx';
import { ModelSummary } from './model-summary.tsx';
import {
  useCreateLabel,
  useDeleteLabel,
  useDeleteModel,
  useModel,
  useSaveConfiguration,
  useUpdateLabel,
  useUpdateModel,
} from './models-api.ts';
import { RulesPanel } from './rules-panel.tsx';
import { TrainingDocuments } from './training-documents.tsx';

type TabId = 'overview' | 'labels' | 'documents' | 'rules' | 'settings';

/** `/models/file-models/view/:id`: one model — overview, labels, training documents, rules, settings. */
export function ViewModelPage() {
  const { id = '' } = useParams();
  const model = useModel(id);
  usePageItemName(model.data?.name);
  if (model.isPending) return <Spinner label="Loading the model" className="m-6" />;
  if (model.isError) return <LoadFailureView thing="model" icon={<ScanText />} error={model.error} />;
  return <ModelView model={model.data} />;
}

function ModelView({ model }: { model: Model }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = (params.get('tab') as TabId | null) ?? 'overview';
  const canUpdate = useCan('update', 'models');
  const remove = useDeleteModel();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const tabs = [
    { id: 'overview', title: 'Overview' },
    { id: 'labels', title: 'Labels' },
    { id: 'documents', title: 'Training documents' },
    { id: 'rules', title: model.kind === 'ai' ? 'What it learned' : 'Rules' },
    { id: 'settings', title: 'Settings' },
  ] as const;

  return (
    <Panel
      title={model.name}
      description={model.description || undefined}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => navigate(`/models/file-models/test/${model.id}`)}>
            <FlaskConical aria-hidden="true" />
            Test
          </Button>
          <Button variant="secondary" onClick={() => navigate(`/models/executions/${model.id}`)}>
            <History aria-hidden="true" />
            Executions
          </Button>
          {model.kind === 'ai' && (
            <Button variant="secondary" onClick={() => navigate(`/models/file-models/ai-view/${model.id}`)}>
              <BrainCircuit aria-hidden="true" />
              AI view
            </Button>
          )}
          {canUpdate && (
            <Button variant="ghost" onClick={() => setConfirmDelete(true)}>
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          )}
        </div>
      }
    >
      <Tabs
        label="Model"
        tabs={tabs}
        current={tab}
        onChange={(next) => setParams({ tab: next }, { replace: true })}
      />
      <div role="tabpanel" aria-label={tabs.find((t) => t.id === tab)?.title}>
        {tab === 'overview' && <ModelSummary model={model} />}
        {tab === 'labels' && <LabelsTab model={model} />}
        {tab === 'documents' && <TrainingDocuments model={model} />}
        {tab === 'rules' && <RulesPanel model={model} />}
        {tab === 'settings' && <SettingsTab key={model.updated_at} model={model} />}
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onCancel={() => setConfirmDelete(false)}
        title={`Delete ${model.name}?`}
        message="Its labels, rules, training documents and executions go with it. The documents stay in Documents."
        confirmLabel="Delete model"
        tone="danger"
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(model.id, {
            onSuccess: () => {
              toast.success('Model deleted', `${model.name} is deleted.`);
              navigate('/models/models');
            },
            onError: (error) => toast.error('Could not delete the model', error.message),
          })
        }
      />
    </Panel>
  );
}

const toDraft = (model: Model): LabelDraft[] =>
  model.labels.map(({ id, key, name, type, required, columns }) => ({
    id,
    key,
    name,
    type,
    required,
    columns,
  }));

/** Labels edited together; Save applies what changed (added, changed, removed), one call each. */
function LabelsTab({ model }: { model: Model }) {
  const canUpdate = useCan('update', 'models');
  const [labels, setLabels] = useState<LabelDraft[]>(() => toDraft(model));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateLabel();
  const update = useUpdateLabel();
  const remove = useDeleteLabel();

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      for (const old of model.labels) {
        if (!labels.some((l) => l.id === old.id)) await remove.mutateAsync(old.id);
      }
      for (const label of labels) {
        const body = {
          key: label.key,
          name: label.name.trim(),
          type: label.type,
          required: label.required,
          columns: label.columns,
        };
        const old = model.labels.find((l) => l.id === label.id);
        if (!label.id) await create.mutateAsync({ ...body, model_id: model.id });
        else if (
          old &&
          JSON.stringify({ ...old, id: undefined, model_id: undefined, position: undefined }) !==
            JSON.stringify({ ...body, id: undefined, model_id: undefined, position: undefined })
        )
          await update.mutateAsync({ id: label.id, body });
      }
      toast.success(
        'Labels saved',
        `${model.name} reads ${labels.length} ${labels.length === 1 ? 'label' : 'labels'}.`,
      );
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="space-y-4 p-5">
      <LabelsEditor labels={labels} onChange={setLabels} disabled={!canUpdate || saving} />
      {error && <ErrorAlert>{error}</ErrorAlert>}
      {canUpdate && (
        <div className="flex justify-end">
          <Button loading={saving} disabled={labelProblems(labels).size > 0} onClick={() => void save()}>
            Save labels
          </Button>
        </div>
      )}
    </div>
  );
}

function SettingsTab({ model }: { model: Model }) {
  const canUpdate = useCan('update', 'models');
  const update = useUpdateModel(model.id);
  const saveConfiguration = useSaveConfiguration(model.id);
  const [name, setName] = useState(model.name);
  const [description, setDescription] = useState(model.description);
  const [configuration, setConfiguration] = useState<ModelConfiguration>(model.configuration);
  const busy = update.isPending || saveConfiguration.isPending;
  const error = update.error ?? saveConfiguration.error;
  return (
    <form
      className="space-y-5 p-5"
      onSubmit={(event) => {
        event.preventDefault();
        void (async () => {
          try {
            await update.mutateAsync({ name: name.trim(), description: description.trim() });
            await saveConfiguration.mutateAsync(configuration);
            toast.success('Settings saved', `${name.trim()} is updated.`);
          } catch {
            // shown below from the mutation's error
          }
        })();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.target.value)}
          disabled={!canUpdate}
        />
        <TextField
          label="Description"
          value={description}
          maxLength={2000}
          onChange={(e) => setDescription(e.target.value)}
          disabled={!canUpdate}
        />
      </div>
      <ConfigurationFields
        value={configuration}
        onChange={setConfiguration}
        withSelection={model.kind === 'rule_based'}
      />
      {error && <ErrorAlert>{error.message}</ErrorAlert>}
      {canUpdate && (
        <div className="flex justify-end">
          <Button type="submit" loading={busy}>
            Save settings
          </Button>
        </div>
      )}
    </form>
  );
}
