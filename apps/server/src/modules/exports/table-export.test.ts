import type { StartExport } from '@counterpart/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import {
  BANK,
  createReconOrg,
  createSide,
  LEDGER,
  MANUAL,
  type ReconOrg,
  useTestSettings,
} from '../recon/shared/recon-test-support.ts';
import { tableExportSource } from '../tables/items-export.service.ts';
import { createExportJob } from './export-job.ts';

const BASE = '/api/tables/storage/counterpart_tables';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let otherOrg: TestOrganization;
let admin: TestMember;
let adminToken: string;
let table: { id: string; col: Record<string, string> };

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  org = await createTestOrganization(server, 'Table export');
  otherOrg = await createTestOrganization(server, 'Table export elsewhere');
  admin = await addTestMember(server, org, { group: 'Administrators' });
  adminToken = await admin.token();
  const created = await call('POST', `${BASE}/`, adminToken, org.id, {
    name: 'Bank statement (March)',
    columns: [
      { name: 'Reference', type: 'text' },
      { name: 'Amount', type: 'currency' },
      { name: 'Date', type: 'date' },
      { name: 'Qty', type: 'number' },
      { name: 'Cleared', type: 'boolean' },
      { name: 'Status', type: 'single_select', options: ['reconciled', 'partial', 'unreconciled'] },
    ],
  });
  expect(created.status).toBe(201);
  table = {
    id: created.body.id,
    col: Object.fromEntries(created.body.columns.map((c: Json) => [c.name, c.id])),
  };
  const rows = [
    ['=HYPERLINK("http://x")', '-1,234.50', '2024-03-01', -3, true, 'reconciled'],
    ['Rent, March', '25000', '2024-02-15', 10, false, 'partial'],
    ['@SUM(A1)', '(12.5)', null, null, null, 'unreconciled'],
    ['+254700', '0.10', '2024-01-31', 1.5, true, 'reconciled'],
  ];
  const names = ['Reference', 'Amount', 'Date', 'Qty', 'Cleared', 'Status'];
  const seeded = await call('POST', `${BASE}/${table.id}/items/bulk_create`, adminToken, org.id, {
    items: rows.map((row) => ({ values: Object.fromEntries(names.map((n, i) => [n, row[i]])) })),
  });
  expect(seeded.status).toBe(201);
});
afterAll(() => server.close());

