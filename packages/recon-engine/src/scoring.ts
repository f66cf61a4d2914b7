/**
 * Pair scoring: weighted features (amount closeness, date distance, reference similarity, counterparty
 * similarity) with a per-feature breakdown. `scorePair` is the hot path (numbers only); `explain` builds
 * the readable breakdown for the pairs that become groups.
 */
import { DEFAULT_WEIGHTS } from '@counterpart/contracts';
import { differenceWords } from '@counterpart/domain';
import { allowedDifference, type Tolerance } from './amount.ts';
import type { PayerIndex } from './payer-index.ts';
import { dateOf, idChunks, type Prepared } from './prepare.ts';
import { familyScore } from './reference-family.ts';
import { bestJaroWinkler, tokenSetRatioIds, withinOneEdit } from './similarity.ts';
import { int8Array } from './typed-memory.ts';
import type { DateWindow, FeatureScore, FeatureWeights, SimilarityMethod } from './types.ts';

/** The weights a pass names none of: the rule set's contract holds them (rule-set.ts). */
export { DEFAULT_WEIGHTS };

/** Jaro-Winkler below this counts as no similarity; above it the score rises linearly to 0.95 at equality. */
const JARO_WINKLER_FLOOR = 0.8;
/**
 * Identifiers more than one typo apart score at most this: sequential invoice numbers
 * (INV2026004018 / INV2026004051) share long prefixes, so Jaro-Winkler alone rates them ~0.9.
 */
const DISTANT_IDENTIFIER_CAP = 0.5;

export interface ScoreContext {
  prepared: Prepared;
  weights: FeatureWeights;
  tolerance: Tolerance;
  window: DateWindow;
  dateField: 'date' | 'value_date' | null | undefined;
  method: SimilarityMethod;
  /** Set when the pass blocks on `payer`: the payer's link to the customer counts as counterparty. */
  payers?: PayerIndex;
  /**
   * The pass's `min_reference` (0 when none): a pair whose reference stays below it is dropped, so
   * `scorePairInto` may leave identifiers uncompared when that cannot lift the reference to it.
   */
  minReference?: number;
}

export interface PairFeatures {
  amount: number;
  date: number;
  reference: number;
  /** null when either side has no counterparty (the feature is left out and the others reweighted). */
  counterparty: number | null;
  score: number;
}

