import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../../test/api-call.ts';
import { createPermissionCast, type TestOrganization } from '../../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import type { JobQueue } from '../../../jobs/job-types.ts';
import { TABLE_IMPORT_JOB } from './import-job.ts';
import { BASE, IMPORTS, uploadFile, waitForImport } from './import-test-kit.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let admin: string;
/** While set, queueing an import's run fails (as when the queue's database is unreachable). */
let queueDown = false;

beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      defineJobs(jobs: JobQueue) {
        const enqueue = jobs.enqueue.bind(jobs);
        jobs.enqueue = async (name, data, owner) => {
          if (queueDown && name === TABLE_IMPORT_JOB) throw new Error('The queue is unreachable');
          return enqueue(name, data, owner);
        };
      },
    },
  );
  call = createApiCall(server);
  ({
    org,
    tokens: { admin },
  } = await createPermissionCast(server, 'Confirm undo'));
});
afterAll(() => server.close());

const asAdmin = (method: string, path: string, body?: unknown) => call(method, path, admin, org.id, body);

async function tableNames(): Promise<string[]> {
  const res = await asAdmin('GET', `${BASE}?page_size=100`);
  expect(res.status).toBe(200);
  return res.body.data.map((table: Json) => table.name);
}

describe('confirming an import that fails after the table or columns are made', () => {
  it('leaves no new table behind when the run cannot be queued, and can be confirmed again', async () => {
    const uploaded = await uploadFile(server, admin, org.id, 'undo-me.csv', 'Ref,Amount\nA-1,5\nA-2,7\n');
    expect(uploaded.status).toBe(201);
    const { id, proposal } = uploaded.body;
    const confirm = () =>
      asAdmin('POST', `${IMPORTS}/${id}/confirm`, {
        target: { new_table: { name: 'Undone table' } },
        mapping: proposal.mapping,
      });
    queueDown = true;
    const refused = await confirm().finally(() => {
      queueDown = false;
    });
    expect(refused.status).toBe(500);
    expect(await tableNames()).not.toContain('Undone table');
    const again = await asAdmin('GET', `${IMPORTS}/${id}`);
    expect(again.body).toMatchObject({ status: 'uploaded' });

    const confirmed = await confirm();
    expect(confirmed.status).toBe(202);
    expect(await waitForImport(call, admin, org.id, id)).toMatchObject({
      status: 'succeeded',
      inserted_rows: 2,
    });
    expect((await tableNames()).filter((name) => name === 'Undone table')).toHaveLength(1);
  });

  it('leaves an existing table without the new columns when one of them cannot be made', async () => {
    const table = await asAdmin('POST', BASE, {
      name: 'Kept as it was',
      columns: [{ name: 'Ref', type: 'text' }],
    });
    expect(table.status).toBe(201);
    const tableId = table.body.id;
    const before = table.body.columns;
    const uploaded = await uploadFile(
      server,
      admin,
      org.id,
      'two-new.csv',
      'Ref,Note,Kind\nA-1,x,y\n',
      tableId,
    );
    expect(uploaded.status).toBe(201);
    const res = await asAdmin('POST', `${IMPORTS}/${uploaded.body.id}/confirm`, {
      target: { table_id: tableId },
      mapping: [
        { source: 0, column_id: before[0].id },
        { source: 1, new_column: { name: 'Note', type: 'text' } },
        // A single select needs options: this column is refused after Note was added.
        { source: 2, new_column: { name: 'Kind', type: 'single_select' } },
      ],
    });
    expect(res.status).toBe(400);
    const after = await asAdmin('GET', `${BASE}/${tableId}`);
    expect(after.body.columns.map((c: Json) => c.name)).toEqual(['Ref']);
    expect((await asAdmin('GET', `${IMPORTS}/${uploaded.body.id}`)).body).toMatchObject({
      status: 'uploaded',
    });
  });
});
