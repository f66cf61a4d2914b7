import { describe, expect, it } from 'vitest';
import { RulePatternError } from './patterns.ts';
import { editDistance, matchesLayout } from './selection.ts';

const text = 'ACME SUPPLIES LTD\nTax Invoice No: INV-1\nKRA PIN P051234567X\nPaybill 522522';
const select = (
  mode: 'any' | 'all' | 'exact' | 'regex' | 'fuzzy',
  keywords: string[],
  exclude: string[] = [],
) => matchesLayout({ mode, keywords, exclude }, text);

describe('template selection', () => {
  it('matches every document without keywords unless excluded', () => {
    expect(select('any', [])).toBe(true);
    expect(select('any', [], ['credit note'])).toBe(true);
    expect(select('any', [], ['paybill'])).toBe(false);
  });

  it('any / all ignore case and spacing', () => {
    expect(select('any', ['acme  supplies', 'Globex'])).toBe(true);
    expect(select('all', ['acme supplies', 'Globex'])).toBe(false);
    expect(select('all', ['acme supplies', 'kra pin'])).toBe(true);
  });

  it('exact wants case and whole words', () => {
    expect(select('exact', ['ACME SUPPLIES'])).toBe(true);
    expect(select('exact', ['Acme Supplies'])).toBe(false);
    expect(select('exact', ['ACME SUPPLIE'])).toBe(false);
  });

  it('regex keywords all match, with clear errors', () => {
    expect(select('regex', ['^tax invoice', 'P\\d{9}[A-Z]'])).toBe(true);
    expect(select('regex', ['^invoice'])).toBe(false);
    expect(() => select('regex', ['('])).toThrow(RulePatternError);
  });

  it('fuzzy forgives OCR slips but not other words', () => {
    expect(select('fuzzy', ['lnvoice', 'ACME SUPPL1ES'])).toBe(true);
    expect(select('fuzzy', ['Globex'])).toBe(false);
    expect(select('fuzzy', ['Invoice'], ['tax'])).toBe(false);
  });

  it('counts edits', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
  });
});
