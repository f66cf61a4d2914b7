import { describe, expect, it } from 'vitest';
import { copyName } from './workflows-api.ts';

describe('copyName', () => {
  it('adds (copy), then numbers it when taken, ignoring case', () => {
    expect(copyName('Morning run', ['Morning run'])).toBe('Morning run (copy)');
    expect(copyName('Morning run', ['Morning run', 'morning RUN (copy)'])).toBe('Morning run (copy 2)');
    expect(copyName('Morning run (copy)', ['Morning run (copy)', 'Morning run (copy 2)'])).toBe(
      'Morning run (copy 3)',
    );
  });
});
