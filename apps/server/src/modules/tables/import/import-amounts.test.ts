import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../../test/api-call.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestOrganization,
} from '../../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { IMPORTS, rowsByName, uploadFile, waitForImport } from './import-test-kit.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  org = await createTestOrganization(server, 'Import amounts');
  admin = await (await addTestMember(server, org, { group: 'Administrators' })).token();
});
afterAll(() => server.close());

/** Uploads a CSV, confirms it into a new table with `mapping` (the proposal's when not given), waits. */
async function importCsv(
  name: string,
  text: string,
  mapping?: (proposal: Json) => Json[],
): Promise<{ proposal: Json; done: Json }> {
  const uploaded = await uploadFile(server, admin, org.id, name, text);
  expect(uploaded.status).toBe(201);
  const proposal = uploaded.body.proposal;
  const started = await call('POST', `${IMPORTS}/${uploaded.body.id}/confirm`, admin, org.id, {
    target: { new_table: { name } },
    mapping: mapping ? mapping(proposal) : proposal.mapping,
  });
  expect(started.status).toBe(202);
  return { proposal, done: await waitForImport(call, admin, org.id, uploaded.body.id) };
}

/** The minor units of a stored currency cell as the items API answers it. */
function minorOf(cell: Json): string {
  return cell?.minor_units;
}

function amountColumn(currency: string) {
  return (proposal: Json): Json[] =>
    proposal.mapping.map((entry: Json) =>
      entry.source === 1 ? { source: 1, new_column: { name: 'Amount', type: 'currency', currency } } : entry,
    );
}

describe('amounts read exactly from a CSV', () => {
  it('reads a BOM + semicolon file with decimal commas, refusing an over-precise value by line and column', async () => {
    const { proposal, done } = await importCsv(
      'european.csv',
      '\uFEFFid;Amount\r\nA1;1.234,56\r\nA2;250,00\r\nA3;"1 234,50"\r\nA4;250,004\r\nA5;1.234\r\n',
      amountColumn('KES'),
    );
    expect(proposal).toMatchObject({ delimiter: ';', has_header: true });
    expect(proposal.columns.map((c: Json) => c.header)).toEqual(['id', 'Amount']);
    expect(proposal.columns[1]).toMatchObject({ guessed_type: 'currency', decimal_separator: ',' });
    expect(done).toMatchObject({ status: 'succeeded', inserted_rows: 4, failed_rows: 1 });
    expect(done.errors).toEqual([
      {
        line: 5,
        column: 'Amount',
        value: '250,004',
        message:
          '"250,004" is not an amount in KES with a decimal comma: 3 decimal places, the currency has 2',
      },
    ]);
    const rows = await rowsByName(call, admin, org.id, done.table_id);
    const byId = Object.fromEntries(rows.map((row) => [row.id, minorOf(row.Amount)]));
    expect(byId).toEqual({ A1: '123456', A2: '25000', A3: '123450', A5: '123400' });
  });

  it('reads decimal points, never rounding: 250.004 is refused, not stored as 250.00', async () => {
    const { proposal, done } = await importCsv(
      'english.csv',
      'ref,Amount\nR1,"1,234.56"\nR2,250.004\nR3,12\nR4,"1,2,3"\n',
      amountColumn('KES'),
    );
    expect(proposal.columns[1]).toMatchObject({ decimal_separator: '.' });
    expect(done).toMatchObject({ status: 'succeeded', inserted_rows: 2, failed_rows: 2 });
    expect(done.errors.map((e: Json) => [e.line, e.column, e.value])).toEqual([
      [3, 'Amount', '250.004'],
      [5, 'Amount', '1,2,3'],
    ]);
    expect(done.errors[1].message).toMatch(/digit groups "1,2,3" are not groups of three/);
    const rows = await rowsByName(call, admin, org.id, done.table_id);
    expect(Object.fromEntries(rows.map((row) => [row.ref, minorOf(row.Amount)]))).toEqual({
      R1: '123456',
      R3: '1200',
    });
  });

  it('reads a 0-digit and a 3-digit currency with their own precision', async () => {
    const yen = await importCsv('yen.csv', 'ref,Amount\nJ1,"1,250"\nJ2,12.5\nJ3,7.00\n', amountColumn('JPY'));
    expect(yen.done.errors.map((e: Json) => [e.line, e.message])).toEqual([
      [3, '"12.5" is not an amount in JPY with a decimal point: 1 decimal place, the currency has 0'],
    ]);
    const yenRows = await rowsByName(call, admin, org.id, yen.done.table_id);
    expect(Object.fromEntries(yenRows.map((row) => [row.ref, minorOf(row.Amount)]))).toEqual({
      J1: '1250',
      J3: '7',
    });

    const dinar = await importCsv('dinar.csv', 'ref,Amount\nK1,250.004\nK2,"1,000.5"\n', amountColumn('KWD'));
    expect(dinar.done).toMatchObject({ inserted_rows: 2, failed_rows: 0 });
    const dinarRows = await rowsByName(call, admin, org.id, dinar.done.table_id);
    expect(Object.fromEntries(dinarRows.map((row) => [row.ref, minorOf(row.Amount)]))).toEqual({
      K1: '250004',
      K2: '1000500',
    });
  });

  it('lets the user override the sniffed separator per column', async () => {
    const { proposal, done } = await importCsv('override.csv', 'ref,Amount\nO1,"1,234"\nO2,5\n', (p) =>
      p.mapping.map((entry: Json) =>
        entry.source === 1
          ? {
              source: 1,
              new_column: { name: 'Amount', type: 'currency', currency: 'KWD' },
              decimal_separator: ',',
            }
          : entry,
      ),
    );
    expect(proposal.columns[1].decimal_separator).toBe('.');
    const rows = await rowsByName(call, admin, org.id, done.table_id);
    expect(Object.fromEntries(rows.map((row) => [row.ref, minorOf(row.Amount)]))).toEqual({
      O1: '1234',
      O2: '5000',
    });
  });
});
