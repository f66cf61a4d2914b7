import { describe, expect, it } from 'vitest';
import { defaultRuleSet } from './rules.ts';
import { run } from './run.ts';
import { DAY, record, rulesOf, WINDOW } from './test-records.ts';
import type { EngineRecord, ScoredPass, SubsetSumPass } from './types.ts';

const payerPass: ScoredPass = {
  id: 'payer',
  kind: 'scored',
  blocking: ['payer'],
  amount_tolerance: { absolute: 0 },
  similarity: { method: 'best' },
  date_window: WINDOW,
  weights: { amount: 0.5, date: 0.05, reference: 0.05, counterparty: 0.4 },
  auto_accept: 0.85,
  suggest: 0.5,
  ambiguity_gap: 0.05,
};

function invoice(id: string, amount: number, customer: string, day: number, phone = ''): EngineRecord {
  return record(id, amount, id, { counterparty: customer, date: day, text: phone ? `tel ${phone}` : '' });
}

function mpesa(id: string, amount: number, details: string, day = DAY): EngineRecord {
  return record(id, amount, id, { text: details, date: day });
}

describe('payer identity', () => {
  it("matches a masked phone to the customer's full phone and takes its open invoice of that amount", () => {
    const result = run(
      [mpesa('QAB1234567', 250_000, 'Pay Bill Online from 2547******456 - JANE WANJIRU Acc. ')],
      [
        invoice('D1', 250_000, 'MWANGI HARDWARE LTD', DAY - 10, '254722123456'),
        invoice('D2', 250_000, 'OTIENO SUPPLIES', DAY - 10, '254733999111'),
        invoice('D3', 90_000, 'MWANGI HARDWARE LTD', DAY - 5, '254722123456'),
      ],
      rulesOf(payerPass),
    );
    expect(result.groups).toHaveLength(1);
    expect(result.groups[0]).toMatchObject({ left: ['QAB1234567'], right: ['D1'], status: 'reconciled' });
    expect(result.groups[0]!.features.find((f) => f.name === 'counterparty')?.detail).toBe(
      "the payer's phone meets MWANGI HARDWARE LTD's 254722123456",
    );
  });

  it('only suggests when the customer has two open invoices of that amount', () => {
    const result = run(
      [mpesa('QAB1234567', 250_000, 'Pay Bill Online from 0722123456 - JANE WANJIRU Acc. PAYMENT')],
      [
        invoice('D1', 250_000, 'MWANGI HARDWARE LTD', DAY - 10, '254722123456'),
        invoice('D2', 250_000, 'MWANGI HARDWARE LTD', DAY - 9, '254722123456'),
      ],
      rulesOf(payerPass),
    );
    expect(result.groups.map((group) => group.status)).toEqual(['suggested']);
  });

  it('learns payer → customer from reconciled existing groups, never from suggested ones', () => {
    // The relative's phone is on no invoice: only an earlier decision links it to the customer.
    const earlier = mpesa(
      'QAA0000001',
      100_000,
      'Pay Bill Online from 2541******789 - PETER KAMAU Acc. x',
      DAY - 20,
    );
    const left = [
      earlier,
      mpesa('QAB1234567', 250_000, 'Pay Bill Online from 2541******789 - Peter Kamau Acc. '),
    ];
    const right = [
      invoice('D0', 100_000, 'KAMAU TRADERS', DAY - 30),
      invoice('D1', 250_000, 'KAMAU TRADERS', DAY - 3),
    ];
    const confirmed = {
      left: ['QAA0000001'],
      right: ['D0'],
      rule_id: 'manual',
      score: 1,
      features: [],
      difference: 0n,
    };
    const learned = run(left, right, rulesOf(payerPass), {
      existingGroups: [{ ...confirmed, status: 'reconciled' }],
    });
    expect(learned.groups).toMatchObject([{ left: ['QAB1234567'], right: ['D1'], status: 'reconciled' }]);
    expect(learned.groups[0]!.features.find((f) => f.name === 'counterparty')?.detail).toBe(
      'this payer paid KAMAU TRADERS once before',
    );
    const notLearned = run(left, right, rulesOf(payerPass), {
      existingGroups: [{ ...confirmed, status: 'suggested' }],
    });
    expect(notLearned.groups).toEqual([]);
  });

  it("settles several of the payer's earlier invoices with one payment, exact total, fewest, oldest first", () => {
    const bulk: SubsetSumPass = {
      id: 'bulk',
      kind: 'subset_sum',
      cardinality: '1:many',
      blocking: ['payer'],
      allowed_remainder: { absolute: 0 },
      max_group_size: 4,
      max_work: 10_000,
      date_window: { days_before: 120, days_after: 0 },
      weights: { amount: 0.5, date: 0.05, reference: 0.1, counterparty: 0.35 },
      auto_accept: 0.8,
      suggest: 0.5,
    };
    const phone = '254722123456';
    const result = run(
      [mpesa('QAB1234567', 300_000, 'Pay Bill Online from 2547******456 - JANE WANJIRU Acc. ')],
      [
        invoice('D1', 100_000, 'MWANGI HARDWARE', DAY - 60, phone),
        invoice('D2', 200_000, 'MWANGI HARDWARE', DAY - 40, phone),
        invoice('D3', 50_000, 'MWANGI HARDWARE', DAY - 30, phone),
        invoice('D4', 150_000, 'MWANGI HARDWARE', DAY - 20, phone),
        // After the payment: never part of it.
        invoice('D5', 300_000, 'MWANGI HARDWARE', DAY + 2, phone),
      ],
      rulesOf(bulk),
    );
    expect(result.groups).toMatchObject([
      { left: ['QAB1234567'], right: ['D1', 'D2'], status: 'reconciled' },
    ]);
  });

  it("gathers an invoice's split payments from its customer's payers (many:1)", () => {
    const split: SubsetSumPass = {
      id: 'split',
      kind: 'subset_sum',
      cardinality: 'many:1',
      blocking: ['payer'],
      allowed_remainder: { absolute: 0 },
      max_group_size: 4,
      max_work: 10_000,
      date_window: { days_before: 90, days_after: 7 },
      weights: { amount: 0.5, date: 0.05, reference: 0.1, counterparty: 0.35 },
      auto_accept: 0.8,
      suggest: 0.5,
    };
    const result = run(
      [
        mpesa('QAB1234561', 40_000, 'Pay Bill Online from 2547******456 - JANE WANJIRU Acc. part', DAY + 1),
        mpesa('QAB1234562', 60_000, 'Pay Bill Online from 0722123456 - J WANJIRU Acc. rest', DAY + 9),
        // Another payer's payment of the same amount: not the customer's.
        mpesa('QAB1234563', 60_000, 'Pay Bill Online from 2547******999 - PETER OTIENO Acc. rest', DAY + 9),
      ],
      [invoice('D1', 100_000, 'MWANGI HARDWARE', DAY, '254722123456')],
      rulesOf(split),
    );
    expect(result.groups).toMatchObject([
      { left: ['QAB1234561', 'QAB1234562'], right: ['D1'], status: 'reconciled' },
    ]);
  });

  it('is in the default rule set', () => {
    const rules = defaultRuleSet();
    expect(rules.passes.find((pass) => pass.id === 'payer')).toBeDefined();
  });
});

