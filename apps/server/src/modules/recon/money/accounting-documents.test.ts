import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceInput, type MoneyWorld, paymentInput, RECON, startMoneyWorld } from './money-test-support.ts';

const DOCS = `${RECON}/v1/accounting_documents`;

let world: MoneyWorld;

beforeAll(async () => {
  world = await startMoneyWorld('Accounting documents');
});
afterAll(() => world.server.close());

describe('accounting documents', () => {
  it('creates, reads by id, lists with filters and search, updates and deletes', async () => {
    const created = await world.as(
      'admin',
      'POST',
      DOCS,
      invoiceInput('INV-2026-0001', '1150000', { reference: 'PO 77' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'invoice',
      number: 'INV-2026-0001',
      total: '1150000',
      open_amount: '1150000',
      status: 'open',
      currency: 'KES',
      due_date: null,
      item_id: null,
    });
    const id = created.body.id;
    await world.as(
      'admin',
      'POST',
      DOCS,
      paymentInput('MPESA-QWE123', '500000', { counterparty: 'Otieno Hardware' }),
    );

    const one = await world.as('admin', 'GET', `${DOCS}?id=${id}`);
    expect(one.status).toBe(200);
    expect(one.body.data[0].id).toBe(id);
    expect(
      (await world.as('admin', 'GET', `${DOCS}?kind=payment`)).body.data.map(
        (d: { number: string }) => d.number,
      ),
    ).toEqual(['MPESA-QWE123']);
    expect((await world.as('admin', 'GET', `${DOCS}?search=otieno`)).body.total).toBe(1);
    expect((await world.as('admin', 'GET', `${DOCS}?search=po 77`)).body.total).toBe(1);
    expect((await world.as('admin', 'GET', `${DOCS}?search=%25`)).body.total).toBe(0);
    expect((await world.as('admin', 'GET', `${DOCS}?status=paid`)).body.total).toBe(0);

    const updated = await world.as(
      'admin',
      'PUT',
      `${DOCS}?id=${id}`,
      invoiceInput('INV-2026-0001', '1200000', { due_date: '2026-03-31' }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ total: '1200000', open_amount: '1200000', due_date: '2026-03-31' });

    const deleted = await world.as('admin', 'DELETE', `${DOCS}?id=${id}`);
    expect(deleted.status).toBe(204);
    const gone = await world.as('admin', 'GET', `${DOCS}?id=${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Accounting document not found in this organization');
  });

  it('refuses a duplicate number of the same kind (409) but allows it for another kind', async () => {
    expect((await world.as('admin', 'POST', DOCS, invoiceInput('DUP-1', '100'))).status).toBe(201);
    const dup = await world.as('admin', 'POST', DOCS, invoiceInput('DUP-1', '200'));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('There is already an invoice numbered DUP-1');
    expect((await world.as('admin', 'POST', DOCS, paymentInput('DUP-1', '200'))).status).toBe(201);
    // Renaming onto an existing number is refused too.
    const other = await world.as('admin', 'POST', DOCS, invoiceInput('DUP-2', '100'));
    const rename = await world.as(
      'admin',
      'PUT',
      `${DOCS}?id=${other.body.id}`,
      invoiceInput('DUP-1', '100'),
    );
    expect(rename.status).toBe(409);
  });

  it('validates input: positive total, whole minor units, dates', async () => {
    const zero = await world.as('admin', 'POST', DOCS, invoiceInput('Z-1', '0'));
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('The total must be more than 0');
    const float = await world.as('admin', 'POST', DOCS, invoiceInput('Z-2', '12.50'));
    expect(float.status).toBe(400);
    expect(float.body.details.total).toMatch(/whole minor units/);
    const date = await world.as(
      'admin',
      'POST',
      DOCS,
      invoiceInput('Z-3', '100', { issue_date: '01/03/2026' }),
    );
    expect(date.status).toBe(400);
    expect(date.body.details.issue_date).toBe('Use a date as yyyy-mm-dd');
  });

  it('keeps another organization’s documents invisible and untouchable', async () => {
    const mine = await world.as('admin', 'POST', DOCS, invoiceInput('SECRET-1', '100'));
    expect((await world.as('stranger', 'GET', `${DOCS}?id=${mine.body.id}`)).status).toBe(404);
    expect((await world.as('stranger', 'GET', `${DOCS}?search=SECRET`)).body.total).toBe(0);
    expect(
      (await world.as('stranger', 'PUT', `${DOCS}?id=${mine.body.id}`, invoiceInput('X', '1'))).status,
    ).toBe(404);
    expect((await world.as('stranger', 'DELETE', `${DOCS}?id=${mine.body.id}`)).status).toBe(404);
    // The same number is free in the other organization.
    expect((await world.as('stranger', 'POST', DOCS, invoiceInput('SECRET-1', '100'))).status).toBe(201);
  });

  it('permissions: a viewer cannot read or write; a reconciler cannot delete', async () => {
    expect((await world.as('viewer', 'GET', DOCS)).status).toBe(403);
    expect((await world.as('viewer', 'POST', DOCS, invoiceInput('V-1', '100'))).status).toBe(403);
    const made = await world.as('checker', 'POST', DOCS, invoiceInput('R-1', '100'));
    expect(made.status).toBe(201);
    const del = await world.as('checker', 'DELETE', `${DOCS}?id=${made.body.id}`);
    expect(del.status).toBe(403);
    expect(del.body.message).toMatch(/workflow-delete/);
  });
});
