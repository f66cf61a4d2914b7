import type { BlockDefinition, WorkflowGraph } from '@counterpart/contracts';
import { HOME_BLOCK } from '@counterpart/domain';
import type { Position } from './editor-graph.ts';

/**
 * Auto-layout of the editor (pure): the graph laid out left to right in layers from Home.
 *
 * 1. Layers by longest path in topological order (Kahn's algorithm; Home first, then the nodes in
 *    their saved order), so every edge goes from a layer to a later one. A cycle (never saved by the
 *    editor, but a stored graph is not trusted) is broken at its earliest node.
 * 2. Order in each layer: a few barycenter sweeps (down, then up) with each edge placed by its
 *    handle's rank on the node; the ordering with the fewest crossings seen is kept.
 * 3. Coordinates: each layer a column as wide as its widest node plus a fixed gap; in a column, each
 *    node goes to the average height of its neighbours on the left, pushed down when it would
 *    overlap the one above, and the column shifted as a whole back towards where it wanted to be.
 */

export interface NodeSize {
  width: number;
  height: number;
}

export interface AutoLayoutOptions {
  /** A node's size on the canvas (measured, or estimated). */
  sizeOf?: (id: string) => NodeSize;
  /** A handle's rank among its node's handles (0 = top), so edges leave and enter in order. */
  handleRank?: (nodeId: string, handle: string, side: 'source' | 'target') => number;
  /** Horizontal gap between columns and vertical gap between nodes. */
  gapX?: number;
  gapY?: number;
  /** Barycenter sweeps (each down and up). */
  sweeps?: number;
}

export const DEFAULT_NODE_SIZE: NodeSize = { width: 220, height: 80 };
const GAP_X = 90;
const GAP_Y = 36;
const SWEEPS = 4;

interface Link {
  from: number;
  to: number;
  /** Where the edge sits on its node, as a fraction of a slot (0 ≤ rank < 1). */
  fromRank: number;
  toRank: number;
}

/** Longest-path layers, nodes taken in topological order. */
function layersOf(count: number, links: readonly Link[]): number[] {
  const indegree = new Array<number>(count).fill(0);
  const out: number[][] = Array.from({ length: count }, () => []);
  for (const link of links) {
    indegree[link.to] = (indegree[link.to] ?? 0) + 1;
    out[link.from]?.push(link.to);
  }
  const layer = new Array<number>(count).fill(0);
  const done = new Array<boolean>(count).fill(false);
  // Ready nodes in the order they became ready, lowest index first (Home is index 0).
  const ready: number[] = [];
  for (let i = 0; i < count; i++) if (indegree[i] === 0) ready.push(i);
  let taken = 0;
  let cursor = 0;
  while (taken < count) {
    let next: number;
    if (cursor < ready.length) next = ready[cursor++] as number;
    else {
      // A cycle: take its first node not done yet (its remaining incoming edges are ignored).
      next = done.indexOf(false);
    }
    if (done[next]) continue;
    done[next] = true;
    taken++;
    for (const target of out[next] ?? []) {
      if (done[target]) continue;
      layer[target] = Math.max(layer[target] ?? 0, (layer[next] ?? 0) + 1);
      indegree[target] = (indegree[target] ?? 0) - 1;
      if (indegree[target] === 0) ready.push(target);
    }
  }
  return layer;
}

/** Edge crossings between two adjacent layers (positions of both ends, fractional by handle). */
function crossingsBetween(links: readonly Link[], at: Float64Array): number {
  let crossings = 0;
  for (let i = 0; i < links.length; i++) {
    const a = links[i] as Link;
    const a1 = (at[a.from] as number) + a.fromRank;
    const a2 = (at[a.to] as number) + a.toRank;
    for (let j = i + 1; j < links.length; j++) {
      const b = links[j] as Link;
      const d1 = a1 - ((at[b.from] as number) + b.fromRank);
      const d2 = a2 - ((at[b.to] as number) + b.toRank);
      if (d1 * d2 < 0) crossings++;
    }
  }
  return crossings;
}

