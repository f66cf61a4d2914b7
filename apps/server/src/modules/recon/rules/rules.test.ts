import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../../../test/api-call.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { createReconOrg, type ReconOrg, RULES, V1 } from '../shared/recon-test-support.ts';

let server: TestServer;
let o: ReconOrg;

beforeAll(async () => {
  server = await startTestServer();
  o = await createReconOrg(server, 'Recon rules');
});
afterAll(() => server.close());

const exactPass = {
  id: 'exact',
  kind: 'exact',
  keys: ['reference', 'amount'],
  date_window: { days_before: 3, days_after: 3 },
};

describe('settings', () => {
  it('answers the defaults until saved, then what was saved (and audits it)', async () => {
    const first = await o.call('GET', `${V1}/settings`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      updated_at: null,
      // The default rule set's own values: a 60-day payment window, KES 500 or 0.5 %, its thresholds.
      data: {
        default_currency: 'KES',
        amount_tolerance: { absolute: '50000', percent: 0.5 },
        date_window: { days_before: 60, days_after: 7 },
        auto_accept: 0.85,
        suggest: 0.6,
        ambiguity_gap: 0.05,
      },
    });
    const saved = await o.call('PUT', `${V1}/settings`, {
      default_currency: 'usd',
      amount_tolerance: { absolute: '2500', percent: 1 },
      date_window: { days_before: 5, days_after: 2 },
      auto_accept: 0.95,
      suggest: 0.7,
      ambiguity_gap: 0.1,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.default_currency).toBe('USD');
    expect(saved.body.updated_at).not.toBeNull();
    const bad = await o.call('PUT', `${V1}/settings`, { suggest: 0.99, auto_accept: 0.5 });
    expect(bad.status).toBe(400);
    expect(bad.body.details.suggest).toBe('Must not be above auto_accept');
    const audit = await o.call('GET', `${V1}/audit?action=settings.saved`);
    expect(audit.body.total).toBe(1);

    // The default passes carry the settings.
    const defaults = await o.call('GET', `${RULES}/defaults`);
    const tolerance = defaults.body.passes.find((p: Json) => p.id === 'tolerance');
    expect(tolerance).toMatchObject({
      amount_tolerance: { absolute: 2500, percent: 1, max_percent: 25 },
      auto_accept: 0.95,
      suggest: 0.7,
      ambiguity_gap: 0.1,
      date_window: { days_before: 5, days_after: 2 },
    });
    expect(defaults.body.passes.map((p: Json) => p.id)).toEqual([
      'reversals',
      'exact',
      'tolerance',
      'payer',
      'split_payments',
      'bulk_payments',
      'fuzzy',
    ]);
  });

  it('needs settings permissions: viewers read, reconcilers cannot save', async () => {
    const viewer = o.as((await o.member('Viewers')).token);
    expect((await viewer('GET', `${V1}/settings`)).status).toBe(200);
    expect((await viewer('PUT', `${V1}/settings`, {})).status).toBe(403);
  });
});

describe('rules', () => {
  it('creates, reads, lists, updates, defaults and deletes rule sets', async () => {
    const created = await o.call('POST', RULES, {
      name: 'Bank vs ledger',
      passes: [exactPass],
      is_default: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Bank vs ledger', is_default: true, description: '' });
    const second = await o.call('POST', RULES, { name: 'M-Pesa', passes: [exactPass], is_default: true });
    expect(second.body.is_default).toBe(true);
    const one = await o.call('GET', `${RULES}?rule_id=${created.body.id}`);
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0].is_default).toBe(false);
    const page = await o.call('GET', `${RULES}?page_size=10`);
    expect(page.body.total).toBe(2);
    expect(page.body.data[0].name).toBe('M-Pesa');
    expect((await o.call('GET', `${RULES}?search=pesa`)).body.total).toBe(1);

    const updated = await o.call('PUT', `${RULES}?rule_id=${created.body.id}`, {
      name: 'Bank vs ledger v2',
      description: 'tighter',
      passes: [{ ...exactPass, date_window: { days_before: 1, days_after: 1 } }],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.passes[0].date_window.days_before).toBe(1);

    const duplicate = await o.call('POST', RULES, { name: 'M-Pesa', passes: [exactPass] });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('A rule set named "M-Pesa" already exists');
    const renamed = await o.call('PUT', `${RULES}?rule_id=${created.body.id}`, {
      name: 'M-Pesa',
      passes: [exactPass],
    });
    expect(renamed.status).toBe(409);

    expect((await o.call('DELETE', `${RULES}?rule_id=${created.body.id}`)).status).toBe(204);
    expect((await o.call('GET', `${RULES}?rule_id=${created.body.id}`)).status).toBe(404);
    expect((await o.call('DELETE', RULES)).status).toBe(400);
  });

  it("answers the engine's validation messages naming the pass and field", async () => {
    const bad = await o.call('POST', RULES, {
      name: 'Broken',
      passes: [
        exactPass,
        {
          id: 'fuzzy',
          kind: 'scored',
          blocking: ['reference'],
          amount_tolerance: { absolute: 100 },
          similarity: { method: 'best' },
          date_window: { days_before: 3, days_after: 3 },
          auto_accept: 1.5,
          suggest: 0.5,
          ambiguity_gap: 0.05,
        },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Invalid rule set: /);
    expect(bad.body.details).toEqual({ 'passes[1] (fuzzy).auto_accept': 'must be a number between 0 and 1' });
    const duplicateIds = await o.call('POST', RULES, { name: 'Dupes', passes: [exactPass, exactPass] });
    expect(duplicateIds.body.details['passes[1] (exact)']).toBe('duplicate pass id exact');
    const unknownKind = await o.call('POST', RULES, {
      name: 'Odd',
      passes: [{ id: 'a', kind: 'magic', date_window: { days_before: 1, days_after: 1 } }],
    });
    expect(unknownKind.body.details['passes[0] (a)']).toBe('unknown kind magic');
    const empty = await o.call('POST', RULES, { name: 'Empty', passes: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.details.passes).toBe('Add at least one pass');
  });

  it('checks permissions and hides other organizations', async () => {
    const created = await o.call('POST', RULES, { name: 'Private', passes: [exactPass] });
    const reconciler = o.as((await o.member('Reconcilers')).token);
    expect((await reconciler('GET', RULES)).status).toBe(200);
    expect((await reconciler('DELETE', `${RULES}?rule_id=${created.body.id}`)).status).toBe(403);
    const viewer = o.as((await o.member('Viewers')).token);
    expect((await viewer('GET', RULES)).status).toBe(403);
    const outsider = await createReconOrg(server, 'Rules outsider');
    expect((await outsider.call('GET', `${RULES}?rule_id=${created.body.id}`)).status).toBe(404);
    expect((await outsider.call('GET', RULES)).body.total).toBe(0);
    expect((await outsider.call('DELETE', `${RULES}?rule_id=${created.body.id}`)).status).toBe(404);
    const named = await outsider.call('POST', RULES, { name: 'Private', passes: [exactPass] });
    expect(named.status).toBe(201);
  });
});
