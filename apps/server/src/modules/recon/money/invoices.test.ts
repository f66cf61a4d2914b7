import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconAllocations, reconAudit } from '../../../db/schema.ts';
import { invoiceInput, type MoneyWorld, paymentInput, RECON, startMoneyWorld } from './money-test-support.ts';

const DOCS = `${RECON}/v1/accounting_documents`;
const RECONCILE = `${RECON}/v1/recon/reconcile_invoice`;
const REPAIR = `${RECON}/v1/recon/repair_invoice`;

let world: MoneyWorld;

/**
 * reconcile_invoice follows the organization's settings: these are the engine's own figures for
 * payments against invoices (KES 500 or 0.5 %, an invoice up to 60 days before its payment), which
 * are also the settings' defaults; saved here so that the test says what it relies on.
 */
const INVOICE_SETTINGS = {
  amount_tolerance: { absolute: '50000', percent: 0.5 },
  date_window: { days_before: 60, days_after: 7 },
};

beforeAll(async () => {
  world = await startMoneyWorld('Invoices');
  expect((await world.as('admin', 'PUT', `${RECON}/v1/recon/settings`, INVOICE_SETTINGS)).status).toBe(200);
});
afterAll(() => world.server.close());

async function create(input: Record<string, unknown>): Promise<string> {
  const res = await world.as('admin', 'POST', DOCS, input);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}
const doc = async (id: string) => (await world.as('admin', 'GET', `${DOCS}?id=${id}`)).body.data[0];

