import type { GraphEdge, GraphNode, WorkflowGraph } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import {
  autoLayout,
  DEFAULT_NODE_SIZE,
  layoutPositions,
  layoutSummary,
  type NodeSize,
} from './auto-layout.ts';

const node = (id: string, type = 'filter_rows'): GraphNode => ({
  id,
  type,
  typeVersion: 1,
  position: { x: 0, y: 0 },
  parameters: {},
  on_error: 'stop',
});
const edge = (source: string, target: string, sourceHandle = 'rows', targetHandle = 'rows'): GraphEdge => ({
  id: `${source}.${sourceHandle}-${target}.${targetHandle}`,
  source,
  source_handle: sourceHandle,
  target,
  target_handle: targetHandle,
});
const graphOf = (nodes: GraphNode[], edges: GraphEdge[]): WorkflowGraph => ({
  schemaVersion: 1,
  nodes,
  edges,
});

/** Home → `chains` chains of row blocks, some branching into two and joining again: `count` nodes in all. */
function bigGraph(count: number, seed = 7): WorkflowGraph {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const nodes = [node('home', 'home')];
  const edges: GraphEdge[] = [];
  const tips: string[] = [];
  for (let i = 1; i < count; i++) {
    const id = `n${i}`;
    nodes.push(node(id, i % 10 === 1 ? 'table' : 'filter_rows'));
    if (i % 10 === 1 || tips.length === 0) {
      edges.push(edge('home', id, 'start', 'start'));
    } else {
      const from = tips[Math.floor(random() * tips.length)] as string;
      edges.push(edge(from, id, random() < 0.5 ? 'rows' : 'rest'));
    }
    tips.push(id);
    if (tips.length > 12) tips.shift();
  }
  return graphOf(nodes, edges);
}

function overlaps(positions: Map<string, { x: number; y: number }>, size: (id: string) => NodeSize) {
  const boxes = [...positions].map(([id, p]) => ({ id, ...p, ...size(id) }));
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i] as (typeof boxes)[number];
      const b = boxes[j] as (typeof boxes)[number];
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) {
        found.push(`${a.id}/${b.id}`);
      }
    }
  }
  return found;
}

