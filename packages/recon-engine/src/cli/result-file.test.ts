import { describe, expect, it } from 'vitest';
import { defaultRuleSet } from '../rules.ts';
import type { EngineRecord, MatchGroup, RunResult } from '../types.ts';
import { formatUnits, indexSides, summaryLines, whyNotAutomatic, writeResult } from './result-file.ts';

const record = (id: string, amount: bigint, reference = '', currency = 'KES'): EngineRecord => ({
  id,
  amount,
  currency,
  date: 20_000,
  reference,
});

describe('the result a reviewer reads', () => {
  it('writes amounts in currency units with the currency own digits', () => {
    expect(formatUnits(1_250_000n, 'KES')).toBe('12,500.00');
    expect(formatUnits(-123_456_789n, 'KES')).toBe('-1,234,567.89');
    expect(formatUnits(5n, 'KES')).toBe('0.05');
    expect(formatUnits(1_500n, 'JPY')).toBe('1,500');
    expect(formatUnits(1_234_567n, 'BHD')).toBe('1,234.567');
  });

  it('says why a suggestion was not automatic: below auto-accept, or a rival within the gap', () => {
    const rules = defaultRuleSet();
    const scored = rules.passes.find((pass) => pass.kind === 'scored')!;
    if (scored.kind !== 'scored') throw new Error('the default rules have a scored pass');
    const group: MatchGroup = {
      left: ['b1'],
      right: ['i1'],
      rule_id: scored.id,
      status: 'suggested',
      score: 0.5,
      features: [],
      difference: 0n,
    };
    expect(whyNotAutomatic(group, rules)).toBe(
      `score 0.5 is below the pass's auto-accept ${scored.auto_accept}`,
    );
    expect(whyNotAutomatic({ ...group, score: 1 }, rules)).toBe(
      `another candidate scores within ${scored.ambiguity_gap} of it (ambiguity gap)`,
    );
    expect(whyNotAutomatic({ ...group, status: 'reconciled' }, rules)).toBe('');
    const reason = 'D4513 scores 0.91, within the ambiguity gap 0.05';
    expect(whyNotAutomatic({ ...group, reason }, rules)).toBe(reason);
  });

  it('writes one row per group with both sides, the feature scores and the difference, then open records', () => {
    const left = [record('b1', 1_000_000n, 'Acc. INV-1'), record('b2', 5_000n)];
    const right = [record('i1', 600_000n, 'INV-1'), record('i2', 399_000n, 'INV-2')];
    const result: RunResult = {
      groups: [
        {
          left: ['b1'],
          right: ['i1', 'i2'],
          rule_id: 'split',
          status: 'partial',
          score: 0.9,
          features: [
            { name: 'amount', score: 0.99, detail: 'amount 10.00 apart' },
            { name: 'reference', score: 1, detail: 'reference INV1 in both' },
          ],
          difference: 1_000n,
        },
      ],
      left_open: ['b2'],
      right_open: [],
      stats: [],
    };
    const lines: string[] = [];
    writeResult(result, indexSides(left, right), defaultRuleSet(), (line) => lines.push(line));
    expect(lines[1]).toBe(
      '1,partial,split,0.9,KES,b1,Acc. INV-1,"10,000.00",i1 | i2,INV-1 | INV-2,"9,990.00",10.00,0.99,,1,,amount 10.00 apart; reference INV1 in both,\n',
    );
    expect(lines[2]).toBe(',unreconciled,,,KES,b2,,50.00,,,,,,,,,,\n');
    expect(summaryLines(result, indexSides(left, right))).toEqual([
      'partial      1 groups: left 1 records KES 10,000.00, right 2 records KES 9,990.00',
      'unreconciled left 1 records KES 50.00, right 0 records 0',
    ]);
  });
});
