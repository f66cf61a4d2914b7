import {
  type BlockDefinition,
  type GraphEdge,
  type GraphNode,
  newWorkflowGraph,
  type WorkflowGraph,
  workflowGraphSchema,
} from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import {
  catalogOf,
  connectionProblem,
  downstreamOf,
  topologicalOrder,
  upstreamOf,
  validateGraph,
} from './workflow-graph.ts';

const block = (
  type: string,
  inputs: BlockDefinition['inputs'],
  outputs: BlockDefinition['outputs'],
  parameters: BlockDefinition['parameters'] = [],
): BlockDefinition => ({
  type,
  typeVersion: 1,
  name: type.replace(/_/g, ' '),
  category: 'processing',
  description: '',
  inputs,
  outputs,
  parameters,
  available: true,
});
const start = { name: 'start', label: 'Start', kind: 'any', required: true, multiple: false } as const;
const catalog = catalogOf([
  block('home', [], [{ name: 'start', label: 'Start', kind: 'any', required: false, multiple: false }]),
  block(
    'upload_document',
    [start],
    [{ name: 'file', label: 'File', kind: 'file', required: false, multiple: false }],
  ),
  block(
    'documents',
    [start],
    [{ name: 'documents', label: 'Documents', kind: 'documents', required: false, multiple: false }],
  ),
  block(
    'parse_file',
    [{ name: 'file', label: 'File', kind: 'file', required: true, multiple: false }],
    [{ name: 'rows', label: 'Rows', kind: 'table', required: false, multiple: false }],
  ),
  block(
    'reconcile',
    [
      { name: 'left', label: 'Left', kind: 'table', required: true, multiple: false },
      { name: 'right', label: 'Right', kind: 'table', required: true, multiple: false },
    ],
    [{ name: 'matched', label: 'Matched', kind: 'recon', required: false, multiple: false }],
    [{ name: 'rule_set', label: 'Rule set', type: 'rule_set', required: true, help: '' }],
  ),
  block(
    'write_to_table',
    [{ name: 'rows', label: 'Rows', kind: 'table', required: true, multiple: true }],
    [],
  ),
]);

const node = (id: string, type: string, parameters: Record<string, unknown> = {}): GraphNode => ({
  id,
  type,
  typeVersion: 1,
  position: { x: 0, y: 0 },
  parameters,
  on_error: 'stop',
});
const edge = (source: string, sourceHandle: string, target: string, targetHandle: string): GraphEdge => ({
  id: `${source}.${sourceHandle}-${target}.${targetHandle}`,
  source,
  source_handle: sourceHandle,
  target,
  target_handle: targetHandle,
});

/** Home → two uploads → two parses → reconcile. */
function morning(): WorkflowGraph {
  return {
    schemaVersion: 1,
    nodes: [
      node('home', 'home'),
      node('bank', 'upload_document'),
      node('ledger', 'upload_document'),
      node('parse_bank', 'parse_file'),
      node('parse_ledger', 'parse_file'),
      node('match', 'reconcile', { rule_set: 'default' }),
    ],
    edges: [
      edge('home', 'start', 'bank', 'start'),
      edge('home', 'start', 'ledger', 'start'),
      edge('bank', 'file', 'parse_bank', 'file'),
      edge('ledger', 'file', 'parse_ledger', 'file'),
      edge('parse_bank', 'rows', 'match', 'left'),
      edge('parse_ledger', 'rows', 'match', 'right'),
    ],
  };
}

