import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../../../test/api-call.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { reconGroups, reconRuns } from '../../../db/schema.ts';
import {
  addRows,
  BANK,
  createReconOrg,
  createSide,
  LEDGER,
  MANUAL,
  type ReconOrg,
  runAndWait,
  TABLES,
  unbalancedGroups,
  useTestSettings,
  V1,
} from '../shared/recon-test-support.ts';
import { executeRun } from './run-job.ts';

let server: TestServer;
let o: ReconOrg;

beforeAll(async () => {
  server = await startTestServer();
  o = await createReconOrg(server, 'Recon runs');
  await useTestSettings(o);
});
afterAll(() => server.close());

const groupsOf = async (runId: string) =>
  (await o.call('GET', `${V1}/groups?run_id=${runId}&page_size=100`)).body;

describe('runs', () => {
  it('gives the workspace its open amounts per direction: withdrawals are never netted against receipts', async () => {
    const statement = await createSide(o, 'Statement in and out', [
      ['Receipt A', '1000.00', '2026-03-02'],
      ['Receipt B', '250.50', '2026-03-03'],
      ['Withdrawal', '-4000.00', '2026-03-04'],
    ]);
    const ledger = await createSide(o, 'Ledger for directions', [['INV-9', '70.00', '2026-03-01']]);
    const ws = await o.call(
      'GET',
      `${V1}/workspace?left_table_id=${statement.id}&right_table_id=${ledger.id}`,
    );
    expect(ws.status).toBe(200);
    expect(ws.body.left.counts.unreconciled).toBe(3);
    expect(ws.body.left.amounts.unreconciled).toEqual({ in: '125050', out: '400000' });
    expect(ws.body.left.amounts.reconciled).toEqual({ in: '0', out: '0' });
    expect(ws.body.right.amounts.unreconciled).toEqual({ in: '7000', out: '0' });
  });

  it('matches a bank table against a ledger: exact, tolerance, suggestion and leftovers', async () => {
    const bank = await createSide(o, 'Bank', BANK);
    const ledger = await createSide(o, 'Ledger', LEDGER);
    const run = await runAndWait(o, { left_table_id: bank.id, right_table_id: ledger.id });
    expect(run.status, run.error_message).toBe('succeeded');
    expect(run.left_table_name).toBe('Bank');
    expect(run.options.left_fields).toMatchObject({ amount: bank.col.Amount, date: bank.col.Date });
    expect(run.summary.groups).toEqual({ reconciled: 1, partial: 1, suggested: 1 });
    expect(run.summary.left).toEqual({ reconciled: 1, partial: 1, suggested: 1, unreconciled: 1 });
    expect(run.summary.right).toEqual({ reconciled: 1, partial: 1, suggested: 1, unreconciled: 1 });
    expect(run.summary.passes.length).toBeGreaterThan(0);
    expect(typeof run.summary.engine_ms).toBe('number');

    const groups = await groupsOf(run.id);
    expect(groups.total).toBe(3);
    const byRule = Object.fromEntries(groups.data.map((g: Json) => [g.rule_id, g]));
    expect(byRule.exact).toMatchObject({
      status: 'reconciled',
      state: 'active',
      difference: '0',
      source: 'auto',
    });
    expect(byRule.tolerance).toMatchObject({
      status: 'partial',
      left_total: '245000',
      right_total: '250000',
    });
    expect(byRule.tolerance.difference).toBe('-5000');
    expect(byRule.fuzzy.status).toBe('suggested');
    expect(byRule.exact.items.map((i: Json) => i.item_id).sort()).toEqual(
      [bank.item['INV-1001'], ledger.item['INV-1001']].sort(),
    );
    expect(byRule.exact.items[0].values).toBeDefined();
    expect(byRule.exact.features.map((f: Json) => f.name)).toContain('amount');

    // An item's trail shows its automatic match: rule, both sides' items, status, score, difference.
    const trail = await o.call('GET', `${V1}/audit?item_id=${ledger.item['INV-1002']}`);
    expect(trail.status).toBe(200);
    expect(trail.body.data).toHaveLength(1);
    expect(trail.body.data[0]).toMatchObject({
      action: 'group.auto_matched',
      actor_email: 'automatic',
      automatic: true,
      run_id: run.id,
      group_id: byRule.tolerance.id,
      rule_id: 'tolerance',
      after: {
        rule_id: 'tolerance',
        rule_name: byRule.tolerance.rule_name,
        status: 'partial',
        state: 'active',
        left_item_ids: [bank.item['INV-1002']],
        right_item_ids: [ledger.item['INV-1002']],
        left_total: '245000',
        right_total: '250000',
        difference: '-5000',
      },
    });
    expect(trail.body.data[0].after.score).toBeCloseTo(Number(byRule.tolerance.score), 6);
    const ofRun = await o.call('GET', `${V1}/audit?run_id=${run.id}&page_size=50`);
    expect(ofRun.body.data.map((e: Json) => e.action).sort()).toEqual([
      'group.auto_matched',
      'group.auto_matched',
      'group.auto_matched',
      'run.completed',
    ]);
    expect((await o.call('GET', `${V1}/audit?item_id=${ledger.item['INV-1099']}`)).body.data).toEqual([]);

    // The workspace sees the same counts and amounts.
    const ws = await o.call('GET', `${V1}/workspace?left_table_id=${bank.id}&right_table_id=${ledger.id}`);
    expect(ws.status).toBe(200);
    expect(ws.body.left.counts).toEqual(run.summary.left);
    expect(ws.body.left.amounts.unreconciled).toEqual({ in: '1500', out: '0' });
    expect(ws.body.right.amounts.reconciled).toEqual({ in: '100000', out: '0' });
    expect(ws.body.left.currency).toBe('KES');
    expect(ws.body.match_rate).toBe(0.5);
    expect(ws.body.last_run.id).toBe(run.id);

    // Items by status (filtered in SQL), sorted by amount.
    const open = await o.call('GET', `${V1}/items?table_id=${ledger.id}&status=unreconciled`);
    expect(open.body.total).toBe(1);
    expect(open.body.data[0]).toMatchObject({
      item_id: ledger.item['INV-1099'],
      status: 'unreconciled',
      group_id: null,
      amount: '70000',
      currency: 'KES',
      date: '2026-03-04',
    });
    const sorted = await o.call('GET', `${V1}/items?table_id=${bank.id}&sort=-amount`);
    expect(sorted.body.data.map((i: Json) => i.amount)).toEqual(['330000', '245000', '100000', '1500']);
    expect(sorted.body.data[0]).toMatchObject({ status: 'suggested', group_state: 'active' });
    const searched = await o.call('GET', `${V1}/items?table_id=${bank.id}&search=acme`);
    expect(searched.body.data.map((i: Json) => i.item_id)).toEqual([bank.item['Payment INV-1O03 ACME']]);

    // The tables API shows each row's status and filters on it.
    const rows = await o.call('GET', `${TABLES}/${ledger.id}/items`);
    expect(rows.body.data.map((r: Json) => r.recon_status)).toEqual([
      'reconciled',
      'partial',
      'suggested',
      'unreconciled',
    ]);
    const filters = JSON.stringify([
      { column_id: 'recon_status', op: 'status', values: ['suggested', 'unreconciled'] },
    ]);
    const filtered = await o.call(
      'GET',
      `${TABLES}/${ledger.id}/items?filters=${encodeURIComponent(filters)}`,
    );
    expect(filtered.body.total).toBe(2);
    const badFilter = JSON.stringify([{ column_id: 'recon_status', op: 'status', values: ['lost'] }]);
    const refused = await o.call(
      'GET',
      `${TABLES}/${ledger.id}/items?filters=${encodeURIComponent(badFilter)}`,
    );
    expect(refused.status).toBe(400);

    // Running again on the same data makes nothing new (idempotent).
    const again = await runAndWait(o, { left_table_id: bank.id, right_table_id: ledger.id });
    expect(again.summary.groups).toEqual({ reconciled: 0, partial: 0, suggested: 0 });
    expect(again.summary.left).toEqual(run.summary.left);
    expect(again.summary.left_considered).toBe(1);
    expect((await groupsOf(again.id)).total).toBe(0);

    // Incremental: a new bank line is matched against what is still open.
    await addRows(o, bank, [['INV-1099', '700.00', '2026-03-08']]);
    const incremental = await runAndWait(o, { left_table_id: bank.id, right_table_id: ledger.id });
    expect(incremental.summary.groups).toEqual({ reconciled: 1, partial: 0, suggested: 0 });
    expect(incremental.summary.right.unreconciled).toBe(0);

    const listed = await o.call('GET', `${V1}/runs?left_table_id=${bank.id}`);
    expect(listed.body.total).toBe(3);
    expect(listed.body.data[0].id).toBe(incremental.id);
    expect(await unbalancedGroups(server, o.org.id)).toEqual([]);
  });

  it("an item's trail keeps its automatic match after an unmatch, beside a later match of it", async () => {
    const bank = await createSide(o, 'Trail bank', BANK);
    const ledger = await createSide(o, 'Trail ledger', LEDGER);
    const run = await runAndWait(o, { left_table_id: bank.id, right_table_id: ledger.id });
    const invoice = ledger.item['INV-1001'] as string;
    const [made] = (await o.call('GET', `${V1}/groups?run_id=${run.id}&item_id=${invoice}`)).body.data;
    expect(made.rule_id).toBe('exact');
    const undone = await o.call('POST', `${MANUAL}/unmatch`, { group_ids: [made.id], reason: 'check' });
    expect(undone.body.changed).toEqual([made.id]);
    // The item is free again: a person matches it anew, beside its undone group.
    const again = await o.call('POST', MANUAL, {
      left_item_ids: [bank.item['INV-1001']],
      right_item_ids: [invoice],
    });
    expect(again.status).toBe(201);
    const groupId = again.body.data.id;

    const trail = (await o.call('GET', `${V1}/audit?item_id=${invoice}`)).body;
    expect(trail.total).toBe(3);
    expect(trail.data.map((e: Json) => [e.action, e.group_id])).toEqual([
      ['group.matched', groupId],
      ['group.unmatched', made.id],
      ['group.auto_matched', made.id],
    ]);
    expect(trail.data[2].after.right_item_ids).toEqual([invoice]);
    // Another item's trail holds none of these; an item never matched has none.
    const other = (await o.call('GET', `${V1}/audit?item_id=${ledger.item['INV-1002']}`)).body.data;
    expect(other.map((e: Json) => e.group_id)).not.toContain(made.id);
    expect((await o.call('GET', `${V1}/audit?item_id=${ledger.item['INV-1099']}`)).body.total).toBe(0);
  });

  it('says why a suggestion is not automatic: the rival row by its reference, or the threshold missed', async () => {
    const bank = await createSide(o, 'Why bank', [
      ['Payment Baraka', '500.00', '2026-04-02'],
      ['Payment for INV-7310', '812.00', '2026-04-09'],
    ]);
    const ledger = await createSide(o, 'Why ledger', [
      ['INV-7001 Baraka', '500.00', '2026-04-01'],
      ['INV-7002 Baraka', '500.00', '2026-04-01'],
      ['INV-7310', '830.00', '2026-04-08'],
    ]);
    const run = await runAndWait(o, { left_table_id: bank.id, right_table_id: ledger.id });
    const suggested = (await groupsOf(run.id)).data.filter((g: Json) => g.status === 'suggested');
    expect(suggested.length).toBeGreaterThan(0);
    for (const group of suggested) {
      expect(group.why, JSON.stringify(group)).toBeTruthy();
      if (group.why.kind === 'threshold') expect(group.why.score).toBeLessThan(group.why.auto_accept);
    }
    const rival = suggested.find((g: Json) => g.why.kind === 'rival');
    expect(rival?.why).toMatchObject({
      side: 'right',
      reference: expect.stringMatching(/^INV-700[12] Baraka$/),
    });
    const taken = rival.items.find((item: Json) => item.side === 'right').item_id;
    expect(rival.why.item_id).not.toBe(taken);
    // The group's own page says it too, and an automatic group has no why.
    const one = await o.call('GET', `${V1}/groups/${rival.id}`);
    expect(one.body.data.why).toEqual(rival.why);
    const automatic = (await groupsOf(run.id)).data.filter((g: Json) => g.status !== 'suggested');
    for (const group of automatic) expect(group.why).toBeNull();
  });

  it('maker-checker holds automatic matches at or above the approval amount until a person decides', async () => {
    const held = await createReconOrg(server, 'Recon held');
    await useTestSettings(held, { maker_checker: { enabled: true, threshold: '100000' } });
    const bank = await createSide(held, 'Held bank', [...BANK, ['INV-1005', '999.99', '2026-03-02']]);
    const ledger = await createSide(held, 'Held ledger', [...LEDGER, ['INV-1005', '999.99', '2026-03-02']]);
    const run = await runAndWait(held, { left_table_id: bank.id, right_table_id: ledger.id });
    expect(run.status, run.error_message).toBe('succeeded');
    const groups = (await held.call('GET', `${V1}/groups?run_id=${run.id}&page_size=100`)).body.data;
    const find = (rule: string, ref: string) =>
      groups.find((g: Json) => g.rule_id === rule && g.items.some((i: Json) => i.item_id === bank.item[ref]));
    const exact = find('exact', 'INV-1001');
    const tolerance = find('tolerance', 'INV-1002');
    const small = find('exact', 'INV-1005');
    // KES 1,000.00 and KES 2,500.00 reach the threshold (KES 1,000.00): they wait; KES 999.99 does not.
    expect(exact).toMatchObject({ status: 'reconciled', state: 'pending_approval' });
    expect(tolerance).toMatchObject({ status: 'partial', state: 'pending_approval' });
    expect(small).toMatchObject({ status: 'reconciled', state: 'active' });
    // A suggestion is not a decision: it stays an open suggestion (accepting it is checked then).
    expect(groups.find((g: Json) => g.status === 'suggested').state).toBe('active');
    const trail = await held.call('GET', `${V1}/audit?item_id=${bank.item['INV-1001']}`);
    expect(trail.body.data[0]).toMatchObject({
      action: 'group.auto_matched',
      after: { status: 'reconciled', state: 'pending_approval' },
    });

    const approvals = await held.call('GET', `${V1}/approvals`);
    expect(approvals.body.data.map((a: Json) => a.id).sort()).toEqual([exact.id, tolerance.id].sort());
    // Whoever started the run made its matches: another person decides them.
    expect(approvals.body.data.every((a: Json) => a.kind === 'group' && !a.can_decide)).toBe(true);
    const ws = await held.call('GET', `${V1}/workspace?left_table_id=${bank.id}&right_table_id=${ledger.id}`);
    expect(ws.body.pending_approvals).toBe(2);

    const own = await held.call('POST', `${V1}/approvals/decide`, {
      kind: 'group',
      id: exact.id,
      decision: 'approve',
    });
    expect(own.status).toBe(403);
    const checker = held.as((await held.member('Reconcilers')).token);
    expect((await checker('GET', `${V1}/approvals`)).body.data.every((a: Json) => a.can_decide)).toBe(true);
    const decide = (id: string, decision: string) =>
      checker('POST', `${V1}/approvals/decide`, { kind: 'group', id, decision });
    expect((await decide(exact.id, 'approve')).status).toBe(204);
    expect((await decide(tolerance.id, 'reject')).status).toBe(204);
    const approved = await held.call('GET', `${V1}/groups/${exact.id}`);
    expect(approved.body.data).toMatchObject({ status: 'reconciled', state: 'active' });
    const rejected = await held.call('GET', `${V1}/groups/${tolerance.id}`);
    expect(rejected.body.data.state).toBe('rejected');
    const open = await held.call('GET', `${V1}/items?table_id=${bank.id}&status=unreconciled`);
    expect(open.body.data.map((i: Json) => i.item_id).sort()).toEqual(
      [bank.item['INV-1002'], bank.item['Bank charges']].sort(),
    );
    expect((await held.call('GET', `${V1}/approvals`)).body.total).toBe(0);
  });

  it('a dry run stores the proposal and the summary but writes no group', async () => {
    const bank = await createSide(o, 'Dry bank', BANK);
    const ledger = await createSide(o, 'Dry ledger', LEDGER);
    const run = await runAndWait(o, { left_table_id: bank.id, right_table_id: ledger.id, dry_run: true });
    expect(run.status).toBe('succeeded');
    expect(run.options.dry_run).toBe(true);
    expect(run.summary.groups).toEqual({ reconciled: 1, partial: 1, suggested: 1 });
    expect((await groupsOf(run.id)).total).toBe(0);
    expect(run.preview).toHaveLength(3);
    const exact = run.preview.find((g: Json) => g.rule_id === 'exact');
    expect(exact).toMatchObject({
      left_item_ids: [bank.item['INV-1001']],
      right_item_ids: [ledger.item['INV-1001']],
      status: 'reconciled',
      difference: '0',
      left_total: '100000',
    });
    const ws = await o.call('GET', `${V1}/workspace?left_table_id=${bank.id}&right_table_id=${ledger.id}`);
    expect(ws.body.left.counts.unreconciled).toBe(4);
  });

  it('uses a named rule set, passes given inline, and reports rows it cannot read', async () => {
    const bank = await createSide(o, 'Rule bank', BANK);
    const ledger = await createSide(o, 'Rule ledger', LEDGER);
    await o.call('POST', `${'/api/tables/storage/counterpart_tables'}/${bank.id}/items`, {
      values: { Reference: 'No amount', Date: '2026-03-01' },
    });
    const rule = await o.call('POST', `${'/api/recon/recon_engine/api/rules'}`, {
      name: 'Exact only',
      passes: [
        {
          id: 'exact',
          kind: 'exact',
          keys: ['reference', 'amount', 'currency'],
          date_window: { days_before: 5, days_after: 5 },
        },
      ],
    });
    expect(rule.status).toBe(201);
    const run = await runAndWait(o, {
      left_table_id: bank.id,
      right_table_id: ledger.id,
      rule_id: rule.body.id,
    });
    expect(run.rule_id).toBe(rule.body.id);
    expect(run.summary.groups).toEqual({ reconciled: 1, partial: 0, suggested: 0 });
    expect(run.summary.skipped_count).toBe(1);
    expect(run.summary.skipped[0]).toMatchObject({ side: 'left', reason: 'no amount' });
    expect(run.summary.left.unreconciled).toBe(4);
  });

  it("reads references from the association mapping's columns, either way round", async () => {
    const bank = await createSide(o, 'Mapped bank', BANK);
    const ledger = await createSide(o, 'Mapped ledger', LEDGER);
    const mapping = await o.call('POST', `${TABLES}/association/mapping`, {
      name: 'Bank to ledger',
      left_table_id: ledger.id,
      right_table_id: bank.id,
      pairs: [{ left_column_id: ledger.col.Reference, right_column_id: bank.col.Reference }],
    });
    expect(mapping.status).toBe(201);
    const run = await runAndWait(o, {
      left_table_id: bank.id,
      right_table_id: ledger.id,
      mapping_id: mapping.body.id,
      dry_run: true,
    });
    expect(run.mapping_id).toBe(mapping.body.id);
    expect(run.options.left_fields.reference).toEqual([bank.col.Reference]);
    expect(run.options.right_fields.reference).toEqual([ledger.col.Reference]);
    const other = await createSide(o, 'Unmapped', BANK);
    const refused = await o.call('POST', `${V1}/runs`, {
      left_table_id: other.id,
      right_table_id: ledger.id,
      mapping_id: mapping.body.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details.mapping_id).toBe('"Bank to ledger" maps "Mapped ledger" to "Mapped bank"');
  });

  it('refuses bad runs with clear messages', async () => {
    const bank = await createSide(o, 'Bad bank', BANK);
    const same = await o.call('POST', `${V1}/runs`, { left_table_id: bank.id, right_table_id: bank.id });
    expect(same.status).toBe(400);
    expect(same.body.message).toMatch(/two different tables/);
    const noAmount = await o.call('POST', '/api/tables/storage/counterpart_tables/', {
      name: 'Notes',
      columns: [{ name: 'Text', type: 'text' }],
    });
    const refused = await o.call('POST', `${V1}/runs`, {
      left_table_id: bank.id,
      right_table_id: noAmount.body.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Table "Notes" has no amount column');
    const badPasses = await o.call('POST', `${V1}/runs`, {
      left_table_id: bank.id,
      right_table_id: noAmount.body.id,
      passes: [{ id: 'x', kind: 'exact', keys: [], date_window: { days_before: 1, days_after: 1 } }],
    });
    expect(badPasses.status).toBe(400);
    expect(badPasses.body.details['passes[0] (x)']).toBe('keys must list at least one key');
  });

  it('a run that fails after the engine leaves no groups (its results commit at once)', async () => {
    const bank = await createSide(o, 'Crash bank', BANK);
    const ledger = await createSide(o, 'Crash ledger', LEDGER);
    const [row] = await server.database.db
      .insert(reconRuns)
      .values({
        organizationId: o.org.id,
        leftTableId: bank.id,
        rightTableId: ledger.id,
        passes: (await o.call('GET', '/api/recon/recon_engine/api/rules/defaults')).body.passes,
        options: {
          left_fields: { amount: bank.col.Amount, date: bank.col.Date, reference: [bank.col.Reference] },
          right_fields: {
            amount: ledger.col.Amount,
            date: ledger.col.Date,
            reference: [ledger.col.Reference],
          },
          incremental: true,
          dry_run: false,
        },
      })
      .returning();
    const runId = row?.id as string;
    await expect(
      executeRun(server.database, o.org.id, runId, {
        beforeCommit: async () => {
          throw new Error('the process died');
        },
      }),
    ).rejects.toThrow(/Nothing was saved/);
    const groups = await server.database.db.select().from(reconGroups).where(eq(reconGroups.runId, runId));
    expect(groups).toEqual([]);
    const run = await o.call('GET', `${V1}/runs/${runId}`);
    expect(run.body.status).toBe('failed');
    expect(run.body.error_message).toMatch(/the process died/);
    // Run again: now it commits.
    const summary = await executeRun(server.database, o.org.id, runId);
    expect(summary.groups.reconciled).toBe(1);
    expect(await unbalancedGroups(server, o.org.id)).toEqual([]);
    // The check is not vacuous: a group whose recorded difference is off by one minor unit is named.
    const [made] = await server.database.db.select().from(reconGroups).where(eq(reconGroups.runId, runId));
    await server.database.db
      .update(reconGroups)
      .set({ difference: sql`difference + 1` })
      .where(eq(reconGroups.id, made?.id as string));
    expect(await unbalancedGroups(server, o.org.id)).toEqual([expect.objectContaining({ id: made?.id })]);
    await server.database.db
      .update(reconGroups)
      .set({ difference: sql`difference - 1` })
      .where(eq(reconGroups.id, made?.id as string));
    expect(await unbalancedGroups(server, o.org.id)).toEqual([]);
  });

  it("another organization's tables, runs and groups are invisible", async () => {
    const bank = await createSide(o, 'Private bank', BANK);
    const ledger = await createSide(o, 'Private ledger', LEDGER);
    const run = await runAndWait(o, { left_table_id: bank.id, right_table_id: ledger.id });
    const other = await createReconOrg(server, 'Recon outsider');
    const start = await other.call('POST', `${V1}/runs`, {
      left_table_id: bank.id,
      right_table_id: ledger.id,
    });
    expect(start.status).toBe(404);
    expect((await other.call('GET', `${V1}/runs/${run.id}`)).status).toBe(404);
    expect((await other.call('GET', `${V1}/runs`)).body.total).toBe(0);
    expect((await other.call('GET', `${V1}/groups`)).body.total).toBe(0);
    const [group] = (await groupsOf(run.id)).data;
    expect((await other.call('GET', `${V1}/groups/${group.id}`)).status).toBe(404);
    expect((await other.call('GET', `${V1}/items?table_id=${bank.id}`)).status).toBe(404);
    expect(
      (await other.call('GET', `${V1}/workspace?left_table_id=${bank.id}&right_table_id=${ledger.id}`))
        .status,
    ).toBe(404);
  });

  it('checks permissions: viewers cannot read, members without workflow create cannot run', async () => {
    const bank = await createSide(o, 'Perm bank', BANK);
    const ledger = await createSide(o, 'Perm ledger', LEDGER);
    const viewer = o.as((await o.member('Viewers')).token);
    expect((await viewer('GET', `${V1}/runs`)).status).toBe(403);
    expect(
      (await viewer('POST', `${V1}/runs`, { left_table_id: bank.id, right_table_id: ledger.id })).status,
    ).toBe(403);
    const nobody = o.as((await o.member()).token);
    expect((await nobody('GET', `${V1}/groups`)).status).toBe(403);
    const reconciler = o.as((await o.member('Reconcilers')).token);
    const started = await reconciler('POST', `${V1}/runs`, {
      left_table_id: bank.id,
      right_table_id: ledger.id,
    });
    expect(started.status).toBe(202);
  });
});
