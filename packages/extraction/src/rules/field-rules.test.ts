import { describe, expect, it } from 'vitest';
import { anchor, regex } from '../test-support/models.ts';
import { A4, doc, phrase, word } from '../test-support/tokens.ts';
import { ruleContext } from './context.ts';
import { runFieldRule } from './field-rules.ts';
import { RulePatternError } from './patterns.ts';

const invoice = doc(
  [
    ...phrase('ACME SUPPLIES LTD', 50, 40),
    ...phrase('Invoice No:', 50, 100),
    word('INV-2041', 200, 100),
    ...phrase('Date:', 350, 100),
    word('12/03/2026', 400, 100),
    ...phrase('Bill To', 50, 140),
    ...phrase('Kamau Traders', 50, 155),
    ...phrase('PIN P051234567X', 50, 170),
    ...phrase('Total', 350, 700),
    word('1,471.60', 450, 700),
    ...phrase('Thank you', 50, 800),
    ...phrase('Page 2 notes', 50, 100, 2),
    ...phrase('Total', 350, 300, 2),
    word('99.00', 450, 300, 2),
  ],
  2,
);
const ctx = ruleContext(invoice);
const run = (rule: Parameters<typeof runFieldRule>[0]) => runFieldRule(rule, ctx, 'test');

describe('regex rule', () => {
  it('captures its group over the lines, with the words box', () => {
    const found = run(regex('Invoice No:\\s*(\\S+)'));
    expect(found.map((c) => c.text)).toEqual(['INV-2041']);
    expect(found[0]!.page).toBe(1);
    expect(found[0]!.box!.x0).toBeCloseTo(200 / A4.width, 6);
    expect(found[0]!.confidence).toBe(1);
  });

  it('falls back to the whole match when the pattern has no group, and finds every match in order', () => {
    expect(run(regex('[\\d,]+\\.\\d{2}\\b')).map((c) => `${c.page}:${c.text}`)).toEqual([
      '1:1,471.60',
      '2:99.00',
    ]);
  });

  it('says which pattern is wrong', () => {
    expect(() => run(regex('(['))).toThrow(RulePatternError);
    expect(() => run(regex('(['))).toThrow(/test: "\(\[" is not a valid regular expression/);
  });
});

