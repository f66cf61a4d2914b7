import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { StartExport } from '@counterpart/contracts';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { exportFiles, groupMembers, notifications } from '../../db/schema.ts';
import type { JobContext, JobResult } from '../../jobs/job-types.ts';
import { createExportJob, exportFileName } from './export-job.ts';

let server: TestServer;
/** Notifications are exported here; members are exported from `team`, which holds only two. */
let org: TestOrganization;
let team: TestOrganization;
let owner: TestMember;

beforeAll(async () => {
  server = await startTestServer();
  org = await createTestOrganization(server, 'Export job');
  team = await createTestOrganization(server, 'Export team');
  owner = await addTestMember(server, team, { group: 'Viewers', email: `a-owner-${team.id}@test.example` });
});
afterAll(() => server.close());

/** Runs the export job as the queue would, with a real context; records every progress report. */
async function runExport(
  member: TestMember,
  data: StartExport,
  signal = new AbortController().signal,
  organization = data.area === 'members' ? team : org,
) {
  const reports: Array<[number, string | undefined]> = [];
  const context: JobContext<StartExport> = {
    id: crypto.randomUUID(),
    data,
    owner: { organizationId: organization.id, userId: member.id },
    progress: async (percent, message) => {
      reports.push([percent, message]);
    },
    signal,
  };
  const job = createExportJob({ config: server.config, database: server.database });
  const result: JobResult = await job.run(context);
  return { result, reports };
}

async function download(member: TestMember, url: string, organization = org): Promise<Response> {
  return fetch(`${server.url}${url}`, {
    headers: { authorization: `Bearer ${await member.token()}`, organization: organization.id },
  });
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

const today = () => new Date().toISOString().slice(0, 10);

describe('export job', () => {
  it('is the export_document process named "export"', () => {
    const job = createExportJob({ config: server.config, database: server.database });
    expect({ name: job.name, source: job.source }).toEqual({ name: 'export', source: 'export_document' });
  });

  it('exports the owner’s notifications to CSV in batches, reporting each phase in order', async () => {
    const reader = await addTestMember(server, org);
    // 1,200 notifications, one millisecond apart, newest "n-0": three batches of 500.
    await server.database.db.execute(sql`
      insert into ${notifications} (organization_id, user_id, source, info, created_at)
      select ${org.id}, ${reader.id}, 'export_document',
        jsonb_build_object('status', 'completed', 'message', 'n-' || i),
        date_trunc('milliseconds', now()) - (i || ' milliseconds')::interval
      from generate_series(0, 1199) as i`);
    const { result, reports } = await runExport(reader, { area: 'notifications', format: 'csv' });

    expect(reports).toEqual([
      [5, 'Reading rows'],
      [10, 'Writing 1200 rows'],
      [43, 'Writing rows: 500 of 1200'],
      [76, 'Writing rows: 1000 of 1200'],
      [90, 'Writing rows: 1200 of 1200'],
      [95, 'Saving file'],
    ]);
    const fileName = `notifications-${today()}.csv`;
    expect(fileName).toBe(exportFileName('notifications', 'csv'));
    expect(result.message).toBe(`Export ready: ${fileName}`);
    expect(result.url).toMatch(new RegExp(`^/api/exports/[A-Za-z0-9_-]{43}/${fileName}$`));

    const res = await download(reader, result.url!);
    expect(res.status).toBe(200);
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
    expect(text.startsWith('\uFEFFCreated at,Event,Status,Message,Read\r\n')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines).toHaveLength(1202); // header, 1,200 rows, and the empty string after the last CRLF
    expect(lines.at(-1)).toBe('');
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z,export_document,completed,n-0,no$/);
    expect(lines[1200]).toMatch(/,n-1199,no$/);
    const names = new Set(lines.slice(1, -1).map((line) => line.split(',')[3]));
    expect(names.size).toBe(1200);
  });

  it('exports nobody else’s notifications', async () => {
    const other = await addTestMember(server, org);
    const { result } = await runExport(other, { area: 'notifications', format: 'csv' });
    const text = await (await download(other, result.url!)).text();
    expect(text.replace('\uFEFF', '')).toBe('Created at,Event,Status,Message,Read\r\n');
  });

  it('exports the members with groups to XLSX that reads back cell by cell', async () => {
    const tricky = await addTestMember(server, team, {
      email: `b-tricky-${team.id}@test.example`,
      fullName: '=cmd|"/c calc"!A1, Esq.',
      group: 'Administrators',
    });
    await server.database.db.insert(groupMembers).values({
      groupId: team.groups.Reconcilers,
      userId: tricky.id,
    });
    const { result, reports } = await runExport(owner, { area: 'members', format: 'xlsx' });
    expect(reports.map(([p]) => p)).toEqual([5, 10, 90, 95]);
    expect(result.url).toMatch(new RegExp(`/members-${today()}\\.xlsx$`));

    const res = await download(owner, result.url!, team);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.getWorksheet('Members')!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows.map((r) => r.slice(1, 4))).toEqual([
      ['E-mail', 'Full name', 'Groups'],
      [owner.email, 'Test Member', 'Viewers'],
      [tricky.email, `'=cmd|"/c calc"!A1, Esq.`, 'Administrators, Reconcilers'],
    ]);
    expect(sheet.getRow(3).getCell(2).type).toBe(ExcelJS.ValueType.String);
    const joined = sheet.getRow(2).getCell(4).value;
    expect(joined).toBeInstanceOf(Date);
    expect(Math.abs((joined as Date).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('exports the members to CSV with formula-like names defused', async () => {
    const { result } = await runExport(owner, { area: 'members', format: 'csv' });
    const text = (await (await download(owner, result.url!, team)).text()).replace('\uFEFF', '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('E-mail,Full name,Groups,Joined at');
    expect(lines[1]).toMatch(
      new RegExp(`^${owner.email.replaceAll('.', '\\.')},Test Member,Viewers,\\d{4}-`),
    );
    expect(lines[2]).toContain(`,"'=cmd|""/c calc""!A1, Esq.","Administrators, Reconcilers",`);
  });

  it('stops when its signal aborts, leaving no file and no download', async () => {
    const stopper = new AbortController();
    stopper.abort(new Error('Worker stopping'));
    const before = await server.database.db
      .select()
      .from(exportFiles)
      .where(eq(exportFiles.userId, owner.id));
    await expect(runExport(owner, { area: 'members', format: 'csv' }, stopper.signal)).rejects.toThrow(
      'Worker stopping',
    );
    const after = await server.database.db.select().from(exportFiles).where(eq(exportFiles.userId, owner.id));
    expect(after).toHaveLength(before.length);
    const files = filesUnder(path.join(server.config.dataDir, 'files/exports', team.id));
    expect(files.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(files).toHaveLength(before.length);
  });
});
