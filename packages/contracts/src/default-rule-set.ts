import type { PassKind, RulePass, RuleSet } from './rule-set.ts';

/** Payments (left) against invoices (right): an invoice may precede its payment by up to 60 days. */
export const PAYMENT_WINDOW = { days_before: 60, days_after: 7 } as const;

/**
 * The tolerance pass's allowance (bank charges: KES 500 or 0.5 %, at most a quarter of the invoice) and
 * thresholds. The organization's reconciliation settings start from these same values, so a new
 * organization's runs use exactly the rules measured on the independent test set.
 */
export const TOLERANCE_DEFAULTS = {
  amount_tolerance: { absolute: 50_000, percent: 0.5, max_percent: 25 },
  auto_accept: 0.85,
  suggest: 0.6,
  ambiguity_gap: 0.05,
} as const;

/**
 * reversals → exact (identifier + amount + currency) → tolerance (bank charges: KES 500 or 0.5 %, at most
 * a quarter of the invoice,
 * reference required) → payer (the payer's customer's open invoice of the same amount) → split
 * payments (many:1) → bulk payments (1:many, the payer's invoices too) → fuzzy (suggestions).
 * A new object at each call: callers may change it.
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
        date_window: { ...PAYMENT_WINDOW },
      },
      {
        id: 'tolerance',
        name: 'Reference and amount within tolerance',
        kind: 'scored',
        blocking: ['reference', 'typo'],
        amount_tolerance: { ...TOLERANCE_DEFAULTS.amount_tolerance },
        similarity: { method: 'best', min_reference: 0.7 },
        date_window: { ...PAYMENT_WINDOW },
        auto_accept: TOLERANCE_DEFAULTS.auto_accept,
        suggest: TOLERANCE_DEFAULTS.suggest,
        ambiguity_gap: TOLERANCE_DEFAULTS.ambiguity_gap,
      },
      {
        id: 'payer',
        name: "The payer's open invoice of that amount",
        kind: 'scored',
        blocking: ['payer'],
        amount_tolerance: { absolute: 0 },
        similarity: { method: 'best' },
        date_window: { ...PAYMENT_WINDOW },
        weights: { amount: 0.5, date: 0.05, reference: 0.05, counterparty: 0.4 },
        auto_accept: 0.85,
        suggest: 0.5,
        ambiguity_gap: 0.05,
      },
      {
        id: 'split_payments',
        name: 'Several payments for one invoice',
        kind: 'subset_sum',
        cardinality: 'many:1',
        blocking: ['reference', 'counterparty', 'payer'],
        allowed_remainder: { absolute: 0 },
        max_group_size: 4,
        // The 12 closest in date: a customer's payments of a year would make the search explode.
        max_block: 12,
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
        blocking: ['reference', 'counterparty', 'payer'],
        allowed_remainder: { absolute: 0 },
        max_group_size: 4,
        max_work: 200_000,
        // A customer has a handful of open invoices: the 12 closest in date are searched.
        max_block: 12,
        // A payment settles invoices issued before it, weeks to months back, never after.
        date_window: { days_before: 120, days_after: 0 },
        weights: { amount: 0.5, date: 0.05, reference: 0.1, counterparty: 0.35 },
        auto_accept: 0.8,
        suggest: 0.5,
      },
      {
        id: 'fuzzy',
        name: 'Similar records (suggestions)',
        kind: 'scored',
        blocking: ['reference', 'typo', 'amount', 'counterparty', 'payer'],
        amount_tolerance: { absolute: 100_000, percent: 2, max_percent: 25 },
        similarity: { method: 'best' },
        date_window: { ...PAYMENT_WINDOW },
        auto_accept: 0.92,
        suggest: 0.5,
        ambiguity_gap: 0.08,
      },
    ],
  };
}

/** The default rule set's first pass of a kind: what a new pass of that kind starts from. */
export function defaultPassOf(kind: PassKind): RulePass {
  const pass = defaultRuleSet().passes.find((candidate) => candidate.kind === kind);
  if (!pass) throw new Error(`The default rule set has no ${kind} pass`);
  return pass;
}
