/**
 * The JavaScript side of a run's write, alone: `buildGroups`, `summarize` and the COPY text of the groups,
 * their audit entries and their items for N one-to-one groups (N records a side, as the server-run bench's
 * data makes them), fed to a session that only counts the characters. Prints each step's CPU time (this
 * process's user + system: the figure to compare on a shared machine) beside the load.
 *
 *   N=1000000 npx tsx bench/recon/write-encoding.ts
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import type { EngineRecord, MatchGroup } from '@counterpart/recon-engine';
import type { BulkSession } from '../../apps/server/src/db/database.ts';
import {
  buildGroups,
  type RunRow,
  type Settings,
  type SideRows,
  summarize,
  type TableRow,
} from '../../apps/server/src/modules/recon/runs/run-groups.ts';
import { copyGroups, copyItems } from '../../apps/server/src/modules/recon/runs/run-writes.ts';

const N = Number(process.env.N ?? 1_000_000);
const side = (): SideRows => {
  const records: EngineRecord[] = [];
  for (let i = 0; i < N; i += 1)
    records.push({
      id: randomUUID(),
      amount: BigInt((i % 50000) * 100 + 150),
      currency: 'KES',
      date: 20454,
      reference: `INV-${i}`,
    });
  return { records, total: N, skipped: [], skippedCount: 0, allIds: records.map((r) => r.id) };
};
const left = side();
const right = side();
const groups: MatchGroup[] = left.records.map((l, i) => ({
  left: [l.id],
  right: [(right.records[i] as EngineRecord).id],
  rule_id: 'reference',
  status: 'reconciled',
  score: 0.9731,
  features: [
    { name: 'amount', score: 1, detail: 'equal' },
    { name: 'reference', score: 0.95, detail: 'INV-0000001 ~ INV-0000001' },
    { name: 'date', score: 0.9, detail: '1 day apart' },
  ],
  difference: 0n,
}));
const run = { id: randomUUID(), passes: [{ id: 'reference', name: 'Reference' }] } as unknown as RunRow;
const tables = { leftTable: { id: randomUUID() } as TableRow, rightTable: { id: randomUUID() } as TableRow };
const settings = {
  default_currency: 'KES',
  maker_checker: { enabled: false, threshold: 0 },
} as unknown as Settings;
const matched = { result: { groups, stats: [] }, passes: run.passes, engineMs: 0 } as never;
const input = { leftInput: left.records, rightInput: right.records, existing: [], rejected: [] } as never;

let chars = 0;
const session: BulkSession = {
  async query() {
    return { rows: [] };
  },
  async copyIn(_into, data) {
    for (const piece of data as Iterable<string>) chars += piece.length;
    return 0;
  },
};
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const step = async <T>(name: string, work: () => T | Promise<T>): Promise<T> => {
  const before = cpu();
  const result = await work();
  console.log(`${name.padEnd(12)} ${Math.round(cpu() - before)} ms CPU`);
  return result;
};
const organizationId = randomUUID();
const built = await step('buildGroups', () =>
  buildGroups(organizationId, run, tables, { left, right }, matched, new Map(), settings),
);
await step('summarize', () => summarize({ left, right }, input, matched, built, new Map()));
const target = {
  organizationId,
  runId: run.id,
  leftTableId: tables.leftTable.id,
  rightTableId: tables.rightTable.id,
  createdBy: null,
};
await step('groups+audit', () => copyGroups(session, target, built.made));
await step('items', () => copyItems(session, target, built.made, built.records));
console.log(
  `${N} groups, ${Math.round(chars / 1e6)} M characters of COPY text; load ${loadavg()[0].toFixed(1)}`,
);
