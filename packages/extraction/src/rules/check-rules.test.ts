import { describe, expect, it } from 'vitest';
import { checkLabelRule, checkSelection } from './check-rules.ts';

describe('checking patterns before they are saved', () => {
  it('names each pattern that does not compile', () => {
    const problems = checkLabelRule({
      rules: [
        { method: 'regex', pattern: 'INV-(\\d+)', group: 1, case_sensitive: false },
        { method: 'regex', pattern: '(', group: 1, case_sensitive: false },
        {
          method: 'anchor',
          anchor: '[',
          anchor_match: 'regex',
          direction: 'right',
          max_distance: 0.4,
          value_pattern: '*',
        },
        { method: 'table', columns: [{ key: 'a', header: 'A' }], end_pattern: '(?<' },
      ],
      filters: [
        { kind: 'regex', pattern: '[a-', group: 0 },
        { kind: 'replace', find: '(', replace: '', regex: false },
      ],
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'Rule 2',
      'Rule 3 (anchor)',
      'Rule 3 (value pattern)',
      'Rule 4 (end pattern)',
      'Filter 1',
    ]);
    expect(problems[0]).toMatch(/^Rule 2: "\(" is not a valid regular expression/);
  });

  it('checks regex keywords only in regex mode', () => {
    expect(checkSelection({ mode: 'regex', keywords: ['ok', '('], exclude: [] })).toHaveLength(1);
    expect(checkSelection({ mode: 'any', keywords: ['('], exclude: [] })).toEqual([]);
  });
});
