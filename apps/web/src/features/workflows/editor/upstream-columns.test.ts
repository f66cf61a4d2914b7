import type { DataTable, GraphEdge, GraphNode, WorkflowGraph } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import { STATEMENT_COLUMNS, tableColumnsById, upstreamColumns } from './upstream-columns.ts';

const node = (id: string, type: string, parameters: Record<string, unknown> = {}): GraphNode => ({
  id,
  type,
  typeVersion: 1,
  position: { x: 0, y: 0 },
  parameters,
  on_error: 'stop',
});
const edge = (source: string, sh: string, target: string, th: string): GraphEdge => ({
  id: `${source}.${sh}-${target}.${th}`,
  source,
  source_handle: sh,
  target,
  target_handle: th,
});
const graphOf = (nodes: GraphNode[], edges: GraphEdge[]): WorkflowGraph => ({
  schemaVersion: 1,
  nodes,
  edges,
});

const table = (id: string, columns: DataTable['columns']): DataTable =>
  ({ id, name: id, columns }) as unknown as DataTable;
const tables = tableColumnsById([
  table('bank', [
    { id: 'c1', name: 'Reference', type: 'text' },
    { id: 'c2', name: 'Amount', type: 'currency', currency: 'USD' },
    { id: 'c3', name: 'Fee', type: 'currency' },
  ] as DataTable['columns']),
  table('ledger', [
    { id: 'd1', name: 'Invoice', type: 'text' },
    { id: 'd2', name: 'Total', type: 'text' },
  ] as DataTable['columns']),
]);

describe('upstream columns', () => {
  it('reads a Table block’s columns through row blocks, currency columns named with their code', () => {
    const graph = graphOf(
      [
        node('bank', 'table', { table_id: 'bank' }),
        node('dedupe', 'deduplicate'),
        node('filter', 'filter_rows'),
      ],
      [edge('bank', 'rows', 'dedupe', 'rows'), edge('dedupe', 'duplicates', 'filter', 'rows')],
    );
    expect(upstreamColumns(graph, 'dedupe', tables)).toEqual(['Reference', 'Amount (USD)', 'Fee (KES)']);
    expect(upstreamColumns(graph, 'filter', tables)).toEqual(['Reference', 'Amount (USD)', 'Fee (KES)']);
  });

  it('gives the statement columns after Parse file of an upload accepted as a bank statement, else unknown', () => {
    const graph = graphOf(
      [
        node('statement', 'upload_document', { accept: 'statement' }),
        node('csv', 'upload_document', { accept: 'csv' }),
        node('parse', 'parse_file'),
        node('parse_csv', 'parse_file'),
        node('a', 'filter_rows'),
        node('b', 'filter_rows'),
      ],
      [
        edge('statement', 'file', 'parse', 'file'),
        edge('csv', 'file', 'parse_csv', 'file'),
        edge('parse', 'rows', 'a', 'rows'),
        edge('parse_csv', 'rows', 'b', 'rows'),
      ],
    );
    expect(upstreamColumns(graph, 'a', tables)).toEqual([...STATEMENT_COLUMNS]);
    expect(upstreamColumns(graph, 'b', tables)).toBeUndefined();
  });

  it('takes Map columns’ new names, from the mapping or its JSON text, unknown when it does not read', () => {
    const mapped = (mapping: unknown) =>
      upstreamColumns(
        graphOf(
          [
            node('ledger', 'table', { table_id: 'ledger' }),
            node('map', 'map_columns', { mapping }),
            node('f', 'filter_rows'),
          ],
          [edge('ledger', 'rows', 'map', 'rows'), edge('map', 'rows', 'f', 'rows')],
        ),
        'f',
        tables,
      );
    expect(
      mapped([
        { from: 'Invoice', to: 'Reference' },
        { from: 'Total', to: 'Amount' },
      ]),
    ).toEqual(['Reference', 'Amount']);
    expect(mapped('[{ "from": "Invoice", "to": "Ref" }]')).toEqual(['Ref']);
    expect(mapped('[{ "from": ')).toBeUndefined();
    expect(mapped([])).toBeUndefined();
  });

  it('combines several inputs in order, and is unknown when one of them is', () => {
    const graph = graphOf(
      [
        node('bank', 'table', { table_id: 'bank' }),
        node('ledger', 'table', { table_id: 'ledger' }),
        node('gone', 'table', { table_id: 'missing' }),
        node('write', 'write_to_table'),
        node('after', 'filter_rows'),
        node('write2', 'write_to_table'),
      ],
      [
        edge('bank', 'rows', 'write', 'rows'),
        edge('ledger', 'rows', 'write', 'rows'),
        edge('write', 'rows', 'after', 'rows'),
        edge('bank', 'rows', 'write2', 'rows'),
        edge('gone', 'rows', 'write2', 'rows'),
      ],
    );
    expect(upstreamColumns(graph, 'after', tables)).toEqual([
      'Reference',
      'Amount (USD)',
      'Fee (KES)',
      'Invoice',
      'Total',
    ]);
    expect(upstreamColumns(graph, 'write2', tables)).toBeUndefined();
  });

  it('gives Reconcile’s result columns, and side plus both inputs’ columns for the unmatched rows', () => {
    const graph = graphOf(
      [
        node('bank', 'table', { table_id: 'bank' }),
        node('ledger', 'table', { table_id: 'ledger' }),
        node('match', 'reconcile'),
        node('m', 'filter_rows'),
        node('u', 'filter_rows'),
      ],
      [
        edge('bank', 'rows', 'match', 'left'),
        edge('ledger', 'rows', 'match', 'right'),
        edge('match', 'matched', 'm', 'rows'),
        edge('match', 'unmatched', 'u', 'rows'),
      ],
    );
    expect(upstreamColumns(graph, 'm', tables)).toContain('explanation');
    expect(upstreamColumns(graph, 'u', tables)).toEqual([
      'side',
      'Reference',
      'Amount (USD)',
      'Fee (KES)',
      'Invoice',
      'Total',
    ]);
  });

  it('is unknown with nothing connected, and survives a cycle', () => {
    const graph = graphOf(
      [node('a', 'filter_rows'), node('b', 'filter_rows'), node('alone', 'filter_rows')],
      [edge('a', 'rows', 'b', 'rows'), edge('b', 'rows', 'a', 'rows')],
    );
    expect(upstreamColumns(graph, 'alone', tables)).toBeUndefined();
    expect(upstreamColumns(graph, 'a', tables)).toBeUndefined();
  });
});
