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
import { type Candidates, collectCandidates, typoIndex } from './blocking.ts';
import { closeGroup } from './groups.ts';
import type { Prepared } from './prepare.ts';
import { explainPair, type ScoreContext, scorePair, withDefaultWeights } from './scoring.ts';
import type { MatchGroup, ScoredPass } from './types.ts';

/** Edges kept per left record (the best ones), enough for conflicts and the ambiguity gap. */
const EDGES_PER_LEFT = 8;

/** Top two scores per node and the partner of the best, for the ambiguity gap. */
class BestTwo {
  readonly first: Float64Array;
  readonly second: Float64Array;
  readonly partner: Int32Array;
  constructor(size: number) {
    this.first = new Float64Array(size).fill(-1);
    this.second = new Float64Array(size).fill(-1);
    this.partner = new Int32Array(size).fill(-1);
  }
  add(node: number, score: number, partner: number) {
    if (score > this.first[node]!) {
      this.second[node] = this.first[node]!;
      this.first[node] = score;
      this.partner[node] = partner;
    } else if (score > this.second[node]!) this.second[node] = score;
  }
  /** Best score of the node's other edges. */
  other(node: number, partner: number): number {
    return this.partner[node] === partner ? this.second[node]! : this.first[node]!;
  }
}

export function runScoredPass(
  prepared: Prepared,
  pass: ScoredPass,
): { groups: MatchGroup[]; comparisons: number } {
  const { left, right } = prepared;
  const context: ScoreContext = {
    prepared,
    weights: withDefaultWeights(pass.weights),
    tolerance: toTolerance(pass.amount_tolerance),
    window: pass.date_window,
    dateField: pass.date_field,
    method: pass.similarity.method,
  };
  const minReference = pass.similarity.min_reference ?? 0;
  const candidates: Candidates = { stamp: new Int32Array(right.records.length).fill(-1), list: [] };
  if (pass.blocking.includes('typo')) candidates.typo = typoIndex(right);
  const edges: Edges = { left: [], right: [], score: [] };
  let comparisons = 0;
  const perLeft: Array<{ r: number; score: number }> = [];
  for (let l = 0; l < left.records.length; l++) {
    if (!left.open[l]) continue;
    collectCandidates(prepared, pass, context.tolerance, l, candidates);
    perLeft.length = 0;
    for (const r of candidates.list) {
      if (!right.open[r] || right.currency[r] !== left.currency[l]) continue;
      comparisons++;
      const features = scorePair(context, l, r);
      if (features === null || features.score < pass.suggest || features.reference < minReference) continue;
      perLeft.push({ r, score: features.score });
    }
    perLeft.sort((a, b) => b.score - a.score || a.r - b.r);
    for (const edge of perLeft.slice(0, EDGES_PER_LEFT)) {
      edges.left.push(l);
      edges.right.push(edge.r);
      edges.score.push(edge.score);
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
    const features = scorePair(context, l, r)!;
    groups.push(
      closeGroup(left, right, [l], [r], {
        rule_id: pass.id,
        status: automatic ? 'accepted' : 'suggested',
        score,
        features: explainPair(context, l, r, features),
      }),
    );
  }
  return { groups, comparisons };
}