/** Node positions laid out from Home, left to right; every node of the graph gets one. */
export function layoutPositions(
  graph: WorkflowGraph,
  options: AutoLayoutOptions = {},
): Map<string, Position> {
  const sizeOf = options.sizeOf ?? (() => DEFAULT_NODE_SIZE);
  const gapX = options.gapX ?? GAP_X;
  const gapY = options.gapY ?? GAP_Y;
  const sweeps = options.sweeps ?? SWEEPS;
  // Home first, the others in their saved order: the tie-break that keeps the result deterministic.
  const nodes = [
    ...graph.nodes.filter((n) => n.type === HOME_BLOCK),
    ...graph.nodes.filter((n) => n.type !== HOME_BLOCK),
  ];
  const count = nodes.length;
  const index = new Map(nodes.map((n, i) => [n.id, i]));
  const rank = (id: string, handle: string, side: 'source' | 'target') => {
    const r = options.handleRank?.(id, handle, side) ?? 0;
    return Math.min(0.9, Math.max(0, r) * 0.1);
  };
  const all: Link[] = [];
  for (const edge of graph.edges) {
    const from = index.get(edge.source);
    const to = index.get(edge.target);
    if (from === undefined || to === undefined || from === to) continue;
    all.push({
      from,
      to,
      fromRank: rank(edge.source, edge.source_handle, 'source'),
      toRank: rank(edge.target, edge.target_handle, 'target'),
    });
  }
  const layer = layersOf(count, all);
  // Back edges of a broken cycle do not go left to right: they take no part in the ordering.
  const links = all.filter((l) => (layer[l.to] as number) > (layer[l.from] as number));
  const depth = count === 0 ? 0 : Math.max(...layer) + 1;
  const layers: number[][] = Array.from({ length: depth }, () => []);
  for (let i = 0; i < count; i++) layers[layer[i] as number]?.push(i);

  // Links that cross between layer k and k+1 only; a long edge pulls on both ends (its layers differ by more).
  const into: Link[][] = Array.from({ length: count }, () => []);
  const outOf: Link[][] = Array.from({ length: count }, () => []);
  for (const link of links) {
    into[link.to]?.push(link);
    outOf[link.from]?.push(link);
  }
  const at = new Float64Array(count);
  const number = (members: readonly number[]) => {
    for (let i = 0; i < members.length; i++) at[members[i] as number] = i;
  };
  for (const members of layers) number(members);
  const totalCrossings = () => {
    let sum = 0;
    for (let k = 0; k + 1 < depth; k++) {
      const between = links.filter((l) => layer[l.from] === k && layer[l.to] === k + 1);
      sum += crossingsBetween(between, at);
    }
    return sum;
  };
  const reorder = (members: number[], neighbours: (node: number) => Array<[number, number]>) => {
    const weight = new Map<number, number>();
    for (const node of members) {
      const near = neighbours(node);
      weight.set(
        node,
        near.length === 0
          ? (at[node] as number)
          : near.reduce((s, [n, r]) => s + (at[n] as number) + r, 0) / near.length,
      );
    }
    // Stable: equal weights keep their current order.
    members.sort(
      (a, b) =>
        (weight.get(a) as number) - (weight.get(b) as number) || (at[a] as number) - (at[b] as number),
    );
    number(members);
  };
  let best = layers.map((m) => [...m]);
  let bestCrossings = totalCrossings();
  for (let sweep = 0; sweep < sweeps && bestCrossings > 0; sweep++) {
    for (let k = 1; k < depth; k++) {
      reorder(layers[k] as number[], (node) =>
        (into[node] ?? []).map((l) => [l.from, l.fromRank - l.toRank]),
      );
    }
    for (let k = depth - 2; k >= 0; k--) {
      reorder(layers[k] as number[], (node) => (outOf[node] ?? []).map((l) => [l.to, l.toRank - l.fromRank]));
    }
    const crossings = totalCrossings();
    if (crossings < bestCrossings) {
      bestCrossings = crossings;
      best = layers.map((m) => [...m]);
    }
  }

  // Coordinates.
  const sizes = nodes.map((n) => sizeOf(n.id));
  const centre = new Float64Array(count);
  const positions = new Map<string, Position>();
  let x = 0;
  for (const members of best) {
    const width = Math.max(0, ...members.map((n) => (sizes[n] as NodeSize).width));
    const wanted = members.map((node, i) => {
      const near = into[node] ?? [];
      return near.length === 0
        ? i * (DEFAULT_NODE_SIZE.height + gapY) + (sizes[node] as NodeSize).height / 2
        : near.reduce((s, l) => s + (centre[l.from] as number), 0) / near.length;
    });
    const tops: number[] = [];
    let floor = Number.NEGATIVE_INFINITY;
    members.forEach((node, i) => {
      const height = (sizes[node] as NodeSize).height;
      const top = Math.max((wanted[i] as number) - height / 2, floor);
      tops.push(top);
      floor = top + height + gapY;
    });
    // Shift the column back by the average push, keeping its order and gaps.
    const shift =
      members.reduce(
        (s, node, i) =>
          s + (tops[i] as number) + (sizes[node] as NodeSize).height / 2 - (wanted[i] as number),
        0,
      ) / Math.max(1, members.length);
    members.forEach((node, i) => {
      const top = Math.round((tops[i] as number) - shift);
      centre[node] = top + (sizes[node] as NodeSize).height / 2;
      positions.set((nodes[node] as { id: string }).id, { x, y: top });
    });
    x += width + gapX;
  }
  return positions;
}