/** Runs the export job as the queue would and downloads what it wrote. */
async function runExport(
  data: Omit<StartExport & { area: 'table' }, 'order'> & { order?: 'asc' | 'desc' },
  as: { organizationId: string; userId: string; token: string } = {
    organizationId: org.id,
    userId: admin.id,
    token: adminToken,
  },
) {
  const job = createExportJob({ config: server.config, database: server.database });
  const result = await job.run({
    id: crypto.randomUUID(),
    data: { order: 'asc', ...data } as StartExport,
    owner: { organizationId: as.organizationId, userId: as.userId },
    progress: async () => {},
    signal: new AbortController().signal,
  });
  const res = await fetch(`${server.url}${result.url}`, {
    headers: { authorization: `Bearer ${as.token}`, organization: as.organizationId },
  });
  expect(res.status).toBe(200);
  return { url: result.url ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
}

const today = () => new Date().toISOString().slice(0, 10);

describe('table export (area "table")', () => {
  it('writes the filtered, sorted view to CSV: names as headers, exact amounts, formulas defused', async () => {
    const { url, bytes } = await runExport({
      area: 'table',
      table_id: table.id,
      format: 'csv',
      filters: [{ column_id: table.col.Status!, op: 'status', values: ['reconciled'] }],
      sort: table.col.Amount,
      order: 'desc',
    });
    expect(url).toMatch(new RegExp(`/bank-statement-march-${today()}\\.csv$`));
    expect(bytes.toString('utf8')).toBe(
      '\uFEFFReference,Amount (KES),Date,Qty,Cleared,Status\r\n' +
        "'+254700,0.10,2024-01-31,1.5,true,reconciled\r\n" +
        '"\'=HYPERLINK(""http://x"")",-1234.50,2024-03-01,-3,true,reconciled\r\n',
    );
  });

  it('writes every row with search, and empty cells empty', async () => {
    const { bytes } = await runExport({ area: 'table', table_id: table.id, format: 'csv', search: 'sum' });
    expect(bytes.toString('utf8').split('\r\n').slice(1)).toEqual(["'@SUM(A1),-12.50,,,,unreconciled", '']);
  });

  it('writes XLSX with typed cells: amounts and quantities as numbers, days as dates, text defused', async () => {
    const { bytes } = await runExport({ area: 'table', table_id: table.id, format: 'xlsx' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Bank statement (March)')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Reference',
      'Amount (KES)',
      'Date',
      'Qty',
      'Cleared',
      'Status',
    ]);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('\'=HYPERLINK("http://x")');
    expect(first.getCell(2).value).toBe(-1234.5);
    expect(first.getCell(2).numFmt).toBe('#,##0.00');
    expect(first.getCell(3).value).toEqual(new Date('2024-03-01T00:00:00Z'));
    expect(first.getCell(4).value).toBe(-3);
    expect(first.getCell(5).value).toBe(true);
    expect(sheet.getRow(3).getCell(1).value).toBe('Rent, March');
    expect(sheet.getRow(4).getCell(3).value).toBeNull();
    expect(sheet.rowCount).toBe(5);
  });
});

describe('table export of a reconciled table', () => {
  let o: ReconOrg;
  let as: { organizationId: string; userId: string; token: string };
  const own = ['Reference', 'Amount (KES)', 'Date'];
  const recon = ['Recon status', 'Group id', 'Counterpart reference'];
  const exportOf = (tableId: string, format: 'csv' | 'xlsx') =>
    runExport({ area: 'table', table_id: tableId, format }, as);

  beforeAll(async () => {
    o = await createReconOrg(server, 'Table export recon');
    await useTestSettings(o);
    const member = await addTestMember(server, o.org, { group: 'Administrators' });
    as = { organizationId: o.org.id, userId: member.id, token: await member.token() };
  });

  it('adds the status in the workspace’s words, the group id and the counterparts’ references', async () => {
    const bank = await createSide(o, 'Export bank', BANK);
    const ledger = await createSide(o, 'Export ledger', LEDGER);
    const untouched = await createSide(o, 'Export other', [['X-1', '1.00', '2026-03-01']]);
    const match = (left: string[], right: string[]) =>
      o.call('POST', MANUAL, {
        left_item_ids: left.map((ref) => bank.item[ref]),
        right_item_ids: right.map((ref) => ledger.item[ref]),
      });
    const exact = await match(['INV-1001'], ['INV-1001']);
    const short = await match(['Payment INV-1O03 ACME', 'Bank charges'], ['INV-1003']);
    expect([exact.status, short.status]).toEqual([201, 201]);
    expect([exact.body.data.status, short.body.data.status]).toEqual(['reconciled', 'partial']);
    const [a, b] = [exact.body.data.id, short.body.data.id];

    const bankCsv = (await exportOf(bank.id, 'csv')).bytes.toString('utf8');
    expect(bankCsv).toBe(
      `\uFEFF${[...own, ...recon].join(',')}\r\n` +
        `INV-1001,1000.00,2026-03-02,Reconciled,${a},INV-1001\r\n` +
        'INV-1002,2450.00,2026-03-05,Unreconciled,,\r\n' +
        `Payment INV-1O03 ACME,3300.00,2026-03-06,Partial,${b},INV-1003\r\n` +
        `Bank charges,15.00,2026-03-07,Partial,${b},INV-1003\r\n`,
    );

    // Batch by batch (one recon query each) as in one: batches of 1 and of 500, sorted descending.
    const read = async (size: number) => {
      const view = {
        area: 'table',
        format: 'csv',
        table_id: bank.id,
        sort: bank.col.Amount,
        order: 'desc',
      } as const;
      const rows: unknown[][] = [];
      for await (const batch of (
        await tableExportSource(server.database.db, o.org.id, view, size)
      ).batches()) {
        rows.push(...batch);
      }
      return rows;
    };
    const one = await read(1);
    expect(one).toEqual(await read(500));
    expect(one.map((row) => row.slice(3))).toEqual([
      ['Partial', b, 'INV-1003'],
      ['Unreconciled', null, null],
      ['Reconciled', a, 'INV-1001'],
      ['Partial', b, 'INV-1003'],
    ]);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exportOf(ledger.id, 'xlsx')).bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Export ledger')!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...own, ...recon]);
    const row = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(row(2)).toEqual(['INV-1001', 1000, new Date('2026-03-01T00:00:00Z'), 'Reconciled', a, 'INV-1001']);
    expect(row(4)).toEqual([
      'INV-1003',
      3350,
      new Date('2026-03-04T00:00:00Z'),
      'Partial',
      b,
      'Payment INV-1O03 ACME, Bank charges',
    ]);
    expect(row(5).slice(3)).toEqual(['Unreconciled']);
    expect(sheet.rowCount).toBe(5);

    const other = (await exportOf(untouched.id, 'csv')).bytes.toString('utf8');
    expect(other).toBe(`\uFEFF${own.join(',')}\r\nX-1,1.00,2026-03-01\r\n`);
  });
});

