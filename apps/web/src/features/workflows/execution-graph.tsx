import '@xyflow/react/dist/style.css';
import type { BlockDefinition, BlockRun, WorkflowGraph } from '@counterpart/contracts';
import {
  Background,
  Controls,
  type Edge,
  type NodeChange,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
} from '@xyflow/react';
import { useEffect, useMemo, useState } from 'react';
import { useUiStore } from '../../shared/stores/ui-store.ts';
import { estimatedSize, layoutInEditor } from './editor/auto-layout.ts';
import { type BlockFlowNode, BlockNode } from './editor/block-node.tsx';
import { toFlowEdges, toFlowNodes } from './editor/editor-graph.ts';
import { nodeRunViews } from './execution-display.ts';

const NODE_TYPES = { block: BlockNode };

export interface ExecutionGraphProps {
  /** The graph of the version that ran. */
  graph: WorkflowGraph;
  blocks: readonly BlockRun[];
  catalog: ReadonlyMap<string, BlockDefinition>;
  /** A click (or Enter) on a block: show that block's run. */
  onOpenBlock?: (nodeId: string) => void;
  label?: string;
}

/** Height of a node's run line, under its title. */
const RUN_LINE = 26;
type Sizes = ReadonlyMap<string, { width?: number; height?: number }>;

/**
 * The graph as it is drawn: as saved, unless blocks lie on each other (a graph made through the
 * API, all at 0,0), then laid out left to right by their measured sizes (estimated until measured).
 */
export function drawnGraph(
  graph: WorkflowGraph,
  catalog: ReadonlyMap<string, BlockDefinition>,
  measured: Sizes = new Map(),
): WorkflowGraph {
  const sizes = new Map(
    graph.nodes.map((node) => {
      const estimate = estimatedSize(catalog.get(node.type));
      const size = measured.get(node.id);
      return [
        node.id,
        { width: size?.width ?? estimate.width, height: size?.height ?? estimate.height + RUN_LINE },
      ];
    }),
  );
  const boxes = graph.nodes.map((node) => ({
    ...node.position,
    ...(sizes.get(node.id) as { width: number; height: number }),
  }));
  const overlap = boxes.some((a, i) =>
    boxes.some(
      (b, j) =>
        j > i && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height,
    ),
  );
  return overlap ? layoutInEditor(graph, catalog, sizes) : graph;
}

/** Nodes of the graph that ran, each carrying its block's run (status, rows, error) for the node to draw. */
export function runNodes(
  graph: WorkflowGraph,
  blocks: readonly BlockRun[],
  catalog: ReadonlyMap<string, BlockDefinition>,
  measured: Sizes = new Map(),
): BlockFlowNode[] {
  const views = nodeRunViews(graph, blocks);
  return toFlowNodes(drawnGraph(graph, catalog, measured), catalog).map((node) => ({
    ...node,
    data: { ...node.data, run: views.get(node.id) },
    measured: measured.get(node.id),
    draggable: false,
    connectable: false,
    deletable: false,
  }));
}

/** Edges of the graph that ran; the ones feeding a running block move. */
export function runEdges(graph: WorkflowGraph, blocks: readonly BlockRun[]): Edge[] {
  const running = new Set(blocks.filter((b) => b.status === 'running').map((b) => b.node_id));
  return toFlowEdges(graph).map((edge) => ({ ...edge, animated: running.has(edge.target) }));
}

function Graph({ graph, blocks, catalog, onOpenBlock, label }: ExecutionGraphProps) {
  const dark = useUiStore((state) => state.theme);
  const flow = useReactFlow();
  const [measured, setMeasured] = useState<Sizes>(new Map());
  const nodes = useMemo(() => runNodes(graph, blocks, catalog, measured), [graph, blocks, catalog, measured]);
  const edges = useMemo(() => runEdges(graph, blocks), [graph, blocks]);
  // Once React Flow measured the blocks, a laid-out graph moves to fit them: fit it in view again.
  const layout = nodes.map((node) => `${node.position.x},${node.position.y}`).join(' ');
  // biome-ignore lint/correctness/useExhaustiveDependencies: fit again when the layout changes
  useEffect(() => {
    void flow.fitView({ maxZoom: 1 });
  }, [layout, flow]);
  const onNodesChange = (changes: NodeChange<BlockFlowNode>[]) => {
    // A click, or Enter on a focused block, chooses it: its run is shown (nothing stays selected).
    const chosen = changes.find((c) => c.type === 'select' && c.selected);
    if (chosen && chosen.type === 'select') onOpenBlock?.(chosen.id);
    const sized = changes.filter((c) => c.type === 'dimensions' && c.dimensions);
    if (sized.length === 0) return;
    setMeasured((current) => {
      const next = new Map(current);
      for (const c of sized) if (c.type === 'dimensions' && c.dimensions) next.set(c.id, c.dimensions);
      return next;
    });
  };
  return (
    <div className="h-80 overflow-hidden rounded-lg border border-zinc-200 lg:h-96 dark:border-zinc-800">
      <ReactFlow<BlockFlowNode>
        aria-label={label ?? 'Graph of the run, each block coloured by its status'}
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        onNodesChange={onNodesChange}
        nodesDraggable={false}
        nodesConnectable={false}
        edgesFocusable={false}
        deleteKeyCode={null}
        colorMode={dark ? 'dark' : 'light'}
        fitView
        fitViewOptions={{ maxZoom: 1 }}
        minZoom={0.2}
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}

/** The graph an execution ran, read-only, its blocks coloured by status (live while it runs). */
export function ExecutionGraph(props: ExecutionGraphProps) {
  return (
    <ReactFlowProvider>
      <Graph {...props} />
    </ReactFlowProvider>
  );
}
