import { type BlockDefinition, type BlockParameter, newWorkflowGraph } from '@counterpart/contracts';
import { catalogOf } from '@counterpart/domain';
import { describe, expect, it } from 'vitest';
import {
  addEdge,
  addNode,
  freeSpot,
  isDuplicateName,
  nextNodeId,
  parameterText,
  parseParameterValue,
  removeElements,
  searchBlocks,
  toFlowEdges,
  toFlowNodes,
  updateNode,
} from './editor-graph.ts';

const port = (name: string, kind: 'any' | 'table') => ({
  name,
  label: name,
  kind,
  required: true,
  multiple: false,
});
const block = (type: string, name: string, extra: Partial<BlockDefinition> = {}): BlockDefinition => ({
  type,
  typeVersion: 1,
  name,
  category: 'processing',
  description: `${name} block`,
  inputs: [],
  outputs: [],
  parameters: [],
  available: true,
  ...extra,
});
const HOME = block('home', 'Home', { outputs: [port('start', 'any')] });
const TABLE = block('table', 'Table', {
  inputs: [port('start', 'any')],
  outputs: [port('rows', 'table')],
  parameters: [{ name: 'mode', label: 'Mode', type: 'select', required: false, help: '', default: 'all' }],
});
const catalog = catalogOf([HOME, TABLE]);
const param = (type: BlockParameter['type'], extra: Partial<BlockParameter> = {}): BlockParameter => ({
  name: 'p',
  label: 'P',
  type,
  required: false,
  help: '',
  ...extra,
});

describe('graph ↔ React Flow', () => {
  it('gives nodes their title, the block and whether they can be deleted (never Home)', () => {
    let graph = addNode(newWorkflowGraph(), TABLE);
    graph = updateNode(graph, 'table', { label: 'Bank rows' });
    const nodes = toFlowNodes(graph, catalog);
    expect(nodes.map((n) => [n.id, n.data.title, n.deletable])).toEqual([
      ['home', 'Home', false],
      ['table', 'Bank rows', true],
    ]);
    expect(nodes[1]?.data.block).toBe(TABLE);
    expect(graph.nodes[1]?.parameters).toEqual({ mode: 'all' });
  });

  it('maps edges by handle and back', () => {
    const graph = addEdge(addNode(newWorkflowGraph(), TABLE), {
      source: 'home',
      source_handle: 'start',
      target: 'table',
      target_handle: 'start',
    });
    expect(toFlowEdges(graph)).toEqual([
      {
        id: 'home.start-table.start',
        source: 'home',
        sourceHandle: 'start',
        target: 'table',
        targetHandle: 'start',
      },
    ]);
  });

  it('numbers new ids and places new nodes on a free spot', () => {
    const once = addNode(newWorkflowGraph(), TABLE);
    expect(nextNodeId(once, 'table')).toBe('table_2');
    expect(freeSpot(newWorkflowGraph())).toEqual({ x: 280, y: 0 });
    const twice = addNode(once, TABLE);
    expect(twice.nodes.map((n) => n.position)).toEqual([
      { x: 0, y: 0 },
      { x: 280, y: 0 },
      { x: 560, y: 0 },
    ]);
  });

  it('removes nodes with their edges, and never Home', () => {
    const graph = addEdge(addNode(newWorkflowGraph(), TABLE), {
      source: 'home',
      source_handle: 'start',
      target: 'table',
      target_handle: 'start',
    });
    expect(removeElements(graph, ['home', 'table'], [])).toEqual({ ...newWorkflowGraph(), edges: [] });
    expect(removeElements(graph, [], ['home.start-table.start']).edges).toEqual([]);
  });

  it('clears a blank label', () => {
    const graph = updateNode(updateNode(newWorkflowGraph(), 'home', { label: 'Start' }), 'home', {
      label: ' ',
    });
    expect(graph.nodes[0]).not.toHaveProperty('label');
  });
});

describe('isDuplicateName', () => {
  it('compares case-insensitively, ignoring spaces around', () => {
    expect(isDuplicateName(' morning RUN ', ['Morning run'])).toBe(true);
    expect(isDuplicateName('Morning run 2', ['Morning run'])).toBe(false);
    expect(isDuplicateName('', [''])).toBe(false);
  });
});

describe('parameter values', () => {
  it('parses JSON or says why not', () => {
    expect(parseParameterValue(param('json'), '[{"a":1}]')).toEqual({ ok: true, value: [{ a: 1 }] });
    expect(parseParameterValue(param('json'), '[{')).toEqual({ ok: false, error: 'Not valid JSON' });
    expect(parseParameterValue(param('json'), ' ')).toEqual({ ok: true, value: undefined });
  });

  it('parses numbers within their bounds', () => {
    expect(parseParameterValue(param('number', { min: 1, max: 5 }), '3')).toEqual({ ok: true, value: 3 });
    expect(parseParameterValue(param('number', { min: 1 }), '0')).toEqual({ ok: false, error: 'At least 1' });
    expect(parseParameterValue(param('number'), 'x')).toEqual({ ok: false, error: 'Enter a number' });
  });

  it('keeps text as typed, empty as unset, and shows stored values as text', () => {
    expect(parseParameterValue(param('text'), ' a ')).toEqual({ ok: true, value: ' a ' });
    expect(parseParameterValue(param('column'), '')).toEqual({ ok: true, value: undefined });
    expect(parameterText(param('json'), [1])).toBe('[\n  1\n]');
    expect(parameterText(param('text'), ['a', 'b'])).toBe('a, b');
    expect(parameterText(param('number'), 2)).toBe('2');
  });
});

describe('searchBlocks', () => {
  it('leaves Home out and finds by name or description', () => {
    expect(searchBlocks([HOME, TABLE], '').map((b) => b.type)).toEqual(['table']);
    expect(searchBlocks([HOME, TABLE], 'TABLE BL').map((b) => b.type)).toEqual(['table']);
    expect(searchBlocks([HOME, TABLE], 'zzz')).toEqual([]);
  });
});
