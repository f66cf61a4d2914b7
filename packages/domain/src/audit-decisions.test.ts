import { describe, expect, it } from 'vitest';
import { actionWords, decisionLabel } from './audit-decisions.ts';

describe('decisionLabel', () => {
  it('never calls a suggestion an automatic match', () => {
    expect(decisionLabel({ action: 'group.auto_matched', after: { status: 'suggested' } })).toBe(
      'Suggested by a run',
    );
    expect(decisionLabel({ action: 'group.auto_matched', after: { status: 'reconciled' } })).toBe(
      'Matched automatically',
    );
  });

  it('names the people’s decisions and falls back to the action in words', () => {
    expect(decisionLabel({ action: 'adjustment.created' })).toBe('Difference written off');
    expect(decisionLabel({ action: 'group.matched', after: null })).toBe('Matched by hand');
    expect(decisionLabel({ action: 'run.completed' })).toBe('Run completed');
    expect(actionWords('settings.saved')).toBe('Settings saved');
    expect(actionWords('')).toBe('');
  });
});
