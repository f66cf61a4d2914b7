/**
 * Scored 1:1 pass (tolerance and fuzzy passes). For each open left record, candidates come from blocks —
 * shared reference keys, an amount range around it (tolerance), shared counterparty keys — whose size
 * over all records is at most `max_block` (larger blocks are skipped: uninformative and quadratic).
 * Each candidate inside the amount tolerance and date window is scored; edges at or above the suggestion
 * threshold (best few per left) go to conflict resolution; each chosen pair is accepted automatically
 * when it reaches `auto_accept` and beats every competing edge of either record by at least δ,
 * otherwise it is suggested.
 */
import { toTolerance } from './amount.ts';
import { type Edges, resolveConflicts } from './assignment.ts';
import { collectCandidates, startBlocking } from './blocking.ts';
import { closePair } from './groups.ts';
import { payerIndexOf } from './payer-index.ts';
import { dateOf, isRejected, type Prepared } from './prepare.ts';
import {
  amountScore,
  dateScore,
  explainPair,
  namedElsewhere,
  type PairFeatures,
  type ScoreContext,
  scoreWithin,
  withDefaultWeights,
} from './scoring.ts';
import { float64Array, int32Array } from './typed-memory.ts';
import type { MatchGroup, ScoredPass, SuggestionWhy } from './types.ts';

/** Edges kept per left record (the best ones), enough for conflicts and the ambiguity gap. */
const EDGES_PER_LEFT = 8;

/** Top two scores per node and the partner of the best, for the ambiguity gap. */
class BestTwo {
  readonly first: Float64Array;
  readonly second: Float64Array;
  readonly partner: Int32Array;
  readonly secondPartner: Int32Array;
  constructor(size: number) {
    this.first = float64Array(size).fill(-1);
    this.second = float64Array(size).fill(-1);
    this.partner = int32Array(size).fill(-1);
    this.secondPartner = int32Array(size).fill(-1);
  }
  add(node: number, score: number, partner: number) {
    if (score > this.first[node]!) {
      this.second[node] = this.first[node]!;
      this.secondPartner[node] = this.partner[node]!;
      this.first[node] = score;
      this.partner[node] = partner;
    } else if (score > this.second[node]!) {
      this.second[node] = score;
      this.secondPartner[node] = partner;
    }
  }
  /** Best score of the node's other edges. */
  other(node: number, partner: number): number {
    return this.partner[node] === partner ? this.second[node]! : this.first[node]!;
  }
  /** The partner of the node's best other edge (-1 when none). */
  otherPartner(node: number, partner: number): number {
    return this.partner[node] === partner ? this.secondPartner[node]! : this.partner[node]!;
  }
}