describe('anchor rule', () => {
  it('reads the words right of the anchor up to a wide gap', () => {
    expect(run(anchor('Invoice No')).map((c) => c.text)).toEqual(['INV-2041']);
    expect(run(anchor('Date')).map((c) => c.text)).toEqual(['12/03/2026']);
  });

  it('keeps to the window', () => {
    expect(run(anchor('Invoice No', 'right', { max_distance: 0.05 }))).toEqual([]);
  });

  it('finds every occurrence (one per page here) in reading order', () => {
    expect(run(anchor('Total')).map((c) => `${c.page}:${c.text}`)).toEqual(['1:1,471.60', '2:99.00']);
  });

  it('reads below and above', () => {
    expect(run(anchor('Bill To', 'below')).map((c) => c.text)).toEqual(['Kamau Traders']);
    expect(run(anchor('Kamau', 'above')).map((c) => c.text)).toEqual(['Bill To']);
  });

  it('takes the first line below matching the value pattern', () => {
    const found = run(anchor('Bill To', 'below', { value_pattern: 'P\\d{9}[A-Z]' }));
    expect(found.map((c) => c.text)).toEqual(['P051234567X']);
  });

  it('matches anchors exactly (case and whole words) or by pattern', () => {
    expect(run(anchor('invoice no', 'right', { anchor_match: 'exact' }))).toEqual([]);
    expect(run(anchor('Invoice No:', 'right', { anchor_match: 'exact' })).map((c) => c.text)).toEqual([
      'INV-2041',
    ]);
    expect(run(anchor('Tot', 'right', { anchor_match: 'exact' }))).toEqual([]);
    expect(run(anchor('^Invoice\\s+N[o0]', 'right', { anchor_match: 'regex' })).map((c) => c.text)).toEqual([
      'INV-2041',
    ]);
  });

  it('skips punctuation left of the anchor word, prefers whole-word value matches, and takes exact anchors as labels', () => {
    const totals = ruleContext(
      doc([
        ...phrase('Invoice No.', 50, 100),
        word('SI-5', 200, 100),
        ...phrase('VAT 16%', 350, 680),
        word('1,440.00', 480, 680),
        ...phrase('Sub Total', 350, 700),
        word('9,000.00', 480, 700),
        word('Total', 350, 720),
        word('10,440.00', 480, 720),
      ]),
    );
    const amount = { value_pattern: '[0-9][0-9.,]*' };
    expect(runFieldRule(anchor('Invoice No'), totals, 't').map((c) => c.text)).toEqual(['SI-5']);
    expect(runFieldRule(anchor('VAT', 'right', amount), totals, 't').map((c) => c.text)).toEqual([
      '1,440.00',
    ]);
    expect(runFieldRule(anchor('Total', 'right', amount), totals, 't').map((c) => c.text)).toEqual([
      '9,000.00',
      '10,440.00',
    ]);
    expect(
      runFieldRule(anchor('Total', 'right', { ...amount, anchor_match: 'exact' }), totals, 't').map(
        (c) => c.text,
      ),
    ).toEqual(['10,440.00']);
  });

  it('finds an anchor misread by OCR when it is nowhere as written, with less confidence', () => {
    const scan = ruleContext(
      doc([
        ...phrase('lnvoice N0:', 50, 100, 1, 0.9),
        word('INV-77', 200, 100, 1, 0.95),
        ...phrase('Invoice Date', 50, 130),
      ]),
    );
    const found = runFieldRule(anchor('Invoice No'), scan, 't');
    expect(found.map((c) => c.text)).toEqual(['INV-77']);
    expect(found[0]!.confidence).toBeCloseTo(0.95 * 0.9, 6);
    expect(runFieldRule(anchor('Invoice No', 'right', { anchor_match: 'exact' }), scan, 't')).toEqual([]);
    expect(runFieldRule(anchor('Receipt No'), scan, 't')).toEqual([]);
    const joined = ruleContext(doc([word('KRAPIN', 50, 100, 1, 0.9), word('P051234567X', 50, 115, 1, 0.9)]));
    expect(runFieldRule(anchor('KRA PIN', 'below'), joined, 't').map((c) => c.text)).toEqual(['P051234567X']);
    const title = ruleContext(doc([word('INVOICE', 50, 100, 1, 0.9), word('2026', 120, 100, 1, 0.9)]));
    expect(runFieldRule(anchor('Invoice No'), title, 't')).toEqual([]);
    const text = ruleContext(doc([...phrase('lnvoice N0:', 50, 100), word('INV-77', 200, 100)]));
    expect(runFieldRule(anchor('Invoice No'), text, 't')).toEqual([]);
  });

  it('reads the rest of a word the anchor ends inside', () => {
    const glued = ruleContext(doc([word('Ref:ABC-9', 50, 100)]));
    expect(runFieldRule(anchor('Ref'), glued, 't').map((c) => c.text)).toEqual(['ABC-9']);
  });
});

describe('zone and static rules', () => {
  it('reads the words inside a box of the chosen page', () => {
    const box = { x0: 0.5, y0: 0.8, x1: 1, y1: 0.86 };
    expect(runFieldRule({ method: 'zone', page: 'first', box }, ctx, 't').map((c) => c.text)).toEqual([
      'Total 1,471.60',
    ]);
    const second = { x0: 0.5, y0: 0.3, x1: 1, y1: 0.4 };
    expect(runFieldRule({ method: 'zone', page: 'last', box: second }, ctx, 't').map((c) => c.text)).toEqual([
      'Total 99.00',
    ]);
    expect(runFieldRule({ method: 'zone', page: 2, box }, ctx, 't')).toEqual([]);
    const header = { x0: 0, y0: 0, x1: 0.5, y1: 0.14 };
    expect(runFieldRule({ method: 'zone', page: 'any', box: header }, ctx, 't').map((c) => c.page)).toEqual([
      1, 2,
    ]);
  });

  it('gives a static value with full confidence and no place', () => {
    expect(runFieldRule({ method: 'static', value: 'ACME' }, ctx, 't')).toEqual([
      { text: 'ACME', page: null, box: null, confidence: 1, order: -1 },
    ]);
  });
});
