import type { Filter } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION } from '../test-support/models.ts';
import { applyFilters } from './filters.ts';
import { RulePatternError } from './patterns.ts';

const run = (text: string, ...filters: Filter[]) => applyFilters(text, filters, CONFIGURATION, 'test');

describe('filter pipeline', () => {
  it('trims and collapses spaces', () => {
    expect(run('  INV   20 ', { kind: 'trim' })?.text).toBe('INV 20');
  });

  it('replaces literally or by pattern', () => {
    expect(run('A.B.C', { kind: 'replace', find: '.', replace: '-', regex: false })?.text).toBe('A-B-C');
    expect(run('A1B22', { kind: 'replace', find: '\\d+', replace: '#', regex: true })?.text).toBe('A#B#');
  });

  it('keeps a regex group and drops values it does not match', () => {
    expect(run('Ref: ABC-77 (copy)', { kind: 'regex', pattern: '([A-Z]+-\\d+)', group: 1 })?.text).toBe(
      'ABC-77',
    );
    expect(run('Ref: ABC-77', { kind: 'regex', pattern: 'ABC-\\d+', group: 1 })?.text).toBe('ABC-77');
    expect(run('nothing', { kind: 'regex', pattern: '\\d+', group: 0 })).toBeNull();
    expect(() => run('x', { kind: 'regex', pattern: '(', group: 0 })).toThrow(RulePatternError);
  });

  it('reads dates by formats to ISO, and keeps what it cannot read for review', () => {
    expect(run('03/04/2026', { kind: 'date', formats: ['MM/DD/YYYY'] })).toEqual({
      text: '2026-03-04',
      certainty: 1,
      hints: { dateFormats: ['YYYY-MM-DD'] },
    });
    expect(run('soon', { kind: 'date', formats: [] })).toMatchObject({ text: 'soon', certainty: 0.5 });
  });

  it('reads amounts with its own separator to a plain decimal and its currency', () => {
    expect(run('USD 1.471,60', { kind: 'amount', decimal_separator: ',' })).toEqual({
      text: '1471.60',
      certainty: 1,
      hints: { decimal: '.', currency: 'USD' },
    });
    expect(run('(1,234.50)', { kind: 'amount' })?.text).toBe('-1234.50');
    expect(run('n/a', { kind: 'amount' })).toMatchObject({ text: 'n/a', certainty: 0.5 });
  });

  it('keeps whitelisted characters, undoes OCR confusions and changes case', () => {
    expect(run('KRA PIN: P05-1234', { kind: 'whitelist', characters: 'P0123456789' })?.text).toBe('PP051234');
    expect(run('INVOO12', { kind: 'ocr_confusions', shape: 'alphanumeric' })?.text).toBe('INV0012');
    expect(run('1O5', { kind: 'ocr_confusions', shape: 'digits' })?.text).toBe('105');
    expect(run('Acme', { kind: 'uppercase' })?.text).toBe('ACME');
    expect(run('Acme', { kind: 'lowercase' })?.text).toBe('acme');
  });

  it('applies filters in order and drops a value left empty', () => {
    expect(
      run(
        ' inv-0o7 ',
        { kind: 'trim' },
        { kind: 'uppercase' },
        { kind: 'ocr_confusions', shape: 'alphanumeric' },
      )?.text,
    ).toBe('INV-007');
    expect(run('abc', { kind: 'whitelist', characters: '0123456789' })).toBeNull();
  });
});
