import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../../../test/api-call.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import {
  createReconOrg,
  MANUAL,
  type ReconOrg,
  runAndWait,
  TABLES,
  useTestSettings,
  V1,
} from '../shared/recon-test-support.ts';

/*
 * A run learns from what people decided: a payer a person matched to a customer before is that
 * customer's payer in the next run, and a suggestion a person refused is never proposed again.
 * Each case has a control on tables without the decision, so the test fails if nothing was learned.
 */

let server: TestServer;
let o: ReconOrg;

beforeAll(async () => {
  server = await startTestServer();
  o = await createReconOrg(server, 'Recon learning');
  await useTestSettings(o);
});
afterAll(() => server.close());

interface Table {
  id: string;
  col: Record<string, string>;
  /** Item ids by their first cell (receipt or invoice number). */
  item: Record<string, string>;
}

async function table(name: string, columns: Array<[string, string]>, rows: string[][]): Promise<Table> {
  const made = await o.call('POST', `${TABLES}/`, {
    name,
    columns: columns.map(([column, type]) => ({ name: column, type })),
  });
  expect(made.status).toBe(201);
  const out: Table = { id: made.body.id, col: {}, item: {} };
  for (const column of made.body.columns) out.col[column.name] = column.id;
  await addItems(out, columns, rows);
  return out;
}

async function addItems(t: Table, columns: Array<[string, string]>, rows: string[][]): Promise<void> {
  const res = await o.call('POST', `${TABLES}/${t.id}/items/bulk_create`, {
    items: rows.map((cells) => ({
      values: Object.fromEntries(columns.map(([column], i) => [column, cells[i]])),
    })),
  });
  expect(res.status).toBe(201);
  const page = await o.call('GET', `${TABLES}/${t.id}/items?page_size=500`);
  const first = t.col[columns[0]![0]] as string;
  for (const item of page.body.data) t.item[item.values[first]] = item.id;
}

const STATEMENT: Array<[string, string]> = [
  ['Receipt', 'text'],
  ['Details', 'text'],
  ['Amount', 'currency'],
  ['Date', 'date'],
];
const LEDGER: Array<[string, string]> = [
  ['Invoice', 'text'],
  ['Customer', 'text'],
  ['Amount', 'currency'],
  ['Date', 'date'],
];
const MARY = 'Pay Bill Online from 2547******678 - MARY ATIENO Acc.';

/** A statement and a ledger where Mary Atieno pays for Baraka Supplies, whose ledger names no phone. */
async function sides(label: string) {
  const statement = await table(`${label} statement`, STATEMENT, [
    ['SC10001AAA', `${MARY} PAYMENT`, '1000.00', '2026-03-10'],
  ]);
  const ledger = await table(`${label} ledger`, LEDGER, [
    ['INV-2026-000101', 'Baraka Supplies Ltd', '1000.00', '2026-03-01'],
    ['INV-2026-000109', 'Zawadi Traders', '1000.00', '2026-03-02'],
  ]);
  return { statement, ledger };
}

/** Next month's payment by the same payer, and two open invoices of that amount. */
async function nextMonth(statement: Table, ledger: Table) {
  await addItems(statement, STATEMENT, [['SD20002BBB', `${MARY} PAY`, '2500.00', '2026-04-10']]);
  await addItems(ledger, LEDGER, [
    ['INV-2026-000201', 'Baraka Supplies Ltd', '2500.00', '2026-04-01'],
    ['INV-2026-000202', 'Zawadi Traders', '2500.00', '2026-04-02'],
  ]);
}

function fields(statement: Table, ledger: Table) {
  return {
    left_table_id: statement.id,
    right_table_id: ledger.id,
    left_fields: {
      amount: statement.col.Amount,
      date: statement.col.Date,
      reference: [statement.col.Receipt],
      text: [statement.col.Details],
    },
    right_fields: {
      amount: ledger.col.Amount,
      date: ledger.col.Date,
      reference: [ledger.col.Invoice],
      counterparty: ledger.col.Customer,
    },
  };
}

async function groupsOf(runId: string): Promise<Json[]> {
  return (await o.call('GET', `${V1}/groups?run_id=${runId}&page_size=100`)).body.data;
}

const itemIds = (group: Json) => group.items.map((i: Json) => i.item_id).sort();

describe('a run learns from decisions', () => {
  it('pairs a payer with the customer a person matched them to before, and says so', async () => {
    const taught = await sides('Taught');
    const made = await o.call('POST', MANUAL, {
      left_item_ids: [taught.statement.item.SC10001AAA],
      right_item_ids: [taught.ledger.item['INV-2026-000101']],
      note: 'Mary Atieno pays for Baraka Supplies',
    });
    expect(made.status).toBe(201);
    await nextMonth(taught.statement, taught.ledger);
    const run = await runAndWait(o, fields(taught.statement, taught.ledger));
    expect(run.status, run.error_message).toBe('succeeded');
    const groups = await groupsOf(run.id);
    const marys = groups.find((g) => itemIds(g).includes(taught.statement.item.SD20002BBB));
    expect(marys, JSON.stringify(groups)).toBeDefined();
    expect(itemIds(marys)).toEqual(
      [taught.statement.item.SD20002BBB, taught.ledger.item['INV-2026-000201']].sort(),
    );
    expect(marys.status).toBe('reconciled');
    expect(JSON.stringify(marys.features)).toMatch(/paid .*Baraka Supplies.* before/i);
    // The decision itself is untouched by the run.
    const manual = await o.call('GET', `${V1}/groups/${made.body.data.id}`);
    expect(manual.body.data).toMatchObject({ source: 'manual', status: 'reconciled', state: 'active' });

    // Control: the same data without the decision gives the run no reason to prefer Baraka's invoice.
    const plain = await sides('Untaught');
    await nextMonth(plain.statement, plain.ledger);
    const control = await runAndWait(o, fields(plain.statement, plain.ledger));
    expect(control.status).toBe('succeeded');
    const automatic = (await groupsOf(control.id)).filter(
      (g) => g.status === 'reconciled' && itemIds(g).includes(plain.statement.item.SD20002BBB),
    );
    expect(automatic).toEqual([]);
  });

  it('never proposes again a suggestion a person refused', async () => {
    const statement = await table('Refused statement', STATEMENT, [
      ['SE30003CCC', `${MARY} PAYMENT`, '1750.00', '2026-05-10'],
    ]);
    const ledger = await table('Refused ledger', LEDGER, [
      ['INV-2026-000301', 'Baraka Supplies Ltd', '1750.00', '2026-05-08'],
    ]);
    const first = await runAndWait(o, fields(statement, ledger));
    const proposed = (await groupsOf(first.id)).find((g) => itemIds(g).includes(statement.item.SE30003CCC));
    expect(proposed, 'the first run proposes the only open invoice of that amount').toBeDefined();
    expect(proposed.status).toBe('suggested');
    const refused = await o.call('POST', `${MANUAL}/reject`, {
      group_ids: [proposed.id],
      reason: 'not hers',
    });
    expect(refused.body.changed).toEqual([proposed.id]);

    const again = await runAndWait(o, fields(statement, ledger));
    expect(again.status).toBe('succeeded');
    expect(again.summary.groups).toEqual({ reconciled: 0, partial: 0, suggested: 0 });
    expect(again.summary.left.unreconciled).toBe(1);
  });
});
