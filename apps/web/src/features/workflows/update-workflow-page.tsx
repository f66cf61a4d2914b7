import { useParams } from 'react-router';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useBlocks, useWorkflow } from './editor/editor-api.ts';
import { WorkflowEditor } from './editor/workflow-editor.tsx';

/** `/workflows/manage-workflow/:id`: the saved workflow's graph, name and description, edited. */
export function UpdateWorkflowPage() {
  const { id = '' } = useParams();
  const blocks = useBlocks();
  const workflow = useWorkflow(id);
  const error = blocks.error ?? workflow.error;
  if (error) return <p role="alert">The workflow could not be loaded: {error.message}</p>;
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