/** The graph with every node moved to its laid-out position (a new graph: one undoable change). */
export function autoLayout(graph: WorkflowGraph, options: AutoLayoutOptions = {}): WorkflowGraph {
  const positions = layoutPositions(graph, options);
  return {
    ...graph,
    nodes: graph.nodes.map((node) => {
      const position = positions.get(node.id);
      return position && (position.x !== node.position.x || position.y !== node.position.y)
        ? { ...node, position }
        : node;
    }),
  };
}

/** A node's size before React Flow measured it: its title and one row per port. */
export function estimatedSize(block: BlockDefinition | undefined): NodeSize {
  const rows = Math.max(1, block?.inputs.length ?? 0, block?.outputs.length ?? 0);
  return { width: DEFAULT_NODE_SIZE.width, height: 50 + rows * 20 };
}

/**
 * The editor's layout: measured sizes where React Flow has them (estimated from the ports
 * otherwise), and edges ranked by their handle's place on the node.
 */
export function layoutInEditor(
  graph: WorkflowGraph,
  catalog: ReadonlyMap<string, BlockDefinition>,
  measured: ReadonlyMap<string, { width?: number; height?: number }>,
): WorkflowGraph {
  const types = new Map(graph.nodes.map((n) => [n.id, n.type]));
  const sizeOf = (id: string): NodeSize => {
    const size = measured.get(id);
    const estimate = estimatedSize(catalog.get(types.get(id) ?? ''));
    return { width: size?.width ?? estimate.width, height: size?.height ?? estimate.height };
  };
  const handleRank = (id: string, handle: string, side: 'source' | 'target') => {
    const block = catalog.get(types.get(id) ?? '');
    const ports = side === 'source' ? block?.outputs : block?.inputs;
    return Math.max(0, ports?.findIndex((p) => p.name === handle) ?? 0);
  };
  return autoLayout(graph, { sizeOf, handleRank });
}

/**
 * What the editor's status says after an auto-layout: how many blocks it laid out and how many
 * touch no connection at all (they are placed, but nothing flows through them).
 */
export function layoutSummary(graph: WorkflowGraph): string {
  const wired = new Set(graph.edges.flatMap((edge) => [edge.source, edge.target]));
  const count = graph.nodes.length;
  const unwired = graph.nodes.filter((node) => !wired.has(node.id)).length;
  const laid = `Laid out ${count} ${count === 1 ? 'block' : 'blocks'} from Home, left to right`;
  if (unwired === 0 || count === 1) return laid;
  return `${laid}; ${unwired} ${unwired === 1 ? 'is' : 'are'} not wired`;
}