describe('workflow graphs', () => {
  it('a new workflow is a Home node with empty data, and valid', () => {
    const graph = newWorkflowGraph();
    expect(workflowGraphSchema.parse(graph)).toEqual(graph);
    expect(graph.nodes).toEqual([expect.objectContaining({ type: 'home', parameters: {} })]);
    expect(validateGraph(graph, catalog)).toEqual([]);
  });

  it('accepts the morning workflow and orders it so each block runs after what it reads', () => {
    const graph = morning();
    expect(validateGraph(graph, catalog)).toEqual([]);
    expect(topologicalOrder(graph)).toEqual([
      'home',
      'bank',
      'ledger',
      'parse_bank',
      'parse_ledger',
      'match',
    ]);
  });

  it('finds a real cycle in the edges and reports it as a loop', () => {
    const anyBlock = catalogOf([
      ...catalog.values(),
      block(
        'filter_rows',
        [{ name: 'rows', label: 'Rows', kind: 'table', required: true, multiple: true }],
        [{ name: 'rows', label: 'Rows', kind: 'table', required: false, multiple: false }],
      ),
    ]);
    const graph: WorkflowGraph = {
      schemaVersion: 1,
      nodes: [
        node('home', 'home'),
        node('upload', 'upload_document'),
        node('parse', 'parse_file'),
        node('f1', 'filter_rows'),
        node('f2', 'filter_rows'),
      ],
      edges: [
        edge('home', 'start', 'upload', 'start'),
        edge('upload', 'file', 'parse', 'file'),
        edge('parse', 'rows', 'f1', 'rows'),
        edge('f1', 'rows', 'f2', 'rows'),
        edge('f2', 'rows', 'f1', 'rows'),
      ],
    };
    expect(topologicalOrder(graph)).toBeNull();
    expect(validateGraph(graph, anyBlock)).toEqual([
      {
        edge_id: 'f2.rows-f1.rows',
        message: 'This connection would make a loop: a workflow runs from Home forward only',
      },
    ]);
  });

  it('refuses a second Home, an unknown block, and incompatible handles with the reason', () => {
    const graph = morning();
    graph.nodes.push(node('home2', 'home'), node('magic', 'teleport'));
    graph.edges.push(edge('home', 'start', 'magic', 'in'));
    const issues = validateGraph(graph, catalog);
    expect(issues).toEqual(
      expect.arrayContaining([
        { node_id: 'home2', message: 'A workflow has one Home block: remove this one' },
        { node_id: 'magic', message: 'Unknown block "teleport"' },
      ]),
    );
    expect(
      connectionProblem(morning(), catalog, {
        source: 'bank',
        source_handle: 'file',
        target: 'match',
        target_handle: 'left',
      }),
    ).toBe('File gives a file, but Left of "reconcile" takes rows');
  });

  it('lets a documents list feed a file input (each document is read), but not rows', () => {
    const graph = morning();
    graph.nodes.push(node('drop_box', 'documents'), node('parse_drop_box', 'parse_file'));
    graph.edges.push(edge('home', 'start', 'drop_box', 'start'));
    const toParse = {
      source: 'drop_box',
      source_handle: 'documents',
      target: 'parse_drop_box',
      target_handle: 'file',
    };
    expect(connectionProblem(graph, catalog, toParse)).toBeNull();
    graph.edges.push(edge('drop_box', 'documents', 'parse_drop_box', 'file'));
    expect(validateGraph(graph, catalog)).toEqual([]);
    expect(
      connectionProblem(graph, catalog, { ...toParse, source: 'parse_ledger', source_handle: 'rows' }),
    ).toBe('Rows gives rows, but File of "parse file" takes a file');
    expect(
      connectionProblem(graph, catalog, {
        source: 'drop_box',
        source_handle: 'documents',
        target: 'match',
        target_handle: 'left',
      }),
    ).toBe('Documents gives documents, but Left of "reconcile" takes rows');
  });

  it('one edge per single input; required inputs, parameters and reachability are checked', () => {
    const graph = morning();
    expect(
      connectionProblem(graph, catalog, {
        source: 'parse_ledger',
        source_handle: 'rows',
        target: 'match',
        target_handle: 'left',
      }),
    ).toBe('Left of "reconcile" takes one connection; remove the one it has first');
    graph.nodes.push(node('orphan', 'parse_file'));
    graph.nodes[5] = node('match', 'reconcile');
    expect(validateGraph(graph, catalog)).toEqual([
      { node_id: 'orphan', message: '"parse file" is not connected to Home, so it would never run' },
      { node_id: 'match', message: 'Rule set of "reconcile" is required' },
      { node_id: 'orphan', message: 'File of "parse file" needs a connection' },
    ]);
  });

  it('a block sending its errors out has an error handle to connect', () => {
    const graph = morning();
    const write = node('log', 'write_to_table');
    graph.nodes.push(write);
    const connection = { source: 'parse_bank', source_handle: 'error', target: 'log', target_handle: 'rows' };
    expect(connectionProblem(graph, catalog, connection)).toBe('"parse file" has no output "error"');
    graph.nodes[3] = { ...node('parse_bank', 'parse_file'), on_error: 'error_output' };
    expect(connectionProblem(graph, catalog, connection)).toBeNull();
  });

  it('re-run from a block takes it and everything after; run-up-to takes everything before', () => {
    const graph = morning();
    expect([...downstreamOf(graph, 'parse_bank')].sort()).toEqual(['match', 'parse_bank']);
    expect([...upstreamOf(graph, 'parse_bank')].sort()).toEqual(['bank', 'home', 'parse_bank']);
  });
});
