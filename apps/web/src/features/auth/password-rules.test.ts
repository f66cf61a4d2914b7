import { describe, expect, it } from 'vitest';
import { confirmationError, PASSWORDS_DIFFER } from './password-rules.ts';

describe('confirmationError', () => {
  it('refuses a repeated password that differs, even by letter case', () => {
    expect(confirmationError('Fresh-password-42', 'fresh-password-42')).toBe(PASSWORDS_DIFFER);
  });

  it('accepts the same password twice', () => {
    expect(confirmationError('Fresh-password-42', 'Fresh-password-42')).toBeUndefined();
  });
});
