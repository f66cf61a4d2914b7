import { describe, expect, it } from 'vitest';
import { familiesMeet, referenceFamilies } from './reference-family.ts';
import { run } from './run.ts';
import { DAY, record, rulesOf, WINDOW } from './test-records.ts';
import type { ScoredPass } from './types.ts';

describe('reference key family', () => {
  it('reads every shape of one invoice number as (prefix, year, number)', () => {
    const invoice = referenceFamilies('INV-2026-000123')[0]!;
    expect(invoice).toEqual({ prefix: 'INV', year: 2026, number: '123' });
    for (const written of ['INV2026000123', 'inv-2026-000123', 'INV 2026/000123', 'INV000123', 'Acc. 123']) {
      const families = referenceFamilies(written);
      expect(
        families.some((family) => familiesMeet(family, invoice)),
        written,
      ).toBe(true);
    }
    expect(referenceFamilies('INV000123')[0]).toEqual({ prefix: 'INV', year: 0, number: '123' });
  });

  it('keeps other prefixes, years, numbers, phones and receipts apart', () => {
    const invoice = referenceFamilies('INV-2026-000123')[0]!;
    for (const written of ['CRN-2026-000123', 'INV-2025-000123', 'INV-2026-000124', 'ACC000123']) {
      expect(
        referenceFamilies(written).some((family) => familiesMeet(family, invoice)),
        written,
      ).toBe(false);
    }
    expect(referenceFamilies('254722123456 2547******123 QGH7XK2P1L')).toEqual([]);
  });

  it('reads long paddings, six-letter words, lone years and labels as the grammar says', () => {
    expect(referenceFamilies('INV0000000000000123')).toEqual([{ prefix: 'INV', year: 0, number: '123' }]);
    expect(referenceFamilies('1234567890 INVOIC123 2026 2026000000')).toEqual([
      { prefix: '', year: 0, number: '2026' },
    ]);
    expect(referenceFamilies('Ref inv 2099/7 ACC 8 inv-2026-5 INV2026005')).toEqual([
      { prefix: 'INV', year: 2099, number: '7' },
      { prefix: '', year: 0, number: '8' },
      { prefix: 'INV', year: 2026, number: '5' },
    ]);
  });
});

describe('reference families in a scored pass', () => {
  const tolerance: ScoredPass = {
    id: 'tolerance',
    kind: 'scored',
    blocking: ['reference'],
    amount_tolerance: { absolute: 10_000 },
    similarity: { method: 'best', min_reference: 0.7 },
    date_window: WINDOW,
    auto_accept: 0.85,
    suggest: 0.5,
    ambiguity_gap: 0.05,
  };

  it('matches a unique invoice for the family automatically', () => {
    const result = run(
      [record('b1', 150_000, 'Acc. INV000123')],
      [record('i1', 150_000, 'INV-2026-000123'), record('i2', 150_000, 'INV-2026-000124')],
      rulesOf(tolerance),
    );
    expect(result.groups).toMatchObject([{ left: ['b1'], right: ['i1'], status: 'reconciled' }]);
  });

  it('joins a bare short number only with an equal amount', () => {
    const right = [record('i1', 150_000, 'INV-2026-000123', { date: DAY - 3 })];
    expect(run([record('b1', 150_000, 'Acc. 123')], right, rulesOf(tolerance)).groups).toMatchObject([
      { left: ['b1'], right: ['i1'] },
    ]);
    expect(run([record('b1', 149_000, 'Acc. 123')], right, rulesOf(tolerance)).groups).toEqual([]);
  });

  it("reads a payment's reference and text as one: a lone prefix at the end of one joins the other's number", () => {
    const right = [record('i1', 150_000, 'INV-2026-000123'), record('i2', 150_000, 'CRN000123')];
    const left = [record('b1', 150_000, 'Paid INV', { text: '2026/000123' })];
    expect(run(left, right, rulesOf(tolerance)).groups).toMatchObject([
      { left: ['b1'], right: ['i1'], status: 'reconciled' },
    ]);
  });
});
