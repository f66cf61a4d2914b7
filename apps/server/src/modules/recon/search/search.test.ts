import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../../../test/api-call.ts';
import { addTestMember } from '../../../../test/organization-fixture.ts';
import { documents } from '../../../db/schema.ts';
import {
  addRow,
  bankAndLedger,
  insertGroup,
  invoiceInput,
  type MoneyWorld,
  RECON,
  startMoneyWorld,
} from '../money/money-test-support.ts';

const SEARCH = `${RECON}/v1/search`;

let world: MoneyWorld;
let groupId: string;
let bankId: string;
let ledgerId: string;
let noRolesToken: string;

async function addDocument(organizationId: string, fileName: string, searchText: string): Promise<string> {
  const [row] = await world.server.database.db
    .insert(documents)
    .values({
      organizationId,
      fileName,
      sha256: 'a'.repeat(64),
      sizeBytes: 100,
      mediaType: 'application/pdf',
      kind: 'pdf',
      status: 'processed',
      searchText,
    })
    .returning();
  return row?.id as string;
}

beforeAll(async () => {
  world = await startMoneyWorld('Search');
  const { bank, ledger } = await bankAndLedger(world);
  bankId = bank.id;
  ledgerId = ledger.id;
  const payment = await addRow(world, bank, {
    Reference: 'MPESA Wairimu Njoroge QKX81',
    Amount: 1500,
    Date: '2026-03-02',
  });
  const invoice = await addRow(world, ledger, {
    Invoice: 'INV-WAIRIMU-1',
    Total: 1500,
    Posted: '2026-03-01',
  });
  await addRow(world, bank, { Reference: 'Unrelated transfer', Amount: 10, Date: '2026-03-02' });
  groupId = await insertGroup(
    world,
    { left: bank.id, right: ledger.id },
    [{ id: payment, amount: 150000n }],
    [{ id: invoice, amount: 150000n }],
  );
  await world.as(
    'admin',
    'POST',
    `${RECON}/v1/accounting_documents`,
    invoiceInput('INV-WAIRIMU-1', '150000', { counterparty: 'Wairimu Njoroge' }),
  );
  await addDocument(world.org.id, 'wairimu-invoice.pdf', 'invoice wairimu njoroge total 1,500.00');

  // The other organization holds the same words.
  const other = await bankAndLedger(world, 'stranger');
  await addRow(
    world,
    other.bank,
    { Reference: 'MPESA Wairimu Njoroge ZZZ', Amount: 99, Date: '2026-03-02' },
    'stranger',
  );
  await world.as(
    'stranger',
    'POST',
    `${RECON}/v1/accounting_documents`,
    invoiceInput('INV-WAIRIMU-9', '100', { counterparty: 'Wairimu Njoroge' }),
  );
  await addDocument(world.other.id, 'wairimu-other.pdf', 'wairimu njoroge');

  noRolesToken = await (await addTestMember(world.server, world.org)).token();
});
afterAll(() => world.server.close());

const types = (body: Json) => body.data.map((hit: Json) => hit.type).sort();

describe('search', () => {
  it('finds rows, documents, match groups and accounting documents of the organization', async () => {
    const res = await world.as('admin', 'GET', `${SEARCH}?q=wairimu njoroge`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(types(res.body)).toEqual(['accounting_document', 'document', 'group', 'item']);
    const item = res.body.data.find((h: Json) => h.type === 'item');
    expect(item).toMatchObject({ url: `/tables/${bankId}`, status: 'reconciled' });
    expect(item.title).toContain('wairimu njoroge');
    const group = res.body.data.find((h: Json) => h.type === 'group');
    expect(group).toMatchObject({
      id: groupId,
      url: `/reconciliation/workspace?left_table_id=${bankId}&right_table_id=${ledgerId}&group=${groupId}`,
      status: 'reconciled',
    });
    const document = res.body.data.find((h: Json) => h.type === 'document');
    expect(document).toMatchObject({ title: 'wairimu-invoice.pdf', status: 'processed' });
    expect(document.url).toBe(`/documents/${document.id}`);
    const accounting = res.body.data.find((h: Json) => h.type === 'accounting_document');
    expect(accounting.title).toBe('invoice INV-WAIRIMU-1');

    // Both words must appear in a row: the ledger row has only one of them.
    expect(res.body.data.filter((h: Json) => h.type === 'item')).toHaveLength(1);
  });

  it('filters by type, finds a group by id prefix, and caps each type at limit', async () => {
    const onlyItems = await world.as('admin', 'GET', `${SEARCH}?q=wairimu&types=item`);
    expect(types(onlyItems.body)).toEqual(['item', 'item']);
    const limited = await world.as('admin', 'GET', `${SEARCH}?q=wairimu&types=item&limit=1`);
    expect(limited.body.data).toHaveLength(1);
    const byId = await world.as('admin', 'GET', `${SEARCH}?q=${groupId.slice(0, 8)}&types=group`);
    expect(byId.body.data.map((h: Json) => h.id)).toEqual([groupId]);
    const bad = await world.as('admin', 'GET', `${SEARCH}?q=x&types=planets`);
    expect(bad.status).toBe(400);
    const empty = await world.as('admin', 'GET', `${SEARCH}?q=`);
    expect(empty.status).toBe(400);
    // LIKE wildcards are taken literally.
    expect((await world.as('admin', 'GET', `${SEARCH}?q=%25`)).body.data).toEqual([]);
  });

  it('never shows another organization’s records', async () => {
    const mine = await world.as('admin', 'GET', `${SEARCH}?q=wairimu`);
    const ids = new Set(mine.body.data.map((h: Json) => h.id));
    const theirs = await world.as('stranger', 'GET', `${SEARCH}?q=wairimu`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.length).toBeGreaterThan(0);
    for (const hit of theirs.body.data) expect(ids.has(hit.id)).toBe(false);
    expect(theirs.body.data.map((h: Json) => h.title)).not.toContain('invoice INV-WAIRIMU-1');
    expect(theirs.body.data.filter((h: Json) => h.type === 'group')).toEqual([]);
  });

  it('documents every money route in the OpenAPI document', async () => {
    const res = await fetch(`${world.server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const paths = Object.keys(((await res.json()) as { paths: Record<string, unknown> }).paths);
    for (const path of [
      '/api/recon/v1/recon/adjustment',
      '/api/recon/v1/recon/adjustment/{id}/reverse',
      '/api/recon/v1/accounting_documents',
      '/api/recon/v1/allocations',
      '/api/recon/v1/allocations/preview',
      '/api/recon/v1/allocations/from_items',
      '/api/recon/v1/allocations/{id}/reverse',
      '/api/recon/v1/recon/reconcile_invoice',
      '/api/recon/v1/recon/repair_invoice',
      '/api/recon/v1/search',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('answers each type only to those who may read it', async () => {
    // Viewers read tables and documents but not workflow: no accounting documents.
    const viewer = await world.as('viewer', 'GET', `${SEARCH}?q=wairimu`);
    expect(viewer.status).toBe(200);
    expect(new Set(types(viewer.body))).toEqual(new Set(['item', 'document', 'group']));
    const refused = await world.call('GET', `${SEARCH}?q=wairimu`, noRolesToken, world.org.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/You cannot read any of what you searched for/);
  });
});