describe('reconcile_invoice', () => {
  it('dry run proposes; a real run allocates the payment the engine is sure of', async () => {
    const invoice = await create(
      invoiceInput('INV-2026-9001', '1150000', { counterparty: 'Kamau Stores', issue_date: '2026-03-01' }),
    );
    const payment = await create(
      paymentInput('QRT5XK2P1L', '1150000', {
        counterparty: 'Kamau Stores',
        issue_date: '2026-03-06',
        reference: 'INV-2026-9001',
      }),
    );
    // Unrelated open payments of the organization.
    await create(
      paymentInput('QRT5XK2P9Z', '870000', {
        counterparty: 'Njeri Ltd',
        issue_date: '2026-03-04',
        reference: 'INV-2026-7000',
      }),
    );
    await create(
      paymentInput('USD-PAY', '1150000', {
        currency: 'USD',
        issue_date: '2026-03-05',
        reference: 'INV-2026-9001',
      }),
    );

    const dry = await world.as('admin', 'POST', RECONCILE, { invoice_id: invoice, dry_run: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.matches).toHaveLength(1);
    expect(dry.body.matches[0]).toMatchObject({
      payment_id: payment,
      payment_number: 'QRT5XK2P1L',
      amount: '1150000',
      status: 'reconciled',
      allocation_id: null,
    });
    expect(dry.body.matches[0].features.length).toBeGreaterThan(0);
    expect(dry.body.invoice.open_amount).toBe('1150000');
    expect((await doc(payment)).open_amount).toBe('1150000');

    const real = await world.as('admin', 'POST', RECONCILE, { invoice_id: invoice });
    expect(real.status).toBe(200);
    expect(real.body.matches[0].allocation_id).toEqual(expect.any(String));
    expect(real.body.invoice).toMatchObject({ open_amount: '0', status: 'paid' });
    expect(await doc(payment)).toMatchObject({ open_amount: '0', status: 'paid' });
    const [audit] = await world.server.database.db
      .select()
      .from(reconAudit)
      .where(
        and(
          eq(reconAudit.targetId, real.body.matches[0].allocation_id),
          eq(reconAudit.action, 'allocation.created'),
        ),
      );
    expect(audit?.after).toMatchObject({ source: 'reconcile_invoice', amount: '1150000' });

    // Again: nothing open, nothing to do.
    const again = await world.as('admin', 'POST', RECONCILE, { invoice_id: invoice });
    expect(again.body.matches).toEqual([]);
  });

  it("follows the organization's settings and default rule set: a changed tolerance changes its outcome", async () => {
    // KES 1,000,000.00 invoiced, KES 970,000.00 paid: 3 % short, beyond the fuzzy pass's own 2 %.
    const invoice = await create(
      invoiceInput('INV-2026-4400', '100000000', {
        counterparty: 'Otieno Hardware',
        issue_date: '2026-03-10',
      }),
    );
    await create(
      paymentInput('QRT7TOL001', '97000000', {
        counterparty: 'Otieno Hardware',
        issue_date: '2026-03-11',
        reference: 'INV-2026-4400',
      }),
    );
    const outcome = async (tolerance: { absolute: string; percent: number }, autoAccept = 0.85) => {
      const saved = await world.as('admin', 'PUT', `${RECON}/v1/recon/settings`, {
        ...INVOICE_SETTINGS,
        amount_tolerance: tolerance,
        auto_accept: autoAccept,
      });
      expect(saved.status).toBe(200);
      const dry = await world.as('admin', 'POST', RECONCILE, { invoice_id: invoice, dry_run: true });
      expect(dry.status, JSON.stringify(dry.body)).toBe(200);
      return dry.body.matches.map((m: { payment_number: string; status: string }) => [
        m.payment_number,
        m.status,
      ]);
    };
    let rule: string | null = null;
    try {
      // KES 500 or 0.5 %: the payment is too short to be matched.
      expect(await outcome({ absolute: '50000', percent: 0.5 })).toEqual([]);
      // 5 % allowed with a strict threshold (0.9): it becomes a suggestion; at the default 0.85 it is
      // matched, partial; 60 %: a 3 % gap scores high, it is matched, partial.
      expect(await outcome({ absolute: '0', percent: 5 }, 0.9)).toEqual([['QRT7TOL001', 'suggested']]);
      expect(await outcome({ absolute: '0', percent: 5 })).toEqual([['QRT7TOL001', 'partial']]);
      expect(await outcome({ absolute: '0', percent: 60 })).toEqual([['QRT7TOL001', 'partial']]);
      // The organization's default rule set, once it marks one, is used instead of the settings.
      const made = await world.as('admin', 'POST', `${RECON}/recon_engine/api/rules`, {
        name: 'Exact only (invoices)',
        is_default: true,
        passes: [
          {
            id: 'exact',
            kind: 'exact',
            keys: ['reference', 'amount', 'currency'],
            date_window: { days_before: 60, days_after: 7 },
          },
        ],
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      rule = made.body.id;
      expect(await outcome({ absolute: '0', percent: 60 })).toEqual([]);
    } finally {
      if (rule) await world.as('admin', 'DELETE', `${RECON}/recon_engine/api/rules?rule_id=${rule}`);
      await world.as('admin', 'PUT', `${RECON}/v1/recon/settings`, INVOICE_SETTINGS);
    }
  });

  it('refuses other kinds, other organizations and viewers', async () => {
    const payment = await create(paymentInput('PAY-ONLY', '100'));
    const res = await world.as('admin', 'POST', RECONCILE, { invoice_id: payment });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('PAY-ONLY is a payment: reconcile_invoice takes an invoice');
    const invoice = await create(invoiceInput('INV-PRIVATE', '100'));
    expect(
      (await world.as('stranger', 'POST', RECONCILE, { invoice_id: invoice, dry_run: true })).status,
    ).toBe(404);
    expect(
      (await world.as('stranger', 'POST', REPAIR, { invoice_id: invoice, fields: { total: '5' } })).status,
    ).toBe(404);
    expect((await world.as('viewer', 'POST', RECONCILE, { invoice_id: invoice })).status).toBe(403);
    expect(
      (await world.as('viewer', 'POST', REPAIR, { invoice_id: invoice, fields: { total: '5' } })).status,
    ).toBe(403);
  });
});

describe('repair_invoice', () => {
  it('corrects a misread total: a suggestion becomes an allocation', async () => {
    // OCR read 11,000.00 for an invoice of 11,500.00; the customer paid 11,500.00: only suggested.
    const invoice = await create(
      invoiceInput('INV-2026-9300', '1100000', {
        counterparty: 'Achieng Pharmacy',
        issue_date: '2026-03-02',
      }),
    );
    const payment = await create(
      paymentInput('QSD81KLM2A', '1150000', {
        counterparty: 'Achieng Pharmacy',
        issue_date: '2026-03-09',
        reference: 'INV-2026-9300',
      }),
    );
    const first = await world.as('admin', 'POST', RECONCILE, { invoice_id: invoice });
    expect(first.status).toBe(200);
    expect(first.body.matches).toHaveLength(1);
    expect(first.body.matches[0]).toMatchObject({
      payment_id: payment,
      status: 'suggested',
      allocation_id: null,
    });
    expect((await doc(payment)).open_amount).toBe('1150000');

    const repaired = await world.as('admin', 'POST', REPAIR, {
      invoice_id: invoice,
      fields: { total: '1150000' },
      reason: 'OCR misread the total',
    });
    expect(repaired.status, JSON.stringify(repaired.body)).toBe(200);
    expect(repaired.body.invoice).toMatchObject({ total: '1150000', open_amount: '0', status: 'paid' });
    expect(repaired.body.matches[0]).toMatchObject({
      payment_id: payment,
      status: 'reconciled',
      amount: '1150000',
    });
    expect(await doc(payment)).toMatchObject({ open_amount: '0', status: 'paid' });
    const [audit] = await world.server.database.db
      .select()
      .from(reconAudit)
      .where(and(eq(reconAudit.targetId, invoice), eq(reconAudit.action, 'invoice.repaired')));
    expect(audit?.reason).toBe('OCR misread the total');
    expect(audit?.before).toMatchObject({ total: '1100000' });
    expect(audit?.after).toMatchObject({ total: '1150000' });
  });

  it('a changed total reverses the allocations reconcile_invoice made, then re-runs', async () => {
    // Matched automatically at 11,500.00; the invoice really says 11,000.00.
    const invoice = await create(
      invoiceInput('INV-2026-9350', '1150000', { counterparty: 'Baraka Hotel', issue_date: '2026-03-02' }),
    );
    const payment = await create(
      paymentInput('QSD81KLM9Q', '1150000', {
        counterparty: 'Baraka Hotel',
        issue_date: '2026-03-09',
        reference: 'INV-2026-9350',
      }),
    );
    const first = await world.as('admin', 'POST', RECONCILE, { invoice_id: invoice });
    expect(first.body.matches[0]).toMatchObject({ status: 'reconciled', allocation_id: expect.any(String) });
    expect((await doc(payment)).open_amount).toBe('0');

    const repaired = await world.as('admin', 'POST', REPAIR, {
      invoice_id: invoice,
      fields: { total: '1100000' },
    });
    expect(repaired.status, JSON.stringify(repaired.body)).toBe(200);
    const { db } = world.server.database;
    const [old] = await db
      .select()
      .from(reconAllocations)
      .where(eq(reconAllocations.id, first.body.matches[0].allocation_id));
    expect(old?.state).toBe('reversed');
    // 11,500.00 against 11,000.00 is now only a suggestion: nothing allocated, both open again.
    expect(repaired.body.matches[0]).toMatchObject({
      payment_id: payment,
      status: 'suggested',
      allocation_id: null,
    });
    expect(repaired.body.invoice).toMatchObject({ total: '1100000', open_amount: '1100000', status: 'open' });
    expect(await doc(payment)).toMatchObject({ open_amount: '1150000', status: 'open' });
    // A change that keeps the total keeps the allocations (none here) and still re-runs.
    const renamed = await world.as('admin', 'POST', REPAIR, {
      invoice_id: invoice,
      fields: { counterparty: 'Baraka Hotel Ltd' },
    });
    expect(renamed.body.invoice.counterparty).toBe('Baraka Hotel Ltd');
  });

  it('keeps manual allocations, and refuses a total below them', async () => {
    const invoice = await create(invoiceInput('INV-2026-9400', '500000', { counterparty: 'Mutua Motors' }));
    const payment = await create(paymentInput('MANUAL-PAY', '300000', { counterparty: 'Mutua Motors' }));
    const allocated = await world.as('admin', 'POST', `${RECON}/v1/allocations`, {
      payment_id: payment,
      lines: [{ invoice_id: invoice, amount: '300000' }],
    });
    expect(allocated.status).toBe(201);
    const below = await world.as('admin', 'POST', REPAIR, {
      invoice_id: invoice,
      fields: { total: '200000' },
    });
    expect(below.status).toBe(409);
    expect(below.body.message).toMatch(/The total 200000 is less than what is already allocated \(300000\)/);
    const ok = await world.as('admin', 'POST', REPAIR, {
      invoice_id: invoice,
      fields: { total: '400000', reference: 'PO-1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.invoice).toMatchObject({
      total: '400000',
      open_amount: '100000',
      reference: 'PO-1',
      status: 'partially_paid',
    });
    const list = await world.as('admin', 'GET', `${RECON}/v1/allocations?invoice_id=${invoice}`);
    expect(list.body.data[0].state).toBe('active');
    const empty = await world.as('admin', 'POST', REPAIR, { invoice_id: invoice, fields: {} });
    expect(empty.status).toBe(400);
  });
});
