import { describe, expect, it } from 'vitest';
import { avatarInitial } from './user-avatar.tsx';

describe('avatarInitial', () => {
  it('shows the upper-cased initial of the full name, or dashes without one', () => {
    expect(avatarInitial('ada Lovelace')).toBe('A');
    expect(avatarInitial('  ')).toBe('--');
  });
});
