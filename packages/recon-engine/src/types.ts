/**
 * The engine's data model: records on two sides, a rule set of ordered passes, and what a run returns.
 * Amounts are signed integer minor units (bigint) everywhere the caller sees them; dates are whole days
 * since 1970-01-01 (UTC).
 */
import type { RulePass, SCORED_BLOCKING_KEYS, SIMILARITY_METHODS } from '@counterpart/contracts';

export interface EngineRecord {
  /** Unique within its side. */
  id: string;
  /** Signed integer minor units (KES 1,234.50 → 123450n). */
  amount: bigint;
  /** ISO 4217 code; records only match records of the same currency. */
  currency: string;
  /** Days since the epoch (integer). */
  date: number;
  /** Settlement / value date (days since the epoch), used by passes with `date_field: 'value_date'`. */
  value_date?: number;
  /** Reference text: invoice number, receipt number, account reference, narrative. */
  reference: string;
  counterparty?: string;
  /** Free text searched for references too (statement "Details", memo). */
  text?: string;
  fields?: Record<string, string>;
}

export type Side = 'left' | 'right';
export type Cardinality = '1:1' | '1:many' | 'many:1' | 'many:many';
export type MatchStatus = 'reconciled' | 'partial' | 'suggested';

/**
 * The rule set and its passes (exact, scored, subset_sum, reversal) are the contract's
 * (packages/contracts/src/rule-set.ts): one shape for the engine, the server and the rule editor.
 */
export type {
  AmountTolerance,
  DateWindow,
  ExactPass,
  FeatureWeights,
  ReversalPass,
  RuleSet,
  ScoredPass,
  SubsetSumPass,
} from '@counterpart/contracts';
export type Pass = RulePass;
/**
 * reference: a shared reference key; typo: the same amount and an identifier one typo away; amount: an
 * amount within the tolerance; counterparty: a shared counterparty key (phone or name word).
 */
export type BlockingKey = (typeof SCORED_BLOCKING_KEYS)[number];
export type SimilarityMethod = (typeof SIMILARITY_METHODS)[number];

export interface FeatureScore {
  name: 'amount' | 'date' | 'reference' | 'counterparty';
  /** 0..1, 4 decimals. */
  score: number;
  detail: string;
}

export interface MatchGroup {
  left: string[];
  right: string[];
  rule_id: string;
  status: MatchStatus;
  /** 0..1, rounded to 4 decimals. */
  score: number;
  features: FeatureScore[];
  /** Left total − right total, minor units. */
  difference: bigint;
  /**
   * For a suggestion, why it is not automatic: the threshold it missed, or the rival candidate and its
   * score ("D4513 scores 0.91, within the ambiguity gap 0.05").
   */
  reason?: string;
  /** The same as data, for a caller that words it itself (the server names the rival's reference). */
  why?: SuggestionWhy;
}

/** Why a suggestion is not automatic: its score missed the threshold, a rival fits nearly as well, or another subset totals the same. */
export type SuggestionWhy = (
  | { kind: 'threshold'; score: number; auto_accept: number }
  | { kind: 'rival'; id: string; side: Side; score: number; gap: number }
  | { kind: 'other_subset'; size: number }
) & {
  /**
   * The left record's reference names another right record exactly (`id`, by the identifier `key`):
   * the suggestion contradicts an explicit reference.
   */
  names?: { id: string; key: string };
};

export interface PassStats {
  pass_id: string;
  kind: Pass['kind'];
  /** Candidate pairs (or subsets) examined. */
  comparisons: number;
  groups: number;
  auto: number;
  suggested: number;
  /** Subset-sum anchors whose search hit `max_work` and stopped. */
  capped: number;
  ms: number;
}

export interface RunResult {
  /** In pass order, then in the order the pass made them. */
  groups: MatchGroup[];
  left_open: string[];
  right_open: string[];
  stats: PassStats[];
}

export interface RunOptions {
  /**
   * Groups already made (earlier runs, manual matches). Input records in them still count for the
   * statistics (token frequencies, block sizes) but are never matched again, so a run over all records
   * with the previous run's groups finds nothing new (idempotent). The engine never saves anything:
   * a dry run is a run whose result the caller does not store.
   */
  existingGroups?: MatchGroup[];
  /**
   * Pairs a person rejected (a suggestion turned down): never proposed again, by any pass. Ids that are
   * not in the input are ignored.
   */
  rejectedPairs?: Array<{ left: string; right: string }>;
  onPass?: (passIndex: number, passCount: number, passId: string) => void;
  /**
   * Whether preparation normalises part of the records on a worker thread (Node only): `auto` (the
   * default) from 150,000 records (both sides together) up, `never`, or `always` (tests). Same result.
   */
  parallel?: 'auto' | 'never' | 'always';
}
