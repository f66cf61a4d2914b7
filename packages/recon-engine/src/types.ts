/**
 * The engine's data model: records on two sides, a rule set of ordered passes, and what a run returns.
 * Amounts are signed integer minor units (bigint) everywhere the caller sees them; dates are whole days
 * since 1970-01-01 (UTC).
 */

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
 * reference: a shared reference key; typo: the same amount and an identifier one typo away; amount: an
 * amount within the tolerance; counterparty: a shared counterparty key (phone or name word).
 */
export type BlockingKey = 'reference' | 'typo' | 'amount' | 'counterparty';
export type SimilarityMethod = 'jaro_winkler' | 'token_set' | 'best';

/** Allowed amount difference: the larger of `absolute` (minor units) and `percent` of the expected amount. */
export interface AmountTolerance {
  /** Integer minor units, ≥ 0. */
  absolute?: number;
  /** Percent of the expected side's total (the right side for 1:1 and many:1, the left for 1:many), ≥ 0. */
  percent?: number;
}

/**
 * Dates compared relative to the left record: the right record may be dated up to `days_before` days
 * before it and up to `days_after` days after it (inclusive).
 */
export interface DateWindow {
  days_before: number;
  days_after: number;
}

export interface FeatureWeights {
  amount: number;
  date: number;
  reference: number;
  counterparty: number;
}

interface PassBase {
  id: string;
  /** Human-readable name shown with the groups this pass makes. */
  name?: string;
  date_window: DateWindow;
  date_field?: 'date' | 'value_date';
}

/** Equal keys after normalisation, as a hash join. 1:1; ties go to the earliest date, then the lowest id. */
export interface ExactPass extends PassBase {
  kind: 'exact';
  /** 'reference' = a shared identifier token (one with a digit); 'amount' and 'currency' = equal. */
  keys: Array<'reference' | 'amount' | 'currency' | 'counterparty'>;
}

/** Candidate blocking, weighted feature scores, conflict resolution, thresholds. 1:1. */
export interface ScoredPass extends PassBase {
  kind: 'scored';
  blocking: BlockingKey[];
  amount_tolerance: AmountTolerance;
  similarity: { method: SimilarityMethod; min_reference?: number };
  weights?: Partial<FeatureWeights>;
  /** Blocks (a key's records, an amount range) larger than this are skipped as uninformative. */
  max_block?: number;
  auto_accept: number;
  suggest: number;
  /** δ: when the best and the second-best candidate score within δ, the match is only suggested. */
  ambiguity_gap: number;
}

/** Several records of one side summing to one record of the other, found in leftovers by subset-sum. */
export interface SubsetSumPass extends PassBase {
  kind: 'subset_sum';
  cardinality: '1:many' | 'many:1';
  blocking: Array<'reference' | 'typo' | 'counterparty'>;
  /** A group whose difference is within this is `partial` (0 → `reconciled`). */
  allowed_remainder: AmountTolerance;
  /** Most records on the "many" side of a group. */
  max_group_size: number;
  /** Most records searched per anchor (closest dates kept). */
  max_block?: number;
  /** Subsets enumerated plus pairs compared per anchor before the search gives up. */
  max_work: number;
  weights?: Partial<FeatureWeights>;
  auto_accept: number;
  suggest: number;
}

/** A record and its exact negation on the same side (a reversal) cancel each other out. */
export interface ReversalPass extends PassBase {
  kind: 'reversal';
  sides: Side[];
}

export type Pass = ExactPass | ScoredPass | SubsetSumPass | ReversalPass;

export interface RuleSet {
  id: string;
  name?: string;
  passes: Pass[];
}

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
}

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
  onPass?: (passIndex: number, passCount: number, passId: string) => void;
  /**
   * Whether preparation normalises part of the records on a worker thread (Node only): `auto` (the
   * default) from 150,000 records (both sides together) up, `never`, or `always` (tests). Same result.
   */
  parallel?: 'auto' | 'never' | 'always';
}
