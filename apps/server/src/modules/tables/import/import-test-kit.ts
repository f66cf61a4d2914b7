import { expect } from 'vitest';
import type { createApiCall, Json } from '../../../../test/api-call.ts';
import type { TestServer } from '../../../../test/test-server.ts';

export const BASE = '/api/tables/storage/counterpart_tables';
export const IMPORTS = `${BASE}/imports`;

/** Uploads a file as the browser would: multipart field "file" (and "table_id", other fields when given). */
export async function uploadFile(
  server: TestServer,
  token: string,
  organization: string,
  fileName: string,
  content: string | Uint8Array,
  tableId?: string,
  fields: Record<string, string> = {},
): Promise<{ status: number; body: Json }> {
  const form = new FormData();
  if (tableId) form.append('table_id', tableId);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([content]), fileName);
  const res = await fetch(`${server.url}${IMPORTS}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, organization },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Polls the import until its job has finished, and answers it. */
export async function waitForImport(
  call: ReturnType<typeof createApiCall>,
  token: string,
  organization: string,
  importId: string,
): Promise<Json> {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const res = await call('GET', `${IMPORTS}/${importId}`, token, organization);
    expect(res.status).toBe(200);
    if (res.body.status === 'succeeded' || res.body.status === 'failed') return res.body;
    if (Date.now() > deadline) throw new Error(`Import still ${res.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Every row of a table, values keyed by column name. */
export async function rowsByName(
  call: ReturnType<typeof createApiCall>,
  token: string,
  organization: string,
  tableId: string,
): Promise<Array<Record<string, Json>>> {
  const table = await call('GET', `${BASE}/${tableId}`, token, organization);
  const names = new Map<string, string>(table.body.columns.map((c: Json) => [c.id, c.name]));
  const items = await call('GET', `${BASE}/${tableId}/items?page_size=500`, token, organization);
  expect(items.status).toBe(200);
  return items.body.data.map((item: Json) =>
    Object.fromEntries(Object.entries(item.values).map(([id, value]) => [names.get(id) ?? id, value])),
  );
}
