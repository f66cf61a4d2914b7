import type { ReconAuditEntry } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import { scoreText, trailEntryView, trailTitle } from './trail-format.ts';

function entry(change: Partial<ReconAuditEntry>): ReconAuditEntry {
  return {
    id: 'e1',
    actor_email: 'automatic',
    automatic: true,
    action: 'group.auto_matched',
    target_type: 'group',
    target_id: 'g1',
    group_id: 'g1',
    run_id: '0123456789abcdef',
    rule_id: null,
    reason: '',
    before: null,
    after: null,
    item_ids: ['i1', 'i2'],
    created_at: '2026-11-22T10:00:00.000Z',
    target_state: null,
    ...change,
  };
}

describe('the trail of an item in words', () => {
  it('shows an automatic match with its run, pass and score, from open to matched', () => {
    const view = trailEntryView(
      entry({
        rule_id: 'exact',
        after: {
          difference: '0',
          rule_id: 'exact',
          rule_name: 'Exact reference',
          status: 'reconciled',
          state: 'active',
          score: 0.984,
          left_item_ids: ['i1'],
          right_item_ids: ['i2'],
          left_total: '485000',
          right_total: '485000',
        },
      }),
    );
    expect(view).toEqual({
      title: 'Matched automatically',
      actor: 'Automatic (run 01234567)',
      rule: 'Exact reference (exact)',
      score: '98 %',
      before: 'open',
      after:
        'status reconciled · state active · left total KES 4,850.00 · right total KES 4,850.00 · difference KES 0.00',
    });
  });

  it('says a run only suggested a match', () => {
    expect(trailTitle({ action: 'group.auto_matched', after: { status: 'suggested' } })).toBe(
      'Suggested by a run',
    );
  });

  it('shows what a person’s decision changed, before and after, and no rule for manual ones', () => {
    const view = trailEntryView(
      entry({
        automatic: false,
        actor_email: 'anna@demo.test',
        action: 'suggestion.accepted',
        rule_id: 'manual',
        run_id: null,
        before: { state: 'active', status: 'suggested', difference: '0' },
        after: { state: 'active', status: 'reconciled', difference: '0' },
      }),
    );
    expect(view.title).toBe('Suggestion accepted');
    expect(view.actor).toBe('anna@demo.test');
    expect(view.rule).toBeNull();
    expect(view.score).toBeNull();
    expect(view.before).toBe('status suggested');
    expect(view.after).toBe('status reconciled');
  });

  it('labels unknown actions and marks missing states', () => {
    const view = trailEntryView(entry({ action: 'run.completed', run_id: null, automatic: true }));
    expect(view.title).toBe('Run completed');
    expect(view.actor).toBe('Automatic');
    expect(view.before).toBe('—');
    expect(view.after).toBe('—');
  });

  it('reads scores as percentages', () => {
    expect(scoreText(1)).toBe('100 %');
    expect(scoreText('0.5')).toBe('50 %');
    expect(scoreText(null)).toBeNull();
    expect(scoreText('high')).toBeNull();
  });
});
