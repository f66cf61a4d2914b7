/** Small record builders for the engine's tests. */
import type { EngineRecord, Pass, RuleSet } from './types.ts';

export const DAY = 20_454; // 2026-01-01

export function record(
  id: string,
  amount: number | bigint,
  reference: string,
  extra: Partial<EngineRecord> = {},
): EngineRecord {
  return { id, amount: BigInt(amount), currency: 'KES', date: DAY, reference, ...extra };
}

export function rulesOf(...passes: Pass[]): RuleSet {
  return { id: 'test', passes };
}

export const WINDOW = { days_before: 30, days_after: 5 };