describe('table export in batches (keyset, not OFFSET)', () => {
  it('writes 1,203 rows in the list’s order, ties and empty cells included, both directions', async () => {
    const created = await call('POST', `${BASE}/`, adminToken, org.id, {
      name: 'Many',
      columns: [
        { name: 'Ref', type: 'text' },
        { name: 'Qty', type: 'number' },
      ],
    });
    const id = created.body.id;
    const qty = created.body.columns[1].id;
    const items = Array.from({ length: 1203 }, (_, i) => ({
      values: { Ref: `r${i}`, Qty: i % 11 === 0 ? null : i % 7 },
    }));
    expect(
      (await call('POST', `${BASE}/${id}/items/bulk_create`, adminToken, org.id, { items })).status,
    ).toBe(201);
    for (const order of ['asc', 'desc'] as const) {
      const listed: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await call(
          'GET',
          `${BASE}/${id}/items?sort=${qty}&order=${order}&page_size=500&page_no=${page}`,
          adminToken,
          org.id,
        );
        listed.push(...res.body.data.map((row: Json) => row.values[created.body.columns[0].id]));
      }
      const { bytes } = await runExport({ area: 'table', table_id: id, format: 'csv', sort: qty, order });
      const exported = bytes
        .toString('utf8')
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[0]);
      expect(exported).toHaveLength(1203);
      expect(new Set(exported).size).toBe(1203);
      expect(exported).toEqual(listed);
    }
  });
});

describe('POST /api/exports with area "table"', () => {
  const start = (token: string, organization: string, body: unknown) =>
    call('POST', '/api/exports', token, organization, body);

  it('queues the export for a reader of tables', async () => {
    const viewer = await addTestMember(server, org, { group: 'Viewers' });
    const res = await start(await viewer.token(), org.id, {
      area: 'table',
      table_id: table.id,
      format: 'xlsx',
      filters: [{ column_id: table.col.Qty, op: 'between', from: 0 }],
    });
    expect(res).toEqual({ status: 202, body: { id: expect.any(String), source: 'export_document' } });
  });

  it('refuses a member without read on tables, another organization’s table and a bad view', async () => {
    const noRoles = await addTestMember(server, org);
    const refused = await start(await noRoles.token(), org.id, { area: 'table', table_id: table.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/counterpart_table-read/);

    const stranger = await addTestMember(server, otherOrg, { group: 'Administrators' });
    const hidden = await start(await stranger.token(), otherOrg.id, { area: 'table', table_id: table.id });
    expect(hidden).toEqual({ status: 404, body: { message: 'Table not found' } });

    const badFilter = await start(adminToken, org.id, {
      area: 'table',
      table_id: table.id,
      filters: [{ column_id: table.col.Date, op: 'equals', value: 'soon' }],
    });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.details).toEqual({ filters: 'Date: Must be a date as yyyy-mm-dd' });
    const badSort = await start(adminToken, org.id, { area: 'table', table_id: table.id, sort: 'nope' });
    expect(badSort.status).toBe(400);
    expect(badSort.body.details).toEqual({ sort: 'No column "nope"' });
  });
});
