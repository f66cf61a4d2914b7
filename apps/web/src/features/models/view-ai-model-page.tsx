import { BrainCircuit } from 'lucide-react';
import { useParams } from 'react-router';
import { usePageItemName } from '../../shared/stores/page-heading-store.ts';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { LoadFailureView } from '../../shared/ui/load-failure-view.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { InsightsView } from './insights-view.tsx';
import { useModel } from './models-api.ts';

/** `/models/file-models/ai-view/:id`: what an AI model learned, per field, and how it improved. */
export function ViewAiModelPage() {
  const { id = '' } = useParams();
  const model = useModel(id);
  usePageItemName(model.data?.name);
  if (model.isPending) return <Spinner label="Loading the model" className="m-6" />;
  if (model.isError) return <LoadFailureView thing="model" icon={<BrainCircuit />} error={model.error} />;
  return (
    <Panel title={`What ${model.data.name} learned`}>
      {model.data.kind === 'ai' ? (
        <InsightsView model={model.data} />
      ) : (
        <EmptyView
          icon={<BrainCircuit />}
          title="A rule-based model"
          description="It finds fields by its rules, not by learning: see its Rules tab."
        />
      )}
    </Panel>
  );
}
