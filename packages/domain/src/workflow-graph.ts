/**
 * Workflow graphs checked against the block catalog, the same way in the editor (live, before a
 * connection is made) and on the server (before a save or a run): one Home node as the root, known
 * blocks, existing handles, compatible kinds, one edge per single input, no cycles, every node
 * reachable from Home. Plus the order the executor runs nodes in.
 */
import type { BlockDefinition, BlockPort, GraphEdge, PortKind, WorkflowGraph } from '@counterpart/contracts';

export const HOME_BLOCK = 'home';
/** The handle a block whose on_error is `error_output` sends `{ message }` out of. */
export const ERROR_OUTPUT = 'error';
const ERROR_PORT: BlockPort = {
  name: ERROR_OUTPUT,
  label: 'On error',
  kind: 'any',
  required: false,
  multiple: false,
};

export interface GraphIssue {
  message: string;
  node_id?: string;
  edge_id?: string;
}

export interface Connection {
  source: string;
  source_handle: string;
  target: string;
  target_handle: string;
}

type Catalog = ReadonlyMap<string, BlockDefinition>;

export function catalogOf(blocks: readonly BlockDefinition[]): Catalog {
  return new Map(blocks.map((block) => [block.type, block]));
}

/**
 * An output of `from` may feed an input of `to`: same kind, or either side takes any kind; a list of
 * documents also feeds a file input (the block reads each document: Documents → Parse file).
 */
export function kindsCompatible(from: PortKind, to: PortKind): boolean {
  return from === to || to === 'any' || from === 'any' || (from === 'documents' && to === 'file');
}

function nodeName(graph: WorkflowGraph, id: string, catalog: Catalog): string {
  const node = graph.nodes.find((n) => n.id === id);
  if (!node) return `"${id}"`;
  return `"${node.label ?? catalog.get(node.type)?.name ?? node.type}"`;
}

function port(ports: readonly BlockPort[], name: string): BlockPort | undefined {
  return ports.find((p) => p.name === name);
}

/** Would this edge create a cycle (is `source` reachable from `target` already)? */
function reaches(edges: readonly GraphEdge[], from: string, to: string): boolean {
  const next = new Map<string, string[]>();
  for (const edge of edges) next.set(edge.source, [...(next.get(edge.source) ?? []), edge.target]);
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (id === to) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(next.get(id) ?? []));
  }
  return false;
}

/**
 * Why a new connection is refused (the editor shows it as the user drags), or null when it may
 * be made.
 */
export function connectionProblem(
  graph: WorkflowGraph,
  catalog: Catalog,
  connection: Connection,
): string | null {
  const source = graph.nodes.find((n) => n.id === connection.source);
  const target = graph.nodes.find((n) => n.id === connection.target);
  if (!source || !target) return 'Both ends of a connection must be blocks of this workflow';
  if (source.id === target.id) return 'A block cannot feed itself';
  const sourceBlock = catalog.get(source.type);
  const targetBlock = catalog.get(target.type);
  if (!sourceBlock || !targetBlock) return 'Unknown block';
  const output =
    connection.source_handle === ERROR_OUTPUT && source.on_error === 'error_output'
      ? ERROR_PORT
      : port(sourceBlock.outputs, connection.source_handle);
  const input = port(targetBlock.inputs, connection.target_handle);
  if (!output) return `${nodeName(graph, source.id, catalog)} has no output "${connection.source_handle}"`;
  if (!input) return `${nodeName(graph, target.id, catalog)} has no input "${connection.target_handle}"`;
  if (!kindsCompatible(output.kind, input.kind)) {
    return `${output.label} gives ${kindLabel(output.kind)}, but ${input.label} of ${nodeName(graph, target.id, catalog)} takes ${kindLabel(input.kind)}`;
  }
  const into = graph.edges.filter(
    (e) => e.target === connection.target && e.target_handle === connection.target_handle,
  );
  if (into.some((e) => e.source === connection.source && e.source_handle === connection.source_handle)) {
    return 'These two are already connected';
  }
  if (!input.multiple && into.length > 0) {
    return `${input.label} of ${nodeName(graph, target.id, catalog)} takes one connection; remove the one it has first`;
  }
  if (reaches(graph.edges, target.id, source.id)) {
    return 'This connection would make a loop: a workflow runs from Home forward only';
  }
  return null;
}

export function kindLabel(kind: PortKind): string {
  switch (kind) {
    case 'table':
      return 'rows';
    case 'documents':
      return 'documents';
    case 'file':
      return 'a file';
    case 'recon':
      return 'reconciliation results';
    case 'dashboard':
      return 'a dashboard';
    default:
      return 'anything';
  }
}

