import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../../../test/api-call.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import {
  BANK,
  createReconOrg,
  createSide,
  LEDGER,
  MANUAL,
  type ReconOrg,
  runAndWait,
  type Side,
  unbalancedGroups,
  useTestSettings,
  V1,
} from '../shared/recon-test-support.ts';

let server: TestServer;
let o: ReconOrg;

beforeAll(async () => {
  server = await startTestServer();
  o = await createReconOrg(server, 'Recon manual');
  await useTestSettings(o);
});
afterAll(() => server.close());

async function sides(name: string): Promise<{ bank: Side; ledger: Side }> {
  return {
    bank: await createSide(o, `${name} bank`, BANK),
    ledger: await createSide(o, `${name} ledger`, LEDGER),
  };
}

const statusOf = async (tableId: string, itemId: string) => {
  const page = await o.call('GET', `${V1}/items?table_id=${tableId}&page_size=100`);
  return page.body.data.find((i: Json) => i.item_id === itemId);
};

describe('manual reconciliation', () => {
  it('previews, matches with a difference, refuses a second match of the same item, and unmatches', async () => {
    const { bank, ledger } = await sides('Manual');
    const input = {
      left_item_ids: [bank.item['Bank charges'], bank.item['INV-1001']],
      right_item_ids: [ledger.item['INV-1001']],
      note: 'charges with the invoice',
    };
    const preview = await o.call('POST', `${MANUAL}/preview`, input);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      currency: 'KES',
      left_total: '101500',
      right_total: '100000',
      difference: '1500',
      status: 'partial',
      needs_approval: false,
      conflicts: [],
    });

    const made = await o.call('POST', MANUAL, input);
    expect(made.status).toBe(201);
    const group = made.body.data;
    expect(group).toMatchObject({
      source: 'manual',
      rule_id: 'manual',
      status: 'partial',
      state: 'active',
      difference: '1500',
      note: 'charges with the invoice',
    });
    expect(group.items).toHaveLength(3);
    expect(group.created_by_email).toMatch(/@test.example$/);
    expect((await statusOf(bank.id, bank.item['Bank charges'] as string)).status).toBe('partial');

    const again = await o.call('POST', `${MANUAL}/preview`, {
      left_item_ids: [bank.item['INV-1001']],
      right_item_ids: [ledger.item['INV-1099']],
    });
    expect(again.body.conflicts).toEqual([{ item_id: bank.item['INV-1001'], group_id: group.id }]);
    const refused = await o.call('POST', MANUAL, {
      left_item_ids: [bank.item['INV-1001']],
      right_item_ids: [ledger.item['INV-1099']],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(bank.item['INV-1001']);

    // Two matches of the same items at once: exactly one wins.
    const race = {
      left_item_ids: [bank.item['INV-1002']],
      right_item_ids: [ledger.item['INV-1002']],
    };
    const results = await Promise.all([o.call('POST', MANUAL, race), o.call('POST', MANUAL, race)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);

    const undone = await o.call('POST', `${MANUAL}/unmatch`, { group_ids: [group.id], reason: 'wrong pair' });
    expect(undone.body).toEqual({ changed: [group.id], refused: [] });
    const detail = await o.call('GET', `${V1}/groups/${group.id}`);
    expect(detail.body.data.state).toBe('undone');
    expect(detail.body.adjustments).toEqual([]);
    expect((await statusOf(bank.id, bank.item['Bank charges'] as string)).status).toBe('unreconciled');
    const twice = await o.call('POST', `${MANUAL}/unmatch`, { group_ids: [group.id] });
    expect(twice.body.refused[0].reason).toMatch(/undone/);

    const trail = await o.call('GET', `${V1}/audit?group_id=${group.id}`);
    expect(trail.body.data.map((e: Json) => e.action)).toEqual(['group.unmatched', 'group.matched']);
    expect(trail.body.data[0]).toMatchObject({ automatic: false, reason: 'wrong pair' });
    expect(trail.body.data[0].before.state).toBe('active');
    expect(trail.body.data[0].after.state).toBe('undone');
    const itemTrail = await o.call('GET', `${V1}/audit?item_id=${bank.item['Bank charges']}`);
    expect(itemTrail.body.total).toBe(2);
  });

  it('refuses bad selections with clear messages', async () => {
    const { bank, ledger } = await sides('Bad manual');
    const sameTable = await o.call('POST', MANUAL, {
      left_item_ids: [bank.item['INV-1001']],
      right_item_ids: [bank.item['INV-1002']],
    });
    expect(sameTable.status).toBe(400);
    expect(sameTable.body.message).toBe('Both sides come from the same table');
    const mixed = await o.call('POST', MANUAL, {
      left_item_ids: [bank.item['INV-1001'], ledger.item['INV-1002']],
      right_item_ids: [ledger.item['INV-1001']],
    });
    expect(mixed.body.message).toBe('The left items come from several tables');
    const oneSided = await o.call('POST', MANUAL, {
      left_item_ids: [bank.item['INV-1001']],
      right_item_ids: [],
    });
    expect(oneSided.status).toBe(400);
    expect(oneSided.body.message).toMatch(/cancel out/);
    const unknown = await o.call('POST', MANUAL, {
      left_item_ids: ['00000000-0000-4000-8000-000000000000'],
      right_item_ids: [ledger.item['INV-1001']],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Item 00000000-0000-4000-8000-000000000000 not found');
  });

  it('accepts and rejects suggestions, one and in bulk', async () => {
    const { bank, ledger } = await sides('Suggest');
    const run = await runAndWait(o, { left_table_id: bank.id, right_table_id: ledger.id });
    const groups = (await o.call('GET', `${V1}/groups?run_id=${run.id}`)).body.data as Json[];
    const suggested = groups.find((g) => g.status === 'suggested');
    const exact = groups.find((g) => g.rule_id === 'exact');
    const accepted = await o.call('POST', `${MANUAL}/accept`, { group_ids: [suggested.id, exact.id] });
    expect(accepted.body.changed).toEqual([suggested.id]);
    expect(accepted.body.refused).toEqual([
      { group_id: exact.id, reason: 'The group is not an open suggestion (reconciled, active)' },
    ]);
    const after = (await o.call('GET', `${V1}/groups/${suggested.id}`)).body.data;
    expect(after).toMatchObject({ status: 'partial', state: 'active', difference: '-5000' });
    expect(after.decided_by_email).toMatch(/@test.example$/);

    // A second run's suggestions: reject them all at once, items are freed.
    const { bank: b2, ledger: l2 } = await sides('Reject');
    const run2 = await runAndWait(o, { left_table_id: b2.id, right_table_id: l2.id });
    const open = (await o.call('GET', `${V1}/groups?run_id=${run2.id}&status=suggested`)).body.data as Json[];
    expect(open).toHaveLength(1);
    const missing = '00000000-0000-4000-8000-000000000001';
    const rejected = await o.call('POST', `${MANUAL}/reject`, {
      group_ids: [open[0].id, missing],
      reason: 'no',
    });
    expect(rejected.body.changed).toEqual([open[0].id]);
    expect(rejected.body.refused).toEqual([{ group_id: missing, reason: 'Group not found' }]);
    expect((await statusOf(b2.id, b2.item['Payment INV-1O03 ACME'] as string)).status).toBe('unreconciled');
    const audit = await o.call('GET', `${V1}/audit?action=suggestion.rejected`);
    expect(audit.body.total).toBe(1);
    const runAudit = await o.call('GET', `${V1}/audit?run_id=${run2.id}&action=run.completed`);
    expect(runAudit.body.data[0]).toMatchObject({
      action: 'run.completed',
      automatic: true,
      actor_email: 'automatic',
    });
    expect(await unbalancedGroups(server, o.org.id)).toEqual([]);
  });

  it('maker-checker: a large match waits; its maker cannot approve it; a second person can', async () => {
    const checked = await createReconOrg(server, 'Recon checker');
    await useTestSettings(checked, { maker_checker: { enabled: true, threshold: '100000' } });
    const bank = await createSide(checked, 'MC bank', BANK);
    const ledger = await createSide(checked, 'MC ledger', LEDGER);
    const input = { left_item_ids: [bank.item['INV-1001']], right_item_ids: [ledger.item['INV-1001']] };
    expect((await checked.call('POST', `${MANUAL}/preview`, input)).body.needs_approval).toBe(true);
    const made = await checked.call('POST', MANUAL, input);
    expect(made.body.data.state).toBe('pending_approval');
    const item = (await checked.call('GET', `${V1}/items?table_id=${bank.id}&status=reconciled`)).body
      .data[0];
    expect(item).toMatchObject({ item_id: bank.item['INV-1001'], group_state: 'pending_approval' });

    const approvals = await checked.call('GET', `${V1}/approvals`);
    expect(approvals.body.total).toBe(1);
    expect(approvals.body.data[0]).toMatchObject({ kind: 'group', id: made.body.data.id, can_decide: false });
    const ws = await checked.call(
      'GET',
      `${V1}/workspace?left_table_id=${bank.id}&right_table_id=${ledger.id}`,
    );
    expect(ws.body.pending_approvals).toBe(1);

    const decision = { kind: 'group', id: made.body.data.id, decision: 'approve' };
    const own = await checked.call('POST', `${V1}/approvals/decide`, decision);
    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/another person must approve/);
    const second = checked.as((await checked.member('Reconcilers')).token);
    expect((await second('GET', `${V1}/approvals`)).body.data[0].can_decide).toBe(true);
    expect((await second('POST', `${V1}/approvals/decide`, decision)).status).toBe(204);
    const group = (await checked.call('GET', `${V1}/groups/${made.body.data.id}`)).body.data;
    expect(group.state).toBe('active');
    expect((await second('POST', `${V1}/approvals/decide`, decision)).status).toBe(409);

    // Rejecting frees the items.
    const other = await checked.call('POST', MANUAL, {
      left_item_ids: [bank.item['INV-1002']],
      right_item_ids: [ledger.item['INV-1002']],
    });
    const reject = { kind: 'group', id: other.body.data.id, decision: 'reject', reason: 'not the same' };
    expect((await second('POST', `${V1}/approvals/decide`, reject)).status).toBe(204);
    const freed = (await checked.call('GET', `${V1}/items?table_id=${bank.id}&status=unreconciled`)).body
      .data;
    expect(freed.map((i: Json) => i.item_id)).toContain(bank.item['INV-1002']);
    expect(await unbalancedGroups(server, checked.org.id)).toEqual([]);
  });

  it('approves a pending adjustment through the approvals endpoint; unmatching reverses adjustments', async () => {
    const checked = await createReconOrg(server, 'Recon adjust checker');
    await useTestSettings(checked, { maker_checker: { enabled: true, threshold: '1000000' } });
    const bank = await createSide(checked, 'Adj bank', BANK);
    const ledger = await createSide(checked, 'Adj ledger', LEDGER);
    const made = await checked.call('POST', MANUAL, {
      left_item_ids: [bank.item['INV-1002']],
      right_item_ids: [ledger.item['INV-1002']],
    });
    expect(made.body.data).toMatchObject({ state: 'active', status: 'partial', difference: '-5000' });
    const groupId = made.body.data.id;
    await useTestSettings(checked, { maker_checker: { enabled: true, threshold: '1000' } });
    const adjustment = await checked.call('POST', `${V1}/adjustment`, {
      group_id: groupId,
      reason: 'bank charges',
      account: '6100 Bank charges',
    });
    expect(adjustment.status).toBe(201);
    expect(adjustment.body.state).toBe('pending_approval');
    const pending = (await checked.call('GET', `${V1}/approvals`)).body.data;
    expect(pending.map((a: Json) => [a.kind, a.id, a.can_decide])).toEqual([
      ['adjustment', adjustment.body.id, false],
    ]);
    const decision = { kind: 'adjustment', id: adjustment.body.id, decision: 'approve' };
    expect((await checked.call('POST', `${V1}/approvals/decide`, decision)).status).toBe(403);
    const second = checked.as((await checked.member('Reconcilers')).token);
    expect((await second('POST', `${V1}/approvals/decide`, decision)).status).toBe(204);
    const detail = (await checked.call('GET', `${V1}/groups/${groupId}`)).body;
    expect(detail.data).toMatchObject({ adjusted: '-5000', status: 'reconciled' });
    expect(detail.adjustments.map((a: Json) => a.state)).toEqual(['active']);

    await checked.call('POST', `${MANUAL}/unmatch`, { group_ids: [groupId] });
    const undone = (await checked.call('GET', `${V1}/groups/${groupId}`)).body;
    expect(undone.data).toMatchObject({ state: 'undone', adjusted: '0' });
    expect(undone.adjustments.map((a: Json) => a.state)).toEqual(['reversed']);
    expect(await unbalancedGroups(server, checked.org.id)).toEqual([]);
  });

  it('restores an unmatched group exactly (rows, status, write-offs), and refuses when a row is taken', async () => {
    const { bank, ledger } = await sides('Restore');
    const pair = { left_item_ids: [bank.item['INV-1002']], right_item_ids: [ledger.item['INV-1002']] };
    const made = (await o.call('POST', MANUAL, pair)).body.data;
    const groupId = made.id;
    const written = await o.call('POST', `${V1}/adjustment`, {
      group_id: groupId,
      reason: 'bank charges',
      account: '6100 Bank charges',
    });
    expect(written.status).toBe(201);
    const was = (await o.call('GET', `${V1}/groups/${groupId}`)).body;
    expect(was.data).toMatchObject({ state: 'active', status: 'reconciled', adjusted: '-5000' });
    const leftItem = bank.item['INV-1002'] as string;

    const viewer = o.as((await o.member('Viewers')).token);
    expect((await viewer('POST', `${MANUAL}/restore`, { group_ids: [groupId] })).status).toBe(403);
    const early = await o.call('POST', `${MANUAL}/restore`, { group_ids: [groupId] });
    expect(early.body.refused).toEqual([{ group_id: groupId, reason: 'The group is active, not unmatched' }]);

    await o.call('POST', `${MANUAL}/unmatch`, { group_ids: [groupId], reason: 'wrong pair' });
    expect((await statusOf(bank.id, leftItem)).status).toBe('unreconciled');
    const outsider = await createReconOrg(server, 'Recon restore outsider');
    const stolen = await outsider.call('POST', `${MANUAL}/restore`, { group_ids: [groupId] });
    expect(stolen.body).toEqual({ changed: [], refused: [{ group_id: groupId, reason: 'Group not found' }] });

    const restored = await o.call('POST', `${MANUAL}/restore`, { group_ids: [groupId], reason: 'undo' });
    expect(restored.body).toEqual({ changed: [groupId], refused: [] });
    const now = (await o.call('GET', `${V1}/groups/${groupId}`)).body;
    expect(now.data).toMatchObject({ state: 'active', status: 'reconciled', adjusted: '-5000' });
    expect(now.data.items).toEqual(was.data.items);
    expect(now.adjustments).toEqual(was.adjustments);
    expect((await statusOf(bank.id, leftItem)).status).toBe('reconciled');
    const trail = await o.call('GET', `${V1}/audit?group_id=${groupId}`);
    expect(trail.body.data[0]).toMatchObject({ action: 'group.restored', reason: 'undo' });
    expect(trail.body.data[0].before.state).toBe('undone');
    expect(trail.body.data[0].after).toMatchObject({ state: 'active', adjusted: '-5000' });
    expect(await unbalancedGroups(server, o.org.id)).toEqual([]);
    const twice = await o.call('POST', `${MANUAL}/restore`, { group_ids: [groupId] });
    expect(twice.body.refused[0].reason).toMatch(/active, not unmatched/);

    // Unmatched again, and one of its rows matched elsewhere meanwhile: the undo names that row.
    await o.call('POST', `${MANUAL}/unmatch`, { group_ids: [groupId] });
    const other = await o.call('POST', MANUAL, {
      left_item_ids: [leftItem],
      right_item_ids: [ledger.item['INV-1099']],
    });
    expect(other.status).toBe(201);
    const taken = await o.call('POST', `${MANUAL}/restore`, { group_ids: [groupId] });
    expect(taken.body.refused).toEqual([
      { group_id: groupId, reason: `Row ${leftItem} is in another match now (group ${other.body.data.id})` },
    ]);
    expect((await o.call('GET', `${V1}/groups/${groupId}`)).body.data.state).toBe('undone');
  });

  it('checks permissions and hides other organizations', async () => {
    const { bank, ledger } = await sides('Perm manual');
    const input = { left_item_ids: [bank.item['INV-1001']], right_item_ids: [ledger.item['INV-1001']] };
    const viewer = o.as((await o.member('Viewers')).token);
    expect((await viewer('POST', MANUAL, input)).status).toBe(403);
    expect((await viewer('GET', `${V1}/approvals`)).status).toBe(403);
    expect((await viewer('GET', `${V1}/audit`)).status).toBe(403);
    const outsider = await createReconOrg(server, 'Recon manual outsider');
    const stolen = await outsider.call('POST', MANUAL, input);
    expect(stolen.status).toBe(404);
    const made = await o.call('POST', MANUAL, input);
    const unmatch = await outsider.call('POST', `${MANUAL}/unmatch`, { group_ids: [made.body.data.id] });
    expect(unmatch.body.refused).toEqual([{ group_id: made.body.data.id, reason: 'Group not found' }]);
    expect((await outsider.call('GET', `${V1}/audit`)).body.total).toBe(0);
    const decide = await outsider.call('POST', `${V1}/approvals/decide`, {
      kind: 'group',
      id: made.body.data.id,
      decision: 'approve',
    });
    expect(decide.status).toBe(404);
  });

  it('exports the audit trail as CSV with formula cells defused', async () => {
    const { bank, ledger } = await sides('Export');
    await o.call('POST', MANUAL, {
      left_item_ids: [bank.item['INV-1099'] ?? bank.item['Bank charges']],
      right_item_ids: [ledger.item['INV-1099']],
      note: '=HYPERLINK("http://evil")',
    });
    const res = await fetch(`${server.url}${V1}/audit/export?action=group.matched`, {
      headers: { authorization: `Bearer ${o.admin}`, organization: o.org.id },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="reconciliation-audit-/);
    const text = await res.text();
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'when,who,decision,rule,left_references,right_references,currency,left_amount,right_amount,' +
        'difference,amount,status_after,reason,group_id,run_id,item_ids,details_json',
    );
    // Plain columns: the decision in words, the references as typed, amounts in currency units.
    const cells = lines.find((line) => line.includes('HYPERLINK'))?.split(',') ?? [];
    expect(cells[1]).toMatch(/@/);
    expect(cells.slice(2, 11)).toEqual([
      'Matched by hand',
      'Manual',
      'Bank charges',
      'INV-1099',
      'KES',
      '15.00',
      '700.00',
      '-685.00',
      '',
    ]);
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it('exports a run’s suggestions as suggested, never as automatic matches, with both references', async () => {
    const { bank, ledger } = await sides('Export run');
    await runAndWait(o, { left_table_id: bank.id, right_table_id: ledger.id });
    const res = await fetch(`${server.url}${V1}/audit/export?action=group.auto_matched`, {
      headers: { authorization: `Bearer ${o.admin}`, organization: o.org.id },
    });
    expect(res.status).toBe(200);
    const rows = (await res.text())
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(','));
    const ofBank = rows.filter((cells) => cells[4] && Object.keys(bank.item).includes(cells[4]));
    const suggested = ofBank.find((cells) => cells[4] === 'Payment INV-1O03 ACME');
    expect(suggested?.slice(1, 10)).toEqual([
      'Automatic (run)',
      'Suggested by a run',
      expect.any(String),
      'Payment INV-1O03 ACME',
      'INV-1003',
      'KES',
      '3300.00',
      '3350.00',
      '-50.00',
    ]);
    const exact = ofBank.find((cells) => cells[4] === 'INV-1001');
    expect(exact?.slice(2, 6)).toEqual(['Matched automatically', expect.any(String), 'INV-1001', 'INV-1001']);
    expect(rows.map((cells) => cells[2])).not.toContain('Group auto matched');
  });
});
