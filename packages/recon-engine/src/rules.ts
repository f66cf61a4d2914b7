/** The default rule set and the validation of a rule set read from JSON (the CLI, the server). */
import { toTolerance } from './amount.ts';
import { MAX_SUBSET_ITEMS } from './subset-sum.ts';
import type { Pass, RuleSet } from './types.ts';

/** Payments (left) against invoices (right): an invoice may precede its payment by up to 60 days. */
const PAYMENT_WINDOW = { days_before: 60, days_after: 7 };

/**
 * reversals → exact (identifier + amount + currency) → tolerance (bank charges: KES 500 or 0.5 %,
 * reference required) → split payments (many:1) → bulk payments (1:many) → fuzzy (suggestions).
 */
export function defaultRuleSet(): RuleSet {
  return {
    id: 'default',
    name: 'Default: payments against invoices',
    passes: [
      {
        id: 'reversals',
        name: 'Reversals cancel out',
        kind: 'reversal',
        sides: ['left', 'right'],
        date_window: { days_before: 30, days_after: 0 },
      },
      {
        id: 'exact',
        name: 'Same reference and amount',
        kind: 'exact',
        keys: ['reference', 'amount', 'currency'],
        date_window: PAYMENT_WINDOW,
      },
      {
        id: 'tolerance',
        name: 'Reference and amount within tolerance',
        kind: 'scored',
        blocking: ['reference', 'typo'],
        amount_tolerance: { absolute: 50_000, percent: 0.5 },
        similarity: { method: 'best', min_reference: 0.7 },
        date_window: PAYMENT_WINDOW,
        auto_accept: 0.85,
        suggest: 0.6,
        ambiguity_gap: 0.05,
      },
      {
        id: 'split_payments',
        name: 'Several payments for one invoice',
        kind: 'subset_sum',
        cardinality: 'many:1',
        blocking: ['reference', 'counterparty'],
        allowed_remainder: { absolute: 0 },
        max_group_size: 5,
        max_work: 200_000,
        date_window: { days_before: 90, days_after: 7 },
        auto_accept: 0.8,
        suggest: 0.5,
      },
      {
        id: 'bulk_payments',
        name: 'One payment for several invoices',
        kind: 'subset_sum',
        cardinality: '1:many',
        blocking: ['reference', 'counterparty'],
        allowed_remainder: { absolute: 0 },
        max_group_size: 5,
        max_work: 200_000,
        date_window: { days_before: 90, days_after: 7 },
        auto_accept: 0.8,
        suggest: 0.5,
      },
      {
        id: 'fuzzy',
        name: 'Similar records (suggestions)',
        kind: 'scored',
        blocking: ['reference', 'typo', 'amount', 'counterparty'],
        amount_tolerance: { absolute: 100_000, percent: 2 },
        similarity: { method: 'best' },
        date_window: PAYMENT_WINDOW,
        auto_accept: 0.92,
        suggest: 0.5,
        ambiguity_gap: 0.08,
      },
    ],
  };
}

function fail(where: string, message: string): never {
  throw new RangeError(`${where}: ${message}`);
}

function checkNumber(where: string, value: unknown, min: number, max: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    fail(where, `must be a number between ${min} and ${max}`);
  }
}

function checkPass(pass: Pass, where: string): void {
  if (typeof pass.id !== 'string' || pass.id === '') fail(where, 'id must be a non-empty string');
  const window = pass.date_window as Pass['date_window'] | undefined;
  if (!window) fail(where, 'date_window is required');
  checkNumber(`${where}.date_window.days_before`, window.days_before, 0, 3650);
  checkNumber(`${where}.date_window.days_after`, window.days_after, 0, 3650);
  switch (pass.kind) {
    case 'exact':
      if (!Array.isArray(pass.keys) || pass.keys.length === 0) fail(where, 'keys must list at least one key');
      for (const key of pass.keys) {
        if (!['reference', 'amount', 'currency', 'counterparty'].includes(key))
          fail(where, `unknown key ${key}`);
      }
      if (!pass.keys.includes('reference') && !pass.keys.includes('amount'))
        fail(where, 'keys need reference or amount');
      return;
    case 'scored':
      try {
        toTolerance(pass.amount_tolerance);
      } catch (error) {
        fail(where, (error as Error).message);
      }
      if (!Array.isArray(pass.blocking) || pass.blocking.length === 0)
        fail(where, 'blocking must list at least one key');
      checkNumber(`${where}.auto_accept`, pass.auto_accept, 0, 1);
      checkNumber(`${where}.suggest`, pass.suggest, 0, pass.auto_accept);
      checkNumber(`${where}.ambiguity_gap`, pass.ambiguity_gap, 0, 1);
      if (!['jaro_winkler', 'token_set', 'best'].includes(pass.similarity?.method)) {
        fail(where, 'similarity.method must be jaro_winkler, token_set or best');
      }
      return;
    case 'subset_sum':
      if ((pass.cardinality as string) === 'many:many') {
        fail(where, 'many:many is not searched automatically; use manual reconciliation');
      }
      if (pass.cardinality !== 'many:1' && pass.cardinality !== '1:many')
        fail(where, 'cardinality must be many:1 or 1:many');
      try {
        toTolerance(pass.allowed_remainder);
      } catch (error) {
        fail(where, (error as Error).message);
      }
      checkNumber(`${where}.max_group_size`, pass.max_group_size, 2, MAX_SUBSET_ITEMS);
      checkNumber(`${where}.max_work`, pass.max_work, 1, 1e9);
      checkNumber(`${where}.suggest`, pass.suggest, 0, pass.auto_accept);
      return;
    case 'reversal':
      if (!Array.isArray(pass.sides) || pass.sides.some((side) => side !== 'left' && side !== 'right')) {
        fail(where, 'sides must list left and/or right');
      }
      return;
    default:
      fail(where, `unknown kind ${(pass as { kind: unknown }).kind}`);
  }
}

/** Checks a rule set (for example parsed from JSON); throws a RangeError naming the pass and field. */
export function validateRuleSet(input: unknown): RuleSet {
  const rules = input as RuleSet;
  if (typeof rules !== 'object' || rules === null || !Array.isArray(rules.passes)) {
    fail('rules', 'must be an object with a passes list');
  }
  const ids = new Set<string>();
  rules.passes.forEach((pass, index) => {
    const where = `passes[${index}]${typeof pass?.id === 'string' ? ` (${pass.id})` : ''}`;
    if (typeof pass !== 'object' || pass === null) fail(where, 'must be an object');
    checkPass(pass, where);
    if (ids.has(pass.id)) fail(where, `duplicate pass id ${pass.id}`);
    ids.add(pass.id);
  });
  return { id: typeof rules.id === 'string' ? rules.id : 'rules', name: rules.name, passes: rules.passes };
}