describe('auto-layout', () => {
  it('puts Home first and each block one column right of the block before it', () => {
    const graph = graphOf(
      [node('b', 'filter_rows'), node('home', 'home'), node('a', 'table')],
      [edge('home', 'a', 'start', 'start'), edge('a', 'b')],
    );
    const at = layoutPositions(graph);
    expect(at.get('home')?.x).toBe(0);
    expect(at.get('a')?.x).toBeGreaterThan(DEFAULT_NODE_SIZE.width);
    expect(at.get('b')?.x).toBeGreaterThan(at.get('a')?.x as number);
    // A chain lies on one line.
    expect(at.get('a')?.y).toBe(at.get('home')?.y);
    expect(at.get('b')?.y).toBe(at.get('a')?.y);
  });

  it('uses the longest path: a block fed by a chain and by Home sits after the chain', () => {
    const graph = graphOf(
      [node('home', 'home'), node('a'), node('b'), node('join', 'reconcile')],
      [
        edge('home', 'a', 'start', 'start'),
        edge('a', 'b'),
        edge('b', 'join', 'rows', 'left'),
        edge('home', 'join', 'start', 'right'),
      ],
    );
    const at = layoutPositions(graph);
    expect(at.get('join')?.x).toBeGreaterThan(at.get('b')?.x as number);
  });

  it('uncrosses two branches by their handles: the first output above the second', () => {
    const graph = graphOf(
      [node('home', 'home'), node('split'), node('low'), node('high')],
      [edge('home', 'split', 'start', 'start'), edge('split', 'low', 'rest'), edge('split', 'high', 'rows')],
    );
    const handleRank = (_id: string, handle: string) => (handle === 'rest' ? 1 : 0);
    const at = layoutPositions(graph, { handleRank });
    expect(at.get('high')?.y).toBeLessThan(at.get('low')?.y as number);
  });

  it('reduces crossings left by the saved order', () => {
    // a1 → b2 and a2 → b1 cross when kept in saved order.
    const graph = graphOf(
      [node('home', 'home'), node('a1'), node('a2'), node('b1'), node('b2')],
      [
        edge('home', 'a1', 'start', 'start'),
        edge('home', 'a2', 'start', 'start'),
        edge('a1', 'b2'),
        edge('a2', 'b1'),
      ],
    );
    const at = layoutPositions(graph);
    const order = (a: string, b: string) => Math.sign((at.get(a)?.y as number) - (at.get(b)?.y as number));
    expect(order('a1', 'a2')).toBe(order('b2', 'b1'));
  });

  it('lays out 300 blocks with no overlap, every edge left to right, the same way twice, in well under 50 ms', () => {
    const graph = bigGraph(300);
    const size = (id: string): NodeSize => ({
      width: 200 + (id.length % 3) * 20,
      height: 70 + (id.length % 2) * 30,
    });
    const handleRank = (_id: string, handle: string) => (handle === 'rest' ? 1 : 0);
    layoutPositions(graph, { sizeOf: size, handleRank }); // warm up
    let best = Number.POSITIVE_INFINITY;
    let at = new Map<string, { x: number; y: number }>();
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      at = layoutPositions(graph, { sizeOf: size, handleRank });
      best = Math.min(best, performance.now() - started);
    }
    expect(best).toBeLessThan(50);
    expect(at.size).toBe(300);
    expect(overlaps(at, size)).toEqual([]);
    for (const e of graph.edges) {
      const from = at.get(e.source) as { x: number };
      expect(from.x + size(e.source).width, `${e.id}`).toBeLessThan((at.get(e.target) as { x: number }).x);
    }
    expect(layoutPositions(graph, { sizeOf: size, handleRank })).toEqual(at);
  });

  it('survives a cycle and unconnected blocks, giving every node a place', () => {
    const graph = graphOf(
      [node('home', 'home'), node('a'), node('b'), node('loose')],
      [edge('home', 'a', 'start', 'start'), edge('a', 'b'), edge('b', 'a', 'rows', 'other')],
    );
    const at = layoutPositions(graph);
    expect([...at.keys()].sort()).toEqual(['a', 'b', 'home', 'loose']);
    expect(overlaps(at, () => DEFAULT_NODE_SIZE)).toEqual([]);
  });

  it('returns a new graph only for the nodes it moved', () => {
    const graph = graphOf([node('home', 'home'), node('a')], [edge('home', 'a', 'start', 'start')]);
    const laid = autoLayout(graph);
    expect(laid.nodes[0]).toBe(graph.nodes[0]);
    expect(laid.nodes[1]?.position.x).toBeGreaterThan(0);
    expect(autoLayout(laid).nodes).toEqual(laid.nodes);
  });
});

describe('layoutSummary', () => {
  const graphOf = (ids: string[], edges: GraphEdge[]): WorkflowGraph => ({
    schemaVersion: 1,
    nodes: ids.map((id) => node(id)),
    edges,
  });

  it('says how many blocks it laid out, and how many are not wired to anything', () => {
    const wired = [edge('home', 'a'), edge('a', 'b')];
    expect(layoutSummary(graphOf(['home', 'a', 'b'], wired))).toBe(
      'Laid out 3 blocks from Home, left to right',
    );
    expect(layoutSummary(graphOf(['home', 'a', 'b', 'c', 'd'], wired))).toBe(
      'Laid out 5 blocks from Home, left to right; 2 are not wired',
    );
    expect(layoutSummary(graphOf(['home', 'a', 'b', 'c'], wired))).toBe(
      'Laid out 4 blocks from Home, left to right; 1 is not wired',
    );
    expect(layoutSummary(graphOf(['home'], []))).toBe('Laid out 1 block from Home, left to right');
  });
});
