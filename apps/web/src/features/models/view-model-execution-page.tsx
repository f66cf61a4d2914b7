import { History } from 'lucide-react';
import { useParams } from 'react-router';
import { usePageItemName } from '../../shared/stores/page-heading-store.ts';
import { LoadFailureView } from '../../shared/ui/load-failure-view.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { ExecutionDetail } from './execution-detail.tsx';
import { useExecution, useModel } from './models-api.ts';

/** `/models/file-models/execution/:execution_id/:model_id`: one execution — the document beside its fields. */
export function ViewModelExecutionPage() {
  const { execution_id: executionId = '', model_id: modelId = '' } = useParams();
  const model = useModel(modelId);
  const execution = useExecution(executionId);
  usePageItemName(execution.data?.document_name);
  if (model.isPending || execution.isPending)
    return <Spinner label="Loading the execution" className="m-6" />;
  if (model.isError) return <LoadFailureView thing="model" icon={<History />} error={model.error} />;
  if (execution.isError)
    return <LoadFailureView thing="execution" icon={<History />} error={execution.error} />;
  return (
    <Panel title={execution.data.document_name} description={`Read by ${model.data.name}`}>
      <ExecutionDetail model={model.data} execution={execution.data} />
    </Panel>
  );
}