export function runScoredPass(
  prepared: Prepared,
  pass: ScoredPass,
): { groups: MatchGroup[]; comparisons: number } {
  const { left, right } = prepared;
  const minReference = pass.similarity.min_reference ?? 0;
  const context: ScoreContext = {
    prepared,
    weights: withDefaultWeights(pass.weights),
    tolerance: toTolerance(pass.amount_tolerance),
    window: pass.date_window,
    dateField: pass.date_field,
    method: pass.similarity.method,
    minReference,
  };
  const rejected = prepared.rejected !== undefined;
  const candidates = startBlocking(prepared, pass);
  if (pass.blocking.includes('payer')) {
    context.payers = payerIndexOf(prepared);
    candidates.payers = context.payers;
  }
  const edges: Edges = { left: [], right: [], score: [] };
  // Each edge's features (amount, date, reference, counterparty or NaN), 4 numbers an edge: the chosen
  // pairs' breakdowns are read from here instead of scoring them again.
  const edgeFeatures: number[] = [];
  let comparisons = 0;
  // A left record's best edges, kept sorted by (score desc, right index asc), and their features.
  const bestR = new Int32Array(EDGES_PER_LEFT);
  const bestScore = new Float64Array(EDGES_PER_LEFT);
  const bestFeatures = new Float64Array(4 * EDGES_PER_LEFT);
  const features: PairFeatures = { amount: 0, date: 0, reference: 0, counterparty: null, score: 0 };
  const found = candidates.found;
  // Each right record's amount, date and currency (-1 once matched) side by side: a candidate is one
  // read instead of four arrays' (most candidates fail the amount or date limits). Nothing is matched
  // while the edges are collected, so it stays true until then.
  const facts = float64Array(3 * right.records.length);
  for (let r = 0; r < right.records.length; r++) {
    facts[3 * r] = right.amount[r]!;
    facts[3 * r + 1] = dateOf(right, r, context.dateField);
    facts[3 * r + 2] = right.open[r] ? right.currency[r]! : -1;
  }
  for (let l = 0; l < left.records.length; l++) {
    if (!left.open[l]) continue;
    collectCandidates(prepared, pass, context.tolerance, l, candidates);
    let kept = 0;
    const list = found.list;
    const leftAmount = left.amount[l]!;
    const leftDate = dateOf(left, l, context.dateField);
    const leftCurrency = left.currency[l]!;
    for (let c = 0; c < found.size; c++) {
      const r = list[c]!;
      const fact = 3 * r;
      // Open and of the same currency.
      if (facts[fact + 2] !== leftCurrency) continue;
      if (rejected && isRejected(prepared, l, r)) continue;
      comparisons++;
      // `scorePairInto`: the amount and date limits first.
      const amount = amountScore(context.tolerance, leftAmount, facts[fact]!);
      if (amount < 0) continue;
      const date = dateScore(context.window, facts[fact + 1]! - leftDate);
      if (date < 0) continue;
      scoreWithin(context, l, r, amount, date, features);
      const score = features.score;
      if (score < pass.suggest || features.reference < minReference) continue;
      // Insertion into the top EDGES_PER_LEFT (same order as sorting all and taking the first ones).
      let at = kept;
      while (at > 0 && (bestScore[at - 1]! < score || (bestScore[at - 1] === score && bestR[at - 1]! > r)))
        at--;
      if (at >= EDGES_PER_LEFT) continue;
      if (kept < EDGES_PER_LEFT) kept++;
      for (let e = kept - 1; e > at; e--) {
        bestR[e] = bestR[e - 1]!;
        bestScore[e] = bestScore[e - 1]!;
        bestFeatures.copyWithin(4 * e, 4 * (e - 1), 4 * e);
      }
      bestR[at] = r;
      bestScore[at] = score;
      bestFeatures[4 * at] = features.amount;
      bestFeatures[4 * at + 1] = features.date;
      bestFeatures[4 * at + 2] = features.reference;
      bestFeatures[4 * at + 3] = features.counterparty ?? Number.NaN;
    }
    for (let e = 0; e < kept; e++) {
      edges.left.push(l);
      edges.right.push(bestR[e]!);
      edges.score.push(bestScore[e]!);
      for (let f = 4 * e; f < 4 * e + 4; f++) edgeFeatures.push(bestFeatures[f]!);
    }
  }
  const bestLeft = new BestTwo(left.records.length);
  const bestRight = new BestTwo(right.records.length);
  for (let edge = 0; edge < edges.left.length; edge++) {
    bestLeft.add(edges.left[edge]!, edges.score[edge]!, edges.right[edge]!);
    bestRight.add(edges.right[edge]!, edges.score[edge]!, edges.left[edge]!);
  }
  const groups: MatchGroup[] = [];
  for (const edge of resolveConflicts(edges, left.records.length, right.records.length)) {
    const l = edges.left[edge]!;
    const r = edges.right[edge]!;
    const score = edges.score[edge]!;
    const rival = Math.max(bestLeft.other(l, r), bestRight.other(r, l));
    const automatic = score >= pass.auto_accept && score - rival >= pass.ambiguity_gap - 1e-9;
    let reason: string | undefined;
    let why: SuggestionWhy | undefined;
    if (!automatic) {
      if (score < pass.auto_accept) {
        reason = `score ${score} is below auto-accept ${pass.auto_accept}`;
        why = { kind: 'threshold', score, auto_accept: pass.auto_accept };
      } else {
        // The rival: another right record for this left one, or another left record for this right one.
        const viaLeft = bestLeft.other(l, r) >= bestRight.other(r, l);
        const other = viaLeft ? bestLeft.otherPartner(l, r) : bestRight.otherPartner(r, l);
        const id = other < 0 ? '?' : (viaLeft ? right : left).records[other]!.id;
        const side = viaLeft ? 'right' : 'left';
        reason = `${id} (${side}) scores ${rival}, within the ambiguity gap ${pass.ambiguity_gap}`;
        why = { kind: 'rival', id, side, score: rival, gap: pass.ambiguity_gap };
      }
      // The payment's reference names another invoice exactly: say so (the group stays as it is).
      const named = namedElsewhere(prepared, l, r);
      if (named && why) {
        const namedId = right.records[named.right]!.id;
        reason = `${reason}; reference names ${named.key} (${namedId}), ${right.records[r]!.id} was chosen`;
        why = { ...why, names: { id: namedId, key: named.key } };
      }
    }
    const party = edgeFeatures[4 * edge + 3]!;
    const features: PairFeatures = {
      amount: edgeFeatures[4 * edge]!,
      date: edgeFeatures[4 * edge + 1]!,
      reference: edgeFeatures[4 * edge + 2]!,
      counterparty: Number.isNaN(party) ? null : party,
      score,
    };
    groups.push(
      closePair(left, right, l, r, {
        rule_id: pass.id,
        status: automatic ? 'accepted' : 'suggested',
        score,
        features: explainPair(context, l, r, features),
        reason,
        why,
      }),
    );
  }
  return { groups, comparisons };
}
