import type { BlockDefinition, BlockParameter, GraphEdge, WorkflowGraph } from '@counterpart/contracts';
import { HOME_BLOCK } from '@counterpart/domain';
import type { NodeRunView } from '../execution-display.ts';

/**
 * Pure helpers of the workflow editor: the graph (the saved contract) is the one truth; React Flow
 * gets nodes and edges derived from it, and every edit is a new graph.
 */

export interface Position {
  x: number;
  y: number;
}

/** A node's canvas data: what the block node component draws. */
export interface BlockNodeData extends Record<string, unknown> {
  title: string;
  block: BlockDefinition | undefined;
  type: string;
  /** The block's run in the execution shown on the canvas (live while it runs), if any. */
  run?: NodeRunView;
}

export interface FlowNodeShape {
  id: string;
  type: 'block';
  position: Position;
  data: BlockNodeData;
  deletable: boolean;
}

export interface FlowEdgeShape {
  id: string;
  source: string;
  sourceHandle: string;
  target: string;
  targetHandle: string;
}

/** The node's title: its label, else its block's name, else its type. */
export function nodeTitle(
  label: string | undefined,
  block: BlockDefinition | undefined,
  type: string,
): string {
  return label?.trim() || block?.name || type;
}

export function toFlowNodes(
  graph: WorkflowGraph,
  catalog: ReadonlyMap<string, BlockDefinition>,
): FlowNodeShape[] {
  return graph.nodes.map((node) => {
    const block = catalog.get(node.type);
    return {
      id: node.id,
      type: 'block',
      position: node.position,
      data: { title: nodeTitle(node.label, block, node.type), block, type: node.type },
      deletable: node.type !== HOME_BLOCK,
    };
  });
}

export function toFlowEdges(graph: WorkflowGraph): FlowEdgeShape[] {
  return graph.edges.map((edge) => ({
    id: edge.id,
    source: edge.source,
    sourceHandle: edge.source_handle,
    target: edge.target,
    targetHandle: edge.target_handle,
  }));
}

/** A node id not used yet: `table`, `table_2`, `table_3`… */
export function nextNodeId(graph: WorkflowGraph, type: string): string {
  const taken = new Set(graph.nodes.map((n) => n.id));
  const base = type.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 56) || 'block';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

const SPOT_WIDTH = 280;
const SPOT_HEIGHT = 180;

/** The first grid spot (left to right, then down) no node sits near. */
export function freeSpot(graph: WorkflowGraph): Position {
  const near = (p: Position, q: Position) =>
    Math.abs(p.x - q.x) < SPOT_WIDTH - 20 && Math.abs(p.y - q.y) < SPOT_HEIGHT - 20;
  for (let row = 0; ; row++) {
    for (let col = 0; col < 4; col++) {
      const spot = { x: col * SPOT_WIDTH, y: row * SPOT_HEIGHT };
      if (!graph.nodes.some((n) => near(n.position, spot))) return spot;
    }
  }
}

/** Starting values of a new node's parameters: each parameter's default, when it has one. */
export function defaultParameters(block: BlockDefinition): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const parameter of block.parameters) {
    if (parameter.default !== undefined) values[parameter.name] = parameter.default;
  }
  return values;
}

export function addNode(graph: WorkflowGraph, block: BlockDefinition, position?: Position): WorkflowGraph {
  const node = {
    id: nextNodeId(graph, block.type),
    type: block.type,
    typeVersion: block.typeVersion,
    position: position ?? freeSpot(graph),
    parameters: defaultParameters(block),
    on_error: 'stop' as const,
  };
  return { ...graph, nodes: [...graph.nodes, node] };
}

export function edgeId(edge: Omit<GraphEdge, 'id'>): string {
  return `${edge.source}.${edge.source_handle}-${edge.target}.${edge.target_handle}`.slice(0, 160);
}

export function addEdge(graph: WorkflowGraph, edge: Omit<GraphEdge, 'id'>): WorkflowGraph {
  return { ...graph, edges: [...graph.edges, { id: edgeId(edge), ...edge }] };
}

/** Removes nodes (never Home) with their edges, and edges. */
export function removeElements(
  graph: WorkflowGraph,
  nodeIds: readonly string[],
  edgeIds: readonly string[],
): WorkflowGraph {
  const gone = new Set(
    graph.nodes.filter((n) => nodeIds.includes(n.id) && n.type !== HOME_BLOCK).map((n) => n.id),
  );
  const edges = new Set(edgeIds);
  return {
    ...graph,
    nodes: graph.nodes.filter((n) => !gone.has(n.id)),
    edges: graph.edges.filter((e) => !edges.has(e.id) && !gone.has(e.source) && !gone.has(e.target)),
  };
}

export function moveNodes(graph: WorkflowGraph, moves: ReadonlyMap<string, Position>): WorkflowGraph {
  if (moves.size === 0) return graph;
  return {
    ...graph,
    nodes: graph.nodes.map((n) => {
      const position = moves.get(n.id);
      return position ? { ...n, position } : n;
    }),
  };
}

export function updateNode(
  graph: WorkflowGraph,
  id: string,
  change: { label?: string | undefined; parameters?: Record<string, unknown> },
): WorkflowGraph {
  return {
    ...graph,
    nodes: graph.nodes.map((n) => {
      if (n.id !== id) return n;
      const next = { ...n, parameters: change.parameters ?? n.parameters };
      if ('label' in change) {
        const label = change.label?.trim() ? change.label.slice(0, 120) : undefined;
        if (label === undefined) delete next.label;
        else next.label = label;
      }
      return next;
    }),
  };
}

/** A new workflow may not take a name already used (case-insensitive, spaces around ignored). */
export function isDuplicateName(name: string, taken: readonly string[]): boolean {
  const wanted = name.trim().toLowerCase();
  return wanted !== '' && taken.some((n) => n.trim().toLowerCase() === wanted);
}

export type ParsedValue = { ok: true; value: unknown } | { ok: false; error: string };

/** A parameter's text from its field → the value stored in the graph (or why it cannot be). */
export function parseParameterValue(parameter: BlockParameter, text: string): ParsedValue {
  if (parameter.type === 'json') {
    if (text.trim() === '') return { ok: true, value: undefined };
    try {
      return { ok: true, value: JSON.parse(text) };
    } catch {
      return { ok: false, error: 'Not valid JSON' };
    }
  }
  if (parameter.type === 'number') {
    if (text.trim() === '') return { ok: true, value: undefined };
    const value = Number(text);
    if (!Number.isFinite(value)) return { ok: false, error: 'Enter a number' };
    if (parameter.min !== undefined && value < parameter.min) {
      return { ok: false, error: `At least ${parameter.min}` };
    }
    if (parameter.max !== undefined && value > parameter.max) {
      return { ok: false, error: `At most ${parameter.max}` };
    }
    return { ok: true, value };
  }
  return { ok: true, value: text === '' ? undefined : text };
}

/** The text a field shows for a stored value. */
export function parameterText(parameter: BlockParameter, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (parameter.type === 'json') return JSON.stringify(value, null, 2);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** Blocks whose name, type or description holds the search text. */
export function searchBlocks(blocks: readonly BlockDefinition[], search: string): BlockDefinition[] {
  const wanted = search.trim().toLowerCase();
  return blocks.filter(
    (b) =>
      b.type !== HOME_BLOCK &&
      (!wanted ||
        b.name.toLowerCase().includes(wanted) ||
        b.type.includes(wanted) ||
        b.description.toLowerCase().includes(wanted)),
  );
}
