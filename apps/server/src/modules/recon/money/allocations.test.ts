import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../../../test/api-call.ts';
import { reconAllocations } from '../../../db/schema.ts';
import { decideAllocation } from './allocations.service.ts';
import {
  invoiceInput,
  type MoneyWorld,
  paymentInput,
  RECON,
  serviceScope,
  setMakerChecker,
  startMoneyWorld,
} from './money-test-support.ts';

const DOCS = `${RECON}/v1/accounting_documents`;
const ALLOC = `${RECON}/v1/allocations`;

let world: MoneyWorld;

beforeAll(async () => {
  world = await startMoneyWorld('Allocations');
});
afterAll(() => world.server.close());

let seq = 0;
/** A customer of the test's own with invoices (number → [issue_date, total]) and one payment. */
async function customer(
  invoices: Array<[string, string]>,
  paid: string,
  extra: Record<string, unknown> = {},
) {
  seq += 1;
  const counterparty = `Customer ${seq} ${Math.random().toString(36).slice(2, 6)}`;
  const ids: string[] = [];
  for (const [i, [date, total]] of invoices.entries()) {
    const res = await world.as(
      'admin',
      'POST',
      DOCS,
      invoiceInput(`INV-${seq}-${i + 1}`, total, { counterparty, issue_date: date }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.id);
  }
  const payment = await world.as(
    'admin',
    'POST',
    DOCS,
    paymentInput(`PAY-${seq}`, paid, { counterparty, ...extra }),
  );
  expect(payment.status).toBe(201);
  return { invoices: ids, payment: payment.body.id as string, counterparty };
}

const doc = async (id: string) => (await world.as('admin', 'GET', `${DOCS}?id=${id}`)).body.data[0];

describe('allocations', () => {
  it('previews oldest open invoices first, and in a given order when asked', async () => {
    // Created out of date order: the March invoice is oldest.
    const c = await customer(
      [
        ['2026-04-01', '30000'],
        ['2026-03-01', '50000'],
        ['2026-05-01', '40000'],
      ],
      '70000',
    );
    const preview = await world.as('admin', 'POST', `${ALLOC}/preview`, { payment_id: c.payment });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.payment_open).toBe('70000');
    expect(preview.body.lines.map((l: Json) => [l.number, l.amount])).toEqual([
      [`INV-${seq}-2`, '50000'],
      [`INV-${seq}-1`, '20000'],
      [`INV-${seq}-3`, '0'],
    ]);
    expect(preview.body.remaining).toBe('0');

    const edited = await world.as('admin', 'POST', `${ALLOC}/preview`, {
      payment_id: c.payment,
      invoice_ids: [c.invoices[2], c.invoices[0]],
    });
    expect(edited.body.lines.map((l: Json) => l.amount)).toEqual(['40000', '30000']);
    // Nothing was saved.
    expect((await doc(c.payment)).open_amount).toBe('70000');
  });

  it('allocates, moves open amounts and statuses on both sides, and reverses', async () => {
    const c = await customer(
      [
        ['2026-03-01', '50000'],
        ['2026-03-02', '30000'],
      ],
      '60000',
    );
    const made = await world.as('admin', 'POST', ALLOC, {
      payment_id: c.payment,
      lines: [
        { invoice_id: c.invoices[0], amount: '50000' },
        { invoice_id: c.invoices[1], amount: '10000' },
      ],
      note: 'March statement',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toHaveLength(2);
    expect(made.body.data[0]).toMatchObject({
      state: 'active',
      amount: '50000',
      currency: 'KES',
      payment_number: `PAY-${seq}`,
    });
    expect(made.body.data[0].created_by_email).toBe(world.admin.email);
    expect(await doc(c.payment)).toMatchObject({ open_amount: '0', status: 'paid' });
    expect(await doc(c.invoices[0] as string)).toMatchObject({ open_amount: '0', status: 'paid' });
    expect(await doc(c.invoices[1] as string)).toMatchObject({
      open_amount: '20000',
      status: 'partially_paid',
    });

    const list = await world.as('admin', 'GET', `${ALLOC}?invoice_id=${c.invoices[1]}`);
    expect(list.body.total).toBe(1);
    expect((await world.as('admin', 'GET', `${ALLOC}?payment_id=${c.payment}`)).body.total).toBe(2);

    // Deleting or shrinking a document below what is allocated is refused.
    const del = await world.as('admin', 'DELETE', `${DOCS}?id=${c.invoices[0]}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(
      `Invoice INV-${seq}-1 has 1 active or pending allocation(s): reverse them before deleting it`,
    );
    const shrink = await world.as(
      'admin',
      'PUT',
      `${DOCS}?id=${c.invoices[1]}`,
      invoiceInput(`INV-${seq}-2`, '5000', { counterparty: c.counterparty, issue_date: '2026-03-02' }),
    );
    expect(shrink.status).toBe(409);
    expect(shrink.body.message).toMatch(/The total 5000 is less than what is already allocated \(10000\)/);
    const grow = await world.as(
      'admin',
      'PUT',
      `${DOCS}?id=${c.invoices[1]}`,
      invoiceInput(`INV-${seq}-2`, '35000', { counterparty: c.counterparty, issue_date: '2026-03-02' }),
    );
    expect(grow.body).toMatchObject({ total: '35000', open_amount: '25000', status: 'partially_paid' });

    const reversed = await world.as('admin', 'POST', `${ALLOC}/${made.body.data[1].id}/reverse`, {
      reason: 'Wrong invoice',
    });
    expect(reversed.status).toBe(200);
    expect(reversed.body.state).toBe('reversed');
    expect(await doc(c.payment)).toMatchObject({ open_amount: '10000', status: 'partially_paid' });
    expect(await doc(c.invoices[1] as string)).toMatchObject({ open_amount: '35000', status: 'open' });
    expect((await world.as('admin', 'POST', `${ALLOC}/${made.body.data[1].id}/reverse`, {})).status).toBe(
      409,
    );
  });

  it('refuses over-allocation of an invoice or of the payment, other currencies and wrong kinds', async () => {
    const c = await customer([['2026-03-01', '50000']], '20000');
    const overInvoice = await world.as('admin', 'POST', ALLOC, {
      payment_id: c.payment,
      lines: [{ invoice_id: c.invoices[0], amount: '50001' }],
    });
    expect(overInvoice.status).toBe(400);
    expect(overInvoice.body.message).toBe(
      `Line 1: 50001 is more than invoice INV-${seq}-1's open amount 50000`,
    );
    expect(overInvoice.body.details).toEqual({ 'lines[0].amount': 'At most 50000' });
    const overPayment = await world.as('admin', 'POST', ALLOC, {
      payment_id: c.payment,
      lines: [{ invoice_id: c.invoices[0], amount: '20001' }],
    });
    expect(overPayment.status).toBe(400);
    expect(overPayment.body.message).toBe(`The lines total 20001, more than PAY-${seq}'s open amount 20000`);

    const usd = await world.as('admin', 'POST', DOCS, invoiceInput(`USD-${seq}`, '100', { currency: 'usd' }));
    expect(usd.body.currency).toBe('USD');
    const currency = await world.as('admin', 'POST', ALLOC, {
      payment_id: c.payment,
      lines: [{ invoice_id: usd.body.id, amount: '100' }],
    });
    expect(currency.status).toBe(400);
    expect(currency.body.message).toMatch(/is in USD and PAY-\d+ in KES/);

    const wrongPayer = await world.as('admin', 'POST', ALLOC, {
      payment_id: c.invoices[0],
      lines: [{ invoice_id: usd.body.id, amount: '1' }],
    });
    expect(wrongPayer.status).toBe(400);
    expect(wrongPayer.body.message).toMatch(/allocate from a payment or a credit note/);
    const toPayment = await world.as('admin', 'POST', ALLOC, {
      payment_id: c.payment,
      lines: [{ invoice_id: c.payment, amount: '1' }],
    });
    expect(toPayment.status).toBe(400);

    // Nothing moved.
    expect((await doc(c.payment)).open_amount).toBe('20000');
    expect((await doc(c.invoices[0] as string)).open_amount).toBe('50000');
  });

  it('allocates a credit note like a payment', async () => {
    const c = await customer([['2026-03-01', '50000']], '1000');
    const credit = await world.as('admin', 'POST', DOCS, {
      ...paymentInput(`CN-${seq}`, '7000'),
      kind: 'credit_note',
      counterparty: c.counterparty,
    });
    const res = await world.as('admin', 'POST', ALLOC, {
      payment_id: credit.body.id,
      lines: [{ invoice_id: c.invoices[0], amount: '7000' }],
    });
    expect(res.status).toBe(201);
    expect(await doc(credit.body.id)).toMatchObject({ open_amount: '0', status: 'paid' });
    expect((await doc(c.invoices[0] as string)).open_amount).toBe('43000');
  });

  it('allocations of the same payment made at once cannot spend more than it has', async () => {
    const c = await customer(
      Array.from({ length: 6 }, (_, i) => [`2026-03-0${i + 1}`, '30000'] as [string, string]),
      '100000',
    );
    const results = await Promise.all(
      c.invoices.map((invoice, i) =>
        world.as(i % 2 ? 'checker' : 'admin', 'POST', ALLOC, {
          payment_id: c.payment,
          lines: [{ invoice_id: invoice, amount: '30000' }],
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 400, 400, 400]);
    for (const refused of results.filter((r) => r.status === 400)) {
      expect(refused.body.message).toMatch(/more than PAY-\d+'s open amount 10000/);
    }
    expect((await doc(c.payment)).open_amount).toBe('10000');
    const rows = await world.server.database.db
      .select()
      .from(reconAllocations)
      .where(eq(reconAllocations.paymentId, c.payment));
    expect(rows.reduce((s, r) => s + r.amount, 0n)).toBe(90000n);
  });

  it('two payments allocated to one invoice at once cannot overpay it', async () => {
    const c = await customer([['2026-03-01', '50000']], '40000');
    const second = await world.as(
      'admin',
      'POST',
      DOCS,
      paymentInput(`PAY-${seq}-B`, '40000', { counterparty: c.counterparty }),
    );
    const [a, b] = await Promise.all([
      world.as('admin', 'POST', ALLOC, {
        payment_id: c.payment,
        lines: [{ invoice_id: c.invoices[0], amount: '40000' }],
      }),
      world.as('checker', 'POST', ALLOC, {
        payment_id: second.body.id,
        lines: [{ invoice_id: c.invoices[0], amount: '40000' }],
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    expect((a.status === 400 ? a : b).body.message).toMatch(/open amount 10000/);
    expect((await doc(c.invoices[0] as string)).open_amount).toBe('10000');
  });

  it('maker-checker: a large allocation waits; the maker cannot approve it; another person can', async () => {
    await setMakerChecker(world, '10000');
    try {
      const c = await customer([['2026-03-01', '50000']], '50000');
      const made = await world.as('admin', 'POST', ALLOC, {
        payment_id: c.payment,
        lines: [{ invoice_id: c.invoices[0], amount: '50000' }],
      });
      expect(made.status).toBe(201);
      expect(made.body.data[0].state).toBe('pending_approval');
      expect((await doc(c.payment)).open_amount).toBe('50000');
      expect((await world.as('admin', 'POST', `${ALLOC}/${made.body.data[0].id}/reverse`, {})).status).toBe(
        409,
      );

      const { db } = world.server.database;
      const maker = serviceScope(world, world.admin);
      const checker = serviceScope(world, world.checker);
      await expect(
        db.transaction((tx) => decideAllocation(tx as never, maker, made.body.data[0].id, 'approve', '')),
      ).rejects.toMatchObject({ status: 403 });
      await db.transaction((tx) =>
        decideAllocation(tx as never, checker, made.body.data[0].id, 'approve', 'ok'),
      );
      expect(await doc(c.payment)).toMatchObject({ open_amount: '0', status: 'paid' });
      expect(await doc(c.invoices[0] as string)).toMatchObject({ open_amount: '0', status: 'paid' });
      await expect(
        db.transaction((tx) => decideAllocation(tx as never, checker, made.body.data[0].id, 'reject', '')),
      ).rejects.toMatchObject({ status: 409 });

      // A small one goes through at once; a rejected one never moves anything.
      const c2 = await customer([['2026-03-01', '50000']], '50000');
      const small = await world.as('admin', 'POST', ALLOC, {
        payment_id: c2.payment,
        lines: [{ invoice_id: c2.invoices[0], amount: '9999' }],
      });
      expect(small.body.data[0].state).toBe('active');
      const big = await world.as('admin', 'POST', ALLOC, {
        payment_id: c2.payment,
        lines: [{ invoice_id: c2.invoices[0], amount: '40001' }],
      });
      await db.transaction((tx) =>
        decideAllocation(tx as never, checker, big.body.data[0].id, 'reject', 'No'),
      );
      expect((await doc(c2.payment)).open_amount).toBe('40001');
    } finally {
      await setMakerChecker(world, null);
    }
  });

  it('keeps another organization out, and a viewer from writing', async () => {
    const c = await customer([['2026-03-01', '5000']], '5000');
    expect((await world.as('stranger', 'POST', `${ALLOC}/preview`, { payment_id: c.payment })).status).toBe(
      404,
    );
    const foreign = await world.as('stranger', 'POST', ALLOC, {
      payment_id: c.payment,
      lines: [{ invoice_id: c.invoices[0], amount: '1' }],
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('The payment was not found in this organization');
    const made = await world.as('admin', 'POST', ALLOC, {
      payment_id: c.payment,
      lines: [{ invoice_id: c.invoices[0], amount: '5000' }],
    });
    expect((await world.as('stranger', 'GET', `${ALLOC}?payment_id=${c.payment}`)).body.total).toBe(0);
    expect((await world.as('stranger', 'POST', `${ALLOC}/${made.body.data[0].id}/reverse`, {})).status).toBe(
      404,
    );
    expect(
      (
        await world.as('viewer', 'POST', ALLOC, {
          payment_id: c.payment,
          lines: [{ invoice_id: c.invoices[0], amount: '1' }],
        })
      ).status,
    ).toBe(403);
    expect((await world.as('viewer', 'POST', `${ALLOC}/${made.body.data[0].id}/reverse`, {})).status).toBe(
      403,
    );
  });
});