export function roundScore(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

export function withDefaultWeights(weights: Partial<FeatureWeights> | null | undefined): FeatureWeights {
  return { ...DEFAULT_WEIGHTS, ...weights };
}

/** Amount closeness: 1 when equal, 0.9 for the smallest difference falling to 0.5 at the tolerance limit; -1 outside. */
export function amountScore(tolerance: Tolerance, actual: number, expected: number): number {
  const difference = Math.abs(actual - expected);
  if (difference === 0) return 1;
  const allowed = allowedDifference(tolerance, expected);
  if (difference > allowed) return -1;
  return 0.9 - (0.4 * difference) / allowed;
}

/** Date closeness for right − left = `days`: 1 on the same day, -1 outside the window. */
export function dateScore(window: DateWindow, days: number): number {
  if (days < -window.days_before || days > window.days_after) return -1;
  return 1 - Math.abs(days) / (Math.max(window.days_before, window.days_after) + 1);
}

/** The most `jaroWinklerScore` (and so `identifierScore`) gives: equal identifiers. */
const MAX_IDENTIFIER_SCORE = 0.95;

function jaroWinklerScore(similarity: number): number {
  return similarity <= JARO_WINKLER_FLOOR
    ? 0
    : ((similarity - JARO_WINKLER_FLOOR) / (1 - JARO_WINKLER_FLOOR)) * MAX_IDENTIFIER_SCORE;
}

/** Whether the two records share a strong identifier key (a whole reference chunk). */
export function sharesStrongKey(prepared: Prepared, left: number, right: number): boolean {
  const { left: l, right: r } = prepared;
  const leftStart = l.refStart[left]!;
  const rightStart = r.refStart[right]!;
  const leftStrong = l.strongCount[left]!;
  const rightStrong = r.strongCount[right]!;
  for (let i = 0; i < leftStrong; i++) {
    const id = l.refIds[leftStart + i]!;
    let shared = false;
    for (let j = 0; j < rightStrong && !shared; j++) shared = r.refIds[rightStart + j] === id;
    if (shared && prepared.isIdentifier(id)) return true;
  }
  return false;
}

const pointsElsewhereCache = new WeakMap<Prepared, Int8Array>();
const NAMING_MAX_RECORDS = 3;

/**
 * Whether a left record's reference names a right record exactly (a strong identifier of some right
 * record, matched or not). Then a different right record only similar to it is not the one meant.
 */
export function namesARightRecord(prepared: Prepared, left: number): boolean {
  let cache = pointsElsewhereCache.get(prepared);
  if (!cache) {
    cache = int8Array(prepared.left.records.length).fill(-1);
    pointsElsewhereCache.set(prepared, cache);
  }
  if (cache[left] === -1) {
    let names = false;
    for (let i = 0; i < prepared.left.strongCount[left]! && !names; i++) {
      const id = prepared.left.refIds[prepared.left.refStart[left]! + i]!;
      if (!prepared.isIdentifier(id)) continue;
      // A key many records carry (a year, a customer account) names no single record.
      const count = prepared.right.strongIndex.countById(id);
      if (count > 0 && count <= NAMING_MAX_RECORDS) names = true;
    }
    cache[left] = names ? 1 : 0;
  }
  return cache[left] === 1;
}

/**
 * When a left record's reference names right records exactly (`namesARightRecord`) and `right` is none
 * of them: the identifier named and the first right record carrying it. What a suggestion that
 * contradicts an explicit reference says ("reference names 10167, 10103 was chosen"); null otherwise.
 * Only words a group: it never changes a score.
 */
export function namedElsewhere(
  prepared: Prepared,
  left: number,
  right: number,
): { key: string; right: number } | null {
  if (!namesARightRecord(prepared, left) || sharesStrongKey(prepared, left, right)) return null;
  const l = prepared.left;
  for (let i = 0; i < l.strongCount[left]!; i++) {
    const id = l.refIds[l.refStart[left]! + i]!;
    if (!prepared.isIdentifier(id)) continue;
    const named = prepared.right.strongIndex.byId(id);
    if (!named || named.length > NAMING_MAX_RECORDS) continue;
    for (const position of named) {
      if (position !== right) return { key: prepared.keys.name(id), right: position };
    }
  }
  return null;
}

/** Reference similarity: 1 for a shared strong identifier, else the best of the weighted token-set ratio
 * and the scaled Jaro-Winkler of identifier chunks (typos). */
export function referenceScore(context: ScoreContext, left: number, right: number): number {
  if (sharesStrongKey(context.prepared, left, right)) return 1;
  return unsharedReferenceScore(context, left, right, true);
}

/**
 * `referenceScore` of a pair sharing no strong identifier; with `compareIdentifiers` false, the
 * token-set part alone (what it is whenever the identifiers' similarity cannot win).
 */
function unsharedReferenceScore(
  context: ScoreContext,
  left: number,
  right: number,
  compareIdentifiers: boolean,
): number {
  const { prepared, method } = context;
  const l = prepared.left;
  const r = prepared.right;
  const set =
    method === 'jaro_winkler'
      ? 0
      : tokenSetRatioIds(
          l.refIds,
          l.refStart[left]!,
          l.refStart[left + 1]!,
          r.refIds,
          r.refStart[right]!,
          r.refStart[right + 1]!,
          prepared.weight,
        );
  let score = set;
  if (compareIdentifiers && set < 0.95 && method !== 'token_set') {
    score = Math.max(
      set,
      identifierScore(
        bestJaroWinkler(idChunks(prepared.left, left), idChunks(prepared.right, right), JARO_WINKLER_FLOOR),
      ),
    );
  }
  return namesARightRecord(prepared, left) ? Math.min(score, DISTANT_IDENTIFIER_CAP) : score;
}

/**
 * The pair's reference feature: `referenceScore`, or the family score (reference-family.ts) when that
 * is higher. The identifiers' Jaro-Winkler (strings made per record, the costly part) is left out where
 * it cannot change the outcome: when the families meet at 0.95 (it never exceeds 0.95), and when the
 * payment names another invoice exactly and the pass's `min_reference` is above the cap that puts on it
 * (then the reference is the family's or the pair is dropped; a dropped pair's value may be understated).
 */
function referenceFeature(context: ScoreContext, left: number, right: number, amountEqual: boolean): number {
  const { prepared } = context;
  if (sharesStrongKey(prepared, left, right)) return 1;
  const family = familyScore(prepared, left, right, amountEqual);
  const compareIdentifiers =
    family < MAX_IDENTIFIER_SCORE &&
    !((context.minReference ?? 0) > DISTANT_IDENTIFIER_CAP && namesARightRecord(prepared, left));
  const reference = unsharedReferenceScore(context, left, right, compareIdentifiers);
  return reference >= 0.95 ? reference : Math.max(reference, family);
}

/** Scaled Jaro-Winkler of the best identifier pair, capped unless the two are within one typo. */
function identifierScore(best: { score: number; left: string; right: string }): number {
  const scaled = jaroWinklerScore(best.score);
  if (scaled <= DISTANT_IDENTIFIER_CAP) return scaled;
  return withinOneEdit(best.left, best.right) ? scaled : DISTANT_IDENTIFIER_CAP;
}

export function counterpartyScore(prepared: Prepared, left: number, right: number): number | null {
  const l = prepared.left;
  const r = prepared.right;
  const leftFrom = l.partyStart[left]!;
  const leftTo = l.partyStart[left + 1]!;
  const rightFrom = r.partyStart[right]!;
  const rightTo = r.partyStart[right + 1]!;
  if (leftFrom === leftTo || rightFrom === rightTo) return null;
  return tokenSetRatioIds(l.partyIds, leftFrom, leftTo, r.partyIds, rightFrom, rightTo, prepared.weight);
}

/** Weighted mean of the features present. */
export function combine(weights: FeatureWeights, features: Omit<PairFeatures, 'score'>): number {
  let total = weights.amount * features.amount + weights.date * features.date;
  total += weights.reference * features.reference;
  let weightSum = weights.amount + weights.date + weights.reference;
  if (features.counterparty !== null) {
    total += weights.counterparty * features.counterparty;
    weightSum += weights.counterparty;
  }
  return weightSum > 0 ? roundScore(total / weightSum) : 0;
}

/** Scores a left/right pair, or returns null when the amount or the date is outside the pass's limits. */
export function scorePair(context: ScoreContext, left: number, right: number): PairFeatures | null {
  const out: PairFeatures = { amount: 0, date: 0, reference: 0, counterparty: null, score: 0 };
  return scorePairInto(context, left, right, out) ? out : null;
}

/**
 * `scorePair` into a caller's object (reused pair after pair in the scored passes' hot loop: no object
 * per comparison); false when the amount or the date is outside the pass's limits.
 */
export function scorePairInto(
  context: ScoreContext,
  left: number,
  right: number,
  out: PairFeatures,
): boolean {
  const { prepared } = context;
  const amount = amountScore(context.tolerance, prepared.left.amount[left]!, prepared.right.amount[right]!);
  if (amount < 0) return false;
  const days =
    dateOf(prepared.right, right, context.dateField) - dateOf(prepared.left, left, context.dateField);
  const date = dateScore(context.window, days);
  if (date < 0) return false;
  scoreWithin(context, left, right, amount, date, out);
  return true;
}

/**
 * The rest of `scorePairInto` for a pair inside the limits, its amount and date scores given (the scored
 * passes work them out from their own copy of the right side's amounts and dates).
 */
export function scoreWithin(
  context: ScoreContext,
  left: number,
  right: number,
  amount: number,
  date: number,
  out: PairFeatures,
): void {
  const { prepared } = context;
  out.amount = amount;
  out.date = date;
  out.reference = referenceFeature(context, left, right, amount === 1);
  out.counterparty = counterpartyScore(prepared, left, right);
  if (context.payers) {
    const link = context.payers.linkTo(left, right);
    if (link && (out.counterparty === null || link.score > out.counterparty)) out.counterparty = link.score;
  }
  out.score = combine(context.weights, out);
}

/**
 * A feature's detail as a person reads it: groups stored before the engine stopped naming the compared
 * identifiers carry them as normalised keys (`reference 92 % similar (INV2026004152 ~ INV2026004512)`);
 * those keys are left out.
 */
export function readableDetail(detail: string): string {
  return detail.replace(/ \([^()~]* ~ [^()~]*\)$/, '');
}

const daysApartTexts: string[] = [];

/** 'same date' / 'date 1 day apart' / 'date N days apart' (the common ones made once). */
export function daysApart(days: number): string {
  const distance = Math.abs(days);
  if (distance < 400) {
    let text = daysApartTexts[distance];
    if (text === undefined) {
      text = distance === 0 ? 'same date' : `date ${distance} day${distance === 1 ? '' : 's'} apart`;
      daysApartTexts[distance] = text;
    }
    return text;
  }
  return `date ${distance} days apart`;
}

function percent(value: number): string {
  return `${Math.round(value * 100)} %`;
}

/** The readable breakdown of a scored pair. */
export function explainPair(
  context: ScoreContext,
  left: number,
  right: number,
  features: PairFeatures,
): FeatureScore[] {
  const { prepared } = context;
  const difference = prepared.left.amount[left]! - prepared.right.amount[right]!;
  const days =
    dateOf(prepared.right, right, context.dateField) - dateOf(prepared.left, left, context.dateField);
  // The reference is described by its score alone: the identifiers compared are normalised keys
  // (`INV2026004152`), which a person never typed; the group's rows show the references as typed.
  const referenceDetail =
    features.reference === 0 ? 'no reference in common' : `reference ${percent(features.reference)} similar`;
  const result: FeatureScore[] = [
    {
      name: 'amount',
      score: roundScore(features.amount),
      // In the currency, the left side short of or over the right (`amount KES 15.00 short`).
      detail:
        difference === 0
          ? 'amount equal'
          : `amount ${differenceWords(difference, prepared.left.records[left]!.currency.trim().toUpperCase())}`,
    },
    {
      name: 'date',
      score: roundScore(features.date),
      detail: daysApart(days),
    },
    { name: 'reference', score: roundScore(features.reference), detail: referenceDetail },
  ];
  if (features.counterparty !== null) {
    const link = context.payers?.linkTo(left, right);
    result.push({
      name: 'counterparty',
      score: roundScore(features.counterparty),
      detail:
        link && link.score >= features.counterparty
          ? context.payers!.describe(link)
          : `counterparty ${percent(features.counterparty)} similar`,
    });
  }
  return result;
}
