import { describe, expect, it } from 'vitest';
import { statusBadgeTone } from './status-badge.ts';

describe('statusBadgeTone', () => {
  it.each(['active', 'user', 'user-p', 'reconciled', 'reconned'])('shows %s as success', (status) => {
    expect(statusBadgeTone(status)).toBe('success');
  });

  it.each(['inactive', 'pending', 'unreconciled', 'unreconned'])('shows %s as danger', (status) => {
    expect(statusBadgeTone(status)).toBe('danger');
  });

  it.each(['partial', 'suggested', 'partially reconned'])('shows %s as warning', (status) => {
    expect(statusBadgeTone(status)).toBe('warning');
  });

  it('ignores case, surrounding spaces and word separators', () => {
    expect(statusBadgeTone('  Reconciled ')).toBe('success');
    expect(statusBadgeTone('PARTIALLY_RECONNED')).toBe('warning');
    expect(statusBadgeTone('partially-reconned')).toBe('warning');
    expect(statusBadgeTone('USER-P')).toBe('success');
  });

  it('matches user-p only as written', () => {
    expect(statusBadgeTone('user p')).toBe('neutral');
    expect(statusBadgeTone('user_p')).toBe('neutral');
  });

  it('falls back to neutral for unknown or missing statuses', () => {
    expect(statusBadgeTone('archived')).toBe('neutral');
    expect(statusBadgeTone('')).toBe('neutral');
    expect(statusBadgeTone(null)).toBe('neutral');
    expect(statusBadgeTone(undefined)).toBe('neutral');
  });
});