/**
 * Nodes in the order they can run (each after everything it reads), ties by their order in the
 * graph; null when the edges make a cycle.
 */
export function topologicalOrder(graph: WorkflowGraph): string[] | null {
  const indegree = new Map(graph.nodes.map((n) => [n.id, 0]));
  const next = new Map<string, string[]>();
  for (const edge of graph.edges) {
    if (!indegree.has(edge.source) || !indegree.has(edge.target)) continue;
    indegree.set(edge.target, (indegree.get(edge.target) ?? 0) + 1);
    next.set(edge.source, [...(next.get(edge.source) ?? []), edge.target]);
  }
  const position = new Map(graph.nodes.map((n, i) => [n.id, i]));
  const ready = graph.nodes.filter((n) => indegree.get(n.id) === 0).map((n) => n.id);
  const order: string[] = [];
  while (ready.length > 0) {
    ready.sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
    const id = ready.shift() as string;
    order.push(id);
    for (const target of next.get(id) ?? []) {
      const left = (indegree.get(target) ?? 0) - 1;
      indegree.set(target, left);
      if (left === 0) ready.push(target);
    }
  }
  return order.length === graph.nodes.length ? order : null;
}

/** Every node downstream of `nodeId` (itself included): what a re-run from that block runs again. */
export function downstreamOf(graph: WorkflowGraph, nodeId: string): Set<string> {
  const result = new Set<string>();
  const stack = [nodeId];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (result.has(id)) continue;
    result.add(id);
    for (const edge of graph.edges) if (edge.source === id) stack.push(edge.target);
  }
  return result;
}

/** Every node upstream of `nodeId` (itself included): what "run up to this block" runs. */
export function upstreamOf(graph: WorkflowGraph, nodeId: string): Set<string> {
  const result = new Set<string>();
  const stack = [nodeId];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (result.has(id)) continue;
    result.add(id);
    for (const edge of graph.edges) if (edge.target === id) stack.push(edge.source);
  }
  return result;
}

/** Every problem of a graph, each naming the node or edge; empty when it can be saved and run. */
export function validateGraph(graph: WorkflowGraph, catalog: Catalog): GraphIssue[] {
  const issues: GraphIssue[] = [];
  const ids = new Set<string>();
  for (const node of graph.nodes) {
    if (ids.has(node.id)) issues.push({ node_id: node.id, message: `Two blocks have the id "${node.id}"` });
    ids.add(node.id);
    if (!catalog.has(node.type)) {
      issues.push({ node_id: node.id, message: `Unknown block "${node.type}"` });
    }
  }
  const homes = graph.nodes.filter((n) => n.type === HOME_BLOCK);
  if (homes.length === 0) issues.push({ message: 'A workflow needs its Home block' });
  for (const extra of homes.slice(1)) {
    issues.push({ node_id: extra.id, message: 'A workflow has one Home block: remove this one' });
  }

  const edgeIds = new Set<string>();
  const accepted: GraphEdge[] = [];
  for (const edge of graph.edges) {
    if (edgeIds.has(edge.id)) {
      issues.push({ edge_id: edge.id, message: `Two connections have the id "${edge.id}"` });
      continue;
    }
    edgeIds.add(edge.id);
    const problem = connectionProblem({ ...graph, edges: accepted }, catalog, edge);
    if (problem) issues.push({ edge_id: edge.id, message: problem });
    else accepted.push(edge);
  }

  const home = homes[0];
  if (home) {
    if (accepted.some((e) => e.target === home.id)) {
      issues.push({ node_id: home.id, message: 'Home is where a workflow starts: nothing can feed it' });
    }
    const reachable = downstreamOf({ ...graph, edges: accepted }, home.id);
    for (const node of graph.nodes) {
      if (!reachable.has(node.id) && catalog.has(node.type)) {
        issues.push({
          node_id: node.id,
          message: `${nodeName(graph, node.id, catalog)} is not connected to Home, so it would never run`,
        });
      }
    }
  }
  for (const node of graph.nodes) {
    const block = catalog.get(node.type);
    if (!block) continue;
    for (const input of block.inputs) {
      if (input.required && !accepted.some((e) => e.target === node.id && e.target_handle === input.name)) {
        issues.push({
          node_id: node.id,
          message: `${input.label} of ${nodeName(graph, node.id, catalog)} needs a connection`,
        });
      }
    }
    for (const parameter of block.parameters) {
      const value = node.parameters[parameter.name];
      if (parameter.required && (value === undefined || value === null || value === '')) {
        issues.push({
          node_id: node.id,
          message: `${parameter.label} of ${nodeName(graph, node.id, catalog)} is required`,
        });
      }
    }
  }
  return issues;
}
