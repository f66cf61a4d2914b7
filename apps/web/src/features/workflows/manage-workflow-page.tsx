import { newWorkflowGraph } from '@counterpart/contracts';
import { useState } from 'react';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useBlocks } from './editor/editor-api.ts';
import { WorkflowEditor } from './editor/workflow-editor.tsx';

/** `/workflows/manage-workflow`: a new workflow, starting with its Home block. */
export function ManageWorkflowPage() {
  const blocks = useBlocks();
  const [graph] = useState(newWorkflowGraph);
  if (blocks.isError) {
    return <p role="alert">The blocks could not be loaded: {blocks.error.message}</p>;
  }
  if (!blocks.data) return <Skeleton className="h-[600px] w-full" />;
  return <WorkflowEditor blocks={blocks.data.nodes} graph={graph} />;
}
