import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { generateMpesaPersonalStatement, mpesaPersonalStatementPages } from '@counterpart/statements';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall } from '../../../../test/api-call.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestOrganization,
} from '../../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { samplePdf } from '../../documents/sample-pdf.ts';
import { IMPORTS, rowsByName, uploadFile, waitForImport } from './import-test-kit.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let admin: string;

const PASSWORD = '31245678';
const statement = generateMpesaPersonalStatement(11, 45);
const completed = statement.rows.filter((row) => row.status === 'COMPLETED');
const pdf = samplePdf(
  mpesaPersonalStatementPages(statement).map((texts) => ({ texts })),
  { password: PASSWORD, width: 842, height: 595 },
);

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  org = await createTestOrganization(server, 'M-Pesa PDF imports');
  admin = await (await addTestMember(server, org, { group: 'Administrators' })).token();
});
afterAll(() => server.close());

const upload = (
  fields: Record<string, string> = {},
  content: Uint8Array = pdf,
  name = 'MPESA_Statement.pdf',
  tableId?: string,
) => uploadFile(server, admin, org.id, name, content, tableId, fields);

/** Every file kept under the organization's imports folder. */
async function keptFiles(): Promise<string[]> {
  const root = path.join(server.config.dataDir, 'files', 'imports', org.id);
  const files = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  return files.filter((name) => /\.[a-z]+$/i.test(name));
}

describe('a personal M-Pesa statement PDF with a password', () => {
  it('asks for the password, refuses a wrong one, and keeps nothing', async () => {
    const asked = await upload();
    expect(asked.status).toBe(400);
    expect(asked.body.message).toBe(
      '"MPESA_Statement.pdf" is protected by a password: enter it to open the statement (for an M-Pesa statement, the ID number it was sent with)',
    );
    expect(asked.body.details).toEqual({ password: 'Enter the password of the PDF' });

    const wrong = await upload({ password: '00000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual({ password: 'The password is not right' });
    expect(await keptFiles()).toEqual([]);
  });

  it('opens with the right password, imports every completed row once, and never stores the password', async () => {
    const uploaded = await upload({ password: PASSWORD });
    expect(uploaded.body.message ?? '').toBe('');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.proposal.statement_format).toBe('mpesa_csv');
    // Only the statement's rows are kept (as CSV), not the PDF.
    expect((await keptFiles()).every((name) => name.endsWith('.csv'))).toBe(true);

    const { proposal } = uploaded.body;
    const started = await call('POST', `${IMPORTS}/${uploaded.body.id}/confirm`, admin, org.id, {
      target: { new_table: { name: 'M-Pesa October' } },
      mapping: proposal.mapping,
    });
    expect(started.status).toBe(202);
    const done = await waitForImport(call, admin, org.id, uploaded.body.id);
    expect(done).toMatchObject({ status: 'succeeded', inserted_rows: completed.length, failed_rows: 0 });
    const rows = await rowsByName(call, admin, org.id, done.table_id);
    expect(rows.map((row) => row['Bank reference']).sort()).toEqual(
      completed.map((row) => row.receipt).sort(),
    );
    expect(rows.map((row) => row.Amount.minor_units).sort()).toEqual(
      completed.map((row) => row.amountMinor.toString()).sort(),
    );

    const again = await upload({ password: PASSWORD }, pdf, 'MPESA_Statement.pdf', done.table_id);
    expect(again.status).toBe(201);
    const restarted = await call('POST', `${IMPORTS}/${again.body.id}/confirm`, admin, org.id, {
      target: { table_id: done.table_id },
      mapping: again.body.proposal.mapping,
    });
    expect(restarted.body.message ?? '').toBe('');
    expect(await waitForImport(call, admin, org.id, again.body.id)).toMatchObject({
      status: 'succeeded',
      inserted_rows: 0,
      duplicate_rows: completed.length,
    });

    const stored = await server.database.query<{ row: string }>(
      'select row_to_json(t)::text as row from table_imports t where organization_id = $1',
      [org.id],
    );
    for (const { row } of stored.rows) expect(row).not.toContain(PASSWORD);
    for (const name of await keptFiles()) {
      const text = await readFile(path.join(server.config.dataDir, 'files', 'imports', org.id, name), 'utf8');
      expect(text).not.toContain(PASSWORD);
    }
  });

  it('refuses a PDF that is not an M-Pesa statement', async () => {
    const invoice = samplePdf([{ texts: [{ text: 'INVOICE 42', x: 40, y: 40 }] }]);
    const refused = await upload({}, invoice, 'invoice.pdf');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^"invoice\.pdf" is a PDF but not an M-Pesa statement/);
  });
});
