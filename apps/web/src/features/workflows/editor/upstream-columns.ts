import type { DataTable, WorkflowGraph } from '@counterpart/contracts';
import { DEFAULT_CURRENCY } from '@counterpart/domain';

/**
 * The columns that reach a block's rows input, as far as the editor can know them before a run
 * (pure): a Table block gives its table's columns (currency columns as "Amount (KES)", as the
 * executor reads them), Parse file of an upload accepted as a bank statement gives the normalised
 * statement columns, Map columns gives its mapping's new names, row blocks pass their input on, and
 * Reconcile gives its result columns. `undefined` means unknown (a CSV's header is known only at
 * run time): the editor then falls back to free text.
 */

/** The executor's statement columns (apps/server …/tables/import/statement-proposal.ts STATEMENT_COLUMNS). */
export const STATEMENT_COLUMNS = [
  'Date',
  'Value date',
  'Amount',
  'Currency',
  'Reference',
  'Counterparty',
  'Narrative',
  'Bank reference',
] as const;

/** The Reconcile block's matched / partial / suggested rows (apps/server …/reconcile-block.ts RESULT_COLUMNS). */
export const RECON_RESULT_COLUMNS = [
  'group',
  'status',
  'score',
  'side',
  'row',
  'amount',
  'date',
  'reference',
  'difference',
  'explanation',
] as const;

/** The name a table column has in a workflow's rows. */
export function tableColumnHeader(column: DataTable['columns'][number]): string {
  return column.type === 'currency' ? `${column.name} (${column.currency ?? DEFAULT_CURRENCY})` : column.name;
}

/** A table's column names by table id (from the organization's tables). */
export function tableColumnsById(tables: readonly DataTable[]): Map<string, string[]> {
  return new Map(tables.map((table) => [table.id, table.columns.map(tableColumnHeader)]));
}

/** Blocks whose rows output is their rows input, column for column. */
const PASS_THROUGH = new Set(['filter_rows', 'deduplicate', 'clean_currency', 'write_to_table']);

type Columns = readonly string[] | undefined;

/** Names in a Map columns mapping (an array of { from, to }, or its JSON text); unknown when it does not read. */
function mappedNames(mapping: unknown): Columns {
  let value = mapping;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const names: string[] = [];
  for (const entry of value) {
    const to = (entry as { to?: unknown } | null)?.to;
    if (typeof to !== 'string' || to.trim() === '') return undefined;
    names.push(to.trim());
  }
  return [...new Set(names)];
}

/** Columns of several row sets combined, as the executor combines them: in order, each once. */
function union(sets: readonly Columns[]): Columns {
  if (sets.length === 0 || sets.some((s) => s === undefined)) return undefined;
  return [...new Set(sets.flatMap((s) => s as readonly string[]))];
}

/**
 * The columns reaching `handle` (default `rows`) of node `nodeId`: the combined columns of every
 * edge into it, or `undefined` when any of them is unknown or nothing is connected.
 */
export function upstreamColumns(
  graph: WorkflowGraph,
  nodeId: string,
  tableColumns: ReadonlyMap<string, readonly string[]>,
  handle = 'rows',
): string[] | undefined {
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const memo = new Map<string, Columns>();
  const visiting = new Set<string>();

  const inputOf = (id: string, target: string): Columns =>
    union(
      graph.edges
        .filter((e) => e.target === id && e.target_handle === target)
        .map((e) => outputOf(e.source, e.source_handle)),
    );

  function outputOf(id: string, output: string): Columns {
    const key = `${id}\u0000${output}`;
    if (memo.has(key)) return memo.get(key);
    if (visiting.has(key)) return undefined; // a cycle: unknown
    visiting.add(key);
    const result = compute(id, output);
    visiting.delete(key);
    memo.set(key, result);
    return result;
  }

  function compute(id: string, output: string): Columns {
    const node = nodes.get(id);
    if (!node) return undefined;
    const params = node.parameters;
    switch (node.type) {
      case 'table':
        return typeof params.table_id === 'string' ? tableColumns.get(params.table_id) : undefined;
      case 'parse_file': {
        const sources = graph.edges.filter((e) => e.target === id && e.target_handle === 'file');
        const statement =
          sources.length > 0 &&
          sources.every((e) => {
            const source = nodes.get(e.source);
            return source?.type === 'upload_document' && source.parameters.accept === 'statement';
          });
        return statement ? [...STATEMENT_COLUMNS] : undefined;
      }
      case 'map_columns':
        return mappedNames(params.mapping);
      case 'reconcile': {
        if (output !== 'unmatched') return [...RECON_RESULT_COLUMNS];
        const sides = union([inputOf(id, 'left'), inputOf(id, 'right')]);
        return sides && ['side', ...sides.filter((c) => c !== 'side')];
      }
      default:
        return PASS_THROUGH.has(node.type) ? inputOf(id, 'rows') : undefined;
    }
  }

  const columns = inputOf(nodeId, handle);
  return columns ? [...columns] : undefined;
}
