import { Workflow } from 'lucide-react';
import { useParams } from 'react-router';
import { usePageItemName } from '../../shared/stores/page-heading-store.ts';
import { LoadFailureView } from '../../shared/ui/load-failure-view.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useBlocks, useWorkflow } from './editor/editor-api.ts';
import { WorkflowEditor } from './editor/workflow-editor.tsx';

/** `/workflows/manage-workflow/:id`: the saved workflow's graph, name and description, edited. */
export function UpdateWorkflowPage() {
  const { id = '' } = useParams();
  const blocks = useBlocks();
  const workflow = useWorkflow(id);
  usePageItemName(workflow.data?.workflow_name);
  const error = workflow.error ?? blocks.error;
  if (error) return <LoadFailureView thing="Workflow" icon={<Workflow />} error={error} />;
  if (!blocks.data || !workflow.data) return <Skeleton className="h-[600px] w-full" />;
  return (
    <WorkflowEditor
      key={`${workflow.data.workflow_id}`}
      blocks={blocks.data.nodes}
      graph={workflow.data.graph}
      workflow={workflow.data}
    />
  );
}