describe('decisions a run respects', () => {
  it('never proposes a rejected pair again, and says why a suggestion is not automatic', () => {
    const left = [
      mpesa('QAB1234567', 250_000, 'Pay Bill Online from 0722123456 - JANE WANJIRU Acc. PAYMENT'),
    ];
    const right = [
      invoice('D1', 250_000, 'MWANGI HARDWARE LTD', DAY - 10, '254722123456'),
      invoice('D2', 250_000, 'MWANGI HARDWARE LTD', DAY - 9, '254722123456'),
    ];
    const first = run(left, right, rulesOf(payerPass));
    expect(first.groups).toMatchObject([{ status: 'suggested', right: ['D2'] }]);
    expect(first.groups[0]!.reason).toBe('D1 (right) scores 0.9839, within the ambiguity gap 0.05');
    expect(first.groups[0]!.why).toEqual({
      kind: 'rival',
      id: 'D1',
      side: 'right',
      score: 0.9839,
      gap: 0.05,
    });
    const second = run(left, right, rulesOf(payerPass), {
      rejectedPairs: [{ left: 'QAB1234567', right: 'D2' }],
    });
    expect(second.groups).toMatchObject([{ right: ['D1'], status: 'reconciled' }]);
    expect(second.groups[0]!.reason).toBeUndefined();
    expect(second.groups[0]!.why).toBeUndefined();
  });
});
