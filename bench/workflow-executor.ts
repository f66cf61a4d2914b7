/**
 * Executor overhead (issue 7): a 10-block workflow over 100,000 rows, its blocks called directly in
 * order, then the same blocks run by `executeGraph` (scheduling, hooks, retry bookkeeping). The
 * overhead is (executor − direct) / direct, best of ROUNDS each, alternating to share the machine's
 * moods. Pure engine only: the server's storing of outputs is not in either figure.
 *
 *   npx tsx bench/workflow-executor.ts [rows=100000] [rounds=7]
 */
import type { GraphNode, WorkflowGraph } from '@counterpart/contracts';
import {
  type BlockOutputs,
  cleanCurrency,
  deduplicateRows,
  executeGraph,
  filterRows,
  mapColumns,
  type RowSet,
} from '@counterpart/workflow-engine';

const ROWS = Number(process.argv[2] ?? 100_000);
const ROUNDS = Number(process.argv[3] ?? 7);

function rows(): RowSet {
  const out: RowSet['rows'] = [];
  for (let i = 0; i < ROWS; i++) {
    const shillings = (i * 7919) % 250_000;
    out.push({
      Date: `2026-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
      Reference: `INV-${i % (ROWS - ROWS / 50)}`,
      Details: `Payment ${i} MPESA PAYBILL`,
      Amount:
        i % 10 === 0
          ? `(${shillings.toLocaleString('en-US')}.50)`
          : `KES ${shillings.toLocaleString('en-US')}.25`,
    });
  }
  return { columns: ['Date', 'Reference', 'Details', 'Amount'], rows: out };
}

const node = (id: string, type: string, parameters: Record<string, unknown> = {}): GraphNode =>
  ({ id, type, typeVersion: 1, position: { x: 0, y: 0 }, parameters, on_error: 'stop' }) as GraphNode;

const chain: GraphNode[] = [
  node('home', 'home'),
  node('source', 'source'),
  node('dedupe', 'deduplicate', { columns: ['Reference'] }),
  node('clean', 'clean_currency', { columns: ['Amount'], currency: 'KES' }),
  node('paid', 'filter_rows', { column: 'Amount', operator: 'greater_than', value: '0' }),
  node('rename', 'map_columns', {
    mapping: [
      { from: 'Reference', to: 'reference' },
      { from: 'Amount', to: 'amount' },
      { from: 'Date', to: 'date' },
      { from: 'Details', to: 'details' },
    ],
  }),
  node('recent', 'filter_rows', { column: 'date', operator: 'greater_than', value: '2026-03-01' }),
  node('mpesa', 'filter_rows', { column: 'details', operator: 'contains', value: 'mpesa' }),
  node('dedupe2', 'deduplicate', { columns: ['reference', 'amount'] }),
  node('narrow', 'map_columns', {
    mapping: [
      { from: 'reference', to: 'ref' },
      { from: 'amount', to: 'amt' },
    ],
  }),
];
const graph: WorkflowGraph = {
  schemaVersion: 1,
  nodes: chain,
  edges: chain.slice(1).map((target, i) => ({
    id: `e${i}`,
    source: chain[i]?.id as string,
    source_handle: i === 0 ? 'start' : 'rows',
    target: target.id,
    target_handle: i === 0 ? 'start' : 'rows',
  })),
} as WorkflowGraph;

function runOne(n: GraphNode, input: RowSet | undefined, source: RowSet): BlockOutputs {
  const p = n.parameters as Record<string, unknown>;
  switch (n.type) {
    case 'home':
      return { start: {} };
    case 'source':
      return { rows: source };
    case 'deduplicate':
      return deduplicateRows(input as RowSet, p);
    case 'clean_currency':
      return { rows: cleanCurrency(input as RowSet, p).rows };
    case 'filter_rows':
      return filterRows(input as RowSet, p);
    case 'map_columns':
      return mapColumns(input as RowSet, p);
    default:
      throw new Error(n.type);
  }
}

function direct(source: RowSet): number {
  let input: RowSet | undefined;
  let out = 0;
  for (const n of chain) {
    const outputs = runOne(n, input, source);
    input = outputs.rows as RowSet | undefined;
    out = input?.rows.length ?? 0;
  }
  return out;
}

async function viaExecutor(source: RowSet): Promise<number> {
  let out = 0;
  const result = await executeGraph(graph, {
    concurrency: 2,
    runBlock: async ({ node: n, inputs }) => {
      const outputs = runOne(n, inputs.rows?.[0] as RowSet | undefined, source);
      if (n.id === 'narrow') out = (outputs.rows as RowSet).rows.length;
      return outputs;
    },
  });
  if (result.outcome !== 'succeeded') throw new Error(JSON.stringify(result.failure));
  return out;
}

const source = rows();
const times = { direct: [] as number[], executor: [] as number[] };
const check = [0, 0];
for (let round = 0; round < ROUNDS + 1; round++) {
  let t = performance.now();
  check[0] = direct(source);
  const d = performance.now() - t;
  t = performance.now();
  check[1] = await viaExecutor(source);
  const e = performance.now() - t;
  if (round > 0) {
    times.direct.push(d);
    times.executor.push(e);
  }
}
if (check[0] !== check[1]) throw new Error(`different results: ${check}`);
const best = (xs: number[]) => Math.min(...xs);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const bd = best(times.direct);
const be = best(times.executor);
console.log(`${ROWS} rows × ${chain.length} blocks → ${check[0]} rows out`);
console.log(`direct:   best ${bd.toFixed(1)} ms, median ${median(times.direct).toFixed(1)} ms`);
console.log(`executor: best ${be.toFixed(1)} ms, median ${median(times.executor).toFixed(1)} ms`);
console.log(
  `overhead: best ${(((be - bd) / bd) * 100).toFixed(2)} %, median ${(((median(times.executor) - median(times.direct)) / median(times.direct)) * 100).toFixed(2)} %`,
);
