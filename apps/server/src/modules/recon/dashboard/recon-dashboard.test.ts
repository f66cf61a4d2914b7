import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../../../test/api-call.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import {
  BANK,
  createReconOrg,
  createSide,
  LEDGER,
  MANUAL,
  RECON,
  type ReconOrg,
  runAndWait,
  type Side,
  useTestSettings,
  V1,
} from '../shared/recon-test-support.ts';
import { minorToDecimal } from './dashboard-amounts.ts';
import { periodsOf } from './recon-dashboard.service.ts';

const ANALYTICS = `${RECON}/v1/analytics`;
const MARCH = 'from=2026-03-01&to=2026-03-31';

let server: TestServer;
let o: ReconOrg;
let bank: Side;
let ledger: Side;

const dashboard = async (query: string, as = o.call): Promise<Json> => {
  const res = await as('GET', `${ANALYTICS}?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
/** Each side's own KES money in (nothing went out in these tables); null: no item on that side. */
const kes = (left: string | null, right: string | null) => ({
  left: left === null ? [] : [{ currency: 'KES', in: left, out: '0.00' }],
  right: right === null ? [] : [{ currency: 'KES', in: right, out: '0.00' }],
});
const nothing = { left: [], right: [] };

beforeAll(async () => {
  server = await startTestServer();
  o = await createReconOrg(server, 'Recon dashboard');
  await useTestSettings(o);
  // Bank vs ledger: one exact match, one within tolerance (partial), one suggestion, one leftover each side.
  bank = await createSide(o, 'Bank', BANK);
  ledger = await createSide(o, 'Ledger', LEDGER);
  const run = await runAndWait(o, { left_table_id: bank.id, right_table_id: ledger.id });
  expect(run.status, run.error_message).toBe('succeeded');
});
afterAll(() => server.close());

describe('reconciliation dashboard', () => {
  it('answers exact figures per status, the trend, ageing, sources and pairs of a known data set', async () => {
    const d = await dashboard(MARCH);
    expect(d).toMatchObject({ from: '2026-03-01', to: '2026-03-31', table_id: null, granularity: 'day' });
    expect(d.items).toBe(8);
    expect(d.matched).toBe(4);
    expect(d.match_rate).toBe(0.5);
    expect(d.statuses).toEqual({
      reconciled: { count: 2, sides: kes('1000.00', '1000.00') },
      partial: { count: 2, sides: kes('2450.00', '2500.00') },
      suggested: { count: 2, sides: kes('3300.00', '3350.00') },
      unreconciled: { count: 2, sides: kes('15.00', '700.00') },
    });
    expect(d.trend).toHaveLength(31);
    expect(d.trend.slice(0, 7)).toEqual([
      { period: '2026-03-01', items: 1, matched: 1, match_rate: 1 },
      { period: '2026-03-02', items: 1, matched: 1, match_rate: 1 },
      { period: '2026-03-03', items: 1, matched: 1, match_rate: 1 },
      { period: '2026-03-04', items: 2, matched: 0, match_rate: 0 },
      { period: '2026-03-05', items: 1, matched: 1, match_rate: 1 },
      { period: '2026-03-06', items: 1, matched: 0, match_rate: 0 },
      { period: '2026-03-07', items: 1, matched: 0, match_rate: 0 },
    ]);
    expect(d.trend[30]).toEqual({ period: '2026-03-31', items: 0, matched: 0, match_rate: 0 });
    // Open = unreconciled + suggested, aged on the range's last day (all under a month old on 31 March).
    expect(d.ageing).toEqual([
      { bucket: '0-30', count: 4, sides: kes('3315.00', '4050.00') },
      { bucket: '31-60', count: 0, sides: nothing },
      { bucket: '61-90', count: 0, sides: nothing },
      { bucket: '90+', count: 0, sides: nothing },
    ]);
    expect(d.by_source).toEqual([
      {
        source: 'run',
        groups: 3,
        statuses: { reconciled: 2, partial: 2, suggested: 2 },
        count: 6,
        sides: kes('6750.00', '6850.00'),
      },
    ]);
    expect(d.by_pair).toEqual([
      expect.objectContaining({
        left_table_id: bank.id,
        left_table_name: 'Bank',
        right_table_id: ledger.id,
        right_table_name: 'Ledger',
        items: 8,
        matched: 4,
        match_rate: 0.5,
        counts: { reconciled: 2, partial: 2, suggested: 2, unreconciled: 2 },
      }),
    ]);
    expect(d.by_pair[0].last_run_at).toEqual(expect.any(String));
    expect(d.tables.map((t: Json) => t.name)).toEqual(['Bank', 'Ledger']);
    expect(d.sides).toEqual({
      left: [{ id: bank.id, name: 'Bank' }],
      right: [{ id: ledger.id, name: 'Ledger' }],
    });

    // Ageing on 5 May: 59 and 60 days (31–60), 62 days (61–90); weekly trend over a longer range.
    const may = await dashboard('from=2026-01-01&to=2026-05-05');
    expect(may.granularity).toBe('week');
    expect(may.trend[0].period).toBe('2025-12-29');
    expect(may.ageing).toEqual([
      { bucket: '0-30', count: 0, sides: nothing },
      { bucket: '31-60', count: 2, sides: kes('3315.00', null) },
      { bucket: '61-90', count: 2, sides: kes(null, '4050.00') },
      { bucket: '90+', count: 0, sides: nothing },
    ]);
    const week = may.trend.find((p: Json) => p.period === '2026-03-02');
    expect(week).toEqual({ period: '2026-03-02', items: 7, matched: 3, match_rate: 0.4286 });
  });

  it('filters on the item date and on one table', async () => {
    const late = await dashboard('from=2026-03-05&to=2026-03-31');
    expect(late.items).toBe(3);
    expect(late.matched).toBe(1);
    expect(late.match_rate).toBe(0.3333);
    expect(late.statuses.partial).toEqual({ count: 1, sides: kes('2450.00', null) });
    expect(late.statuses.reconciled).toEqual({ count: 0, sides: nothing });

    const none = await dashboard('from=2025-01-01&to=2025-12-31');
    expect(none.items).toBe(0);
    expect(none.match_rate).toBe(0);

    const bankOnly = await dashboard(`${MARCH}&table_id=${bank.id}`);
    expect(bankOnly.table_id).toBe(bank.id);
    expect(bankOnly.items).toBe(4);
    expect(bankOnly.statuses.unreconciled).toEqual({ count: 1, sides: kes('15.00', null) });
    expect(bankOnly.tables.map((t: Json) => t.name)).toEqual(['Bank', 'Ledger']);

    // The default range is the last 90 days up to today.
    const defaults = await dashboard('');
    const today = new Date().toISOString().slice(0, 10);
    expect(defaults.to).toBe(today);
    expect(periodsOf(defaults.from, defaults.to, 'day')).toHaveLength(90);

    expect((await o.call('GET', `${ANALYTICS}?from=2026-04-01&to=2026-03-01`)).status).toBe(400);
    expect((await o.call('GET', `${ANALYTICS}?from=2026-3-1`)).status).toBe(400);
  });

  it('follows manual decisions: an accepted suggestion and a manual match move the counts', async () => {
    const groups = (
      await o.call('GET', `${V1}/groups?left_table_id=${bank.id}&status=suggested&page_size=10`)
    ).body;
    const suggestion = groups.data.find((g: Json) => g.status === 'suggested');
    expect(suggestion).toBeTruthy();
    const accepted = await o.call('POST', `${MANUAL}/accept`, { group_ids: [suggestion.id] });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const made = await o.call('POST', MANUAL, {
      left_item_ids: [bank.item['Bank charges']],
      right_item_ids: [ledger.item['INV-1099']],
      note: 'dashboard test',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);

    const d = await dashboard(MARCH);
    expect(d.matched).toBe(8);
    expect(d.match_rate).toBe(1);
    expect(d.statuses.suggested).toEqual({ count: 0, sides: nothing });
    expect(d.statuses.unreconciled).toEqual({ count: 0, sides: nothing });
    expect(d.statuses.partial).toEqual({ count: 6, sides: kes('5765.00', '6550.00') });
    expect(d.ageing[0]).toEqual({ bucket: '0-30', count: 0, sides: nothing });
    expect(d.by_source).toEqual([
      expect.objectContaining({
        source: 'run',
        groups: 3,
        statuses: { reconciled: 2, partial: 4, suggested: 0 },
      }),
      {
        source: 'manual',
        groups: 1,
        statuses: { reconciled: 0, partial: 2, suggested: 0 },
        count: 2,
        sides: kes('15.00', '700.00'),
      },
    ]);
  });

  it('sums money in and money out apart on each side: a withdrawal never nets against receipts', async () => {
    const statement = await createSide(o, 'Statement June', [
      ['INV-2001', '500.00', '2026-06-02'],
      ['Receipt walk-in', '120.25', '2026-06-03'],
      ['Withdrawal to bank', '-900.00', '2026-06-04'],
    ]);
    const invoices = await createSide(o, 'Invoices June', [
      ['INV-2001', '500.00', '2026-06-01'],
      ['INV-2002', '75.00', '2026-06-01'],
    ]);
    const run = await runAndWait(o, { left_table_id: statement.id, right_table_id: invoices.id });
    expect(run.status, run.error_message).toBe('succeeded');
    const june = await dashboard('from=2026-06-01&to=2026-06-30');
    expect(june.statuses.reconciled).toEqual({ count: 2, sides: kes('500.00', '500.00') });
    expect(june.statuses.unreconciled).toEqual({
      count: 3,
      sides: {
        left: [{ currency: 'KES', in: '120.25', out: '900.00' }],
        right: [{ currency: 'KES', in: '75.00', out: '0.00' }],
      },
    });
    expect(june.ageing[0].sides.left).toEqual([{ currency: 'KES', in: '120.25', out: '900.00' }]);
    expect(june.sides.left.map((t: Json) => t.name)).toContain('Statement June');
    expect(june.sides.right.map((t: Json) => t.name)).toContain('Invoices June');
  });

  it('needs reports read, and another organization sees zeros', async () => {
    const nobody = o.as((await o.member()).token);
    expect((await nobody('GET', `${ANALYTICS}?${MARCH}`)).status).toBe(403);
    const viewer = o.as((await o.member('Viewers')).token);
    expect((await dashboard(MARCH, viewer)).items).toBe(8);

    const other = await createReconOrg(server, 'Recon dashboard other');
    const theirs = await dashboard(MARCH, other.call);
    expect(theirs.items).toBe(0);
    expect(theirs.statuses.reconciled).toEqual({ count: 0, sides: nothing });
    expect(theirs.by_pair).toEqual([]);
    expect(theirs.by_source).toEqual([]);
    expect(theirs.tables).toEqual([]);
    expect(theirs.ageing.every((b: Json) => b.count === 0)).toBe(true);
    expect((await other.call('GET', `${ANALYTICS}?table_id=${bank.id}`)).status).toBe(404);
  });

  it('turns minor units into exact decimals', () => {
    expect(minorToDecimal(123450n, 2)).toBe('1234.50');
    expect(minorToDecimal(-5n, 2)).toBe('-0.05');
    expect(minorToDecimal(0n, 0)).toBe('0');
    expect(minorToDecimal(900719925474099312n, 3)).toBe('900719925474099.312');
  });
});
