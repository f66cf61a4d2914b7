import { describe, expect, it } from 'vitest';
import { createInviteSchema, newPasswordSchema, signupSchema } from './onboarding.ts';

function passwordError(password: string) {
  const result = newPasswordSchema.safeParse(password);
  return result.success ? null : result.error.issues[0]?.message;
}

describe('newPasswordSchema', () => {
  it('accepts 10 or more characters mixing two kinds', () => {
    expect(passwordError('mango-tree')).toBeNull();
    expect(passwordError('Mangotrees')).toBeNull();
    expect(passwordError('mangotree1')).toBeNull();
  });

  it('refuses short passwords and passwords of one kind of character, saying why', () => {
    expect(passwordError('Mango-1')).toBe('Use at least 10 characters');
    expect(passwordError('mangotrees')).toMatch(/Mix at least two kinds/);
    expect(passwordError('1234567890')).toMatch(/Mix at least two kinds/);
    expect(passwordError('!!!!!!!!!!!!')).toMatch(/Mix at least two kinds/);
  });
});

describe('signupSchema', () => {
  it('trims names and e-mails, and names the field of each error', () => {
    const ok = signupSchema.parse({
      organization_name: ' Acacia ',
      full_name: ' Wanjiru ',
      email: ' wanjiru@acacia.test ',
      password: 'Mango-tree-1',
    });
    expect(ok).toMatchObject({
      organization_name: 'Acacia',
      full_name: 'Wanjiru',
      email: 'wanjiru@acacia.test',
    });
    const bad = signupSchema.safeParse({
      organization_name: '',
      full_name: 'W',
      email: 'nope',
      password: 'x',
    });
    const fields = bad.error?.issues.map((issue) => issue.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['organization_name', 'email', 'password']));
  });
});

describe('createInviteSchema', () => {
  it('defaults to no groups and refuses ids that are not group ids', () => {
    expect(createInviteSchema.parse({ email: 'a@b.test' }).group_ids).toEqual([]);
    expect(createInviteSchema.safeParse({ email: 'a@b.test', group_ids: ['x'] }).success).toBe(false);
  });
});
