/** Building match groups from record indexes: totals, difference (bigint) and status. */
import type { PreparedSide } from './prepare.ts';
import type { FeatureScore, MatchGroup, MatchStatus, SuggestionWhy } from './types.ts';

function total(side: PreparedSide, indexes: readonly number[]): bigint {
  let sum = 0n;
  for (const index of indexes) sum += side.records[index]!.amount;
  return sum;
}

/** Left total − right total, exactly. */
export function groupDifference(
  left: PreparedSide,
  right: PreparedSide,
  l: readonly number[],
  r: readonly number[],
) {
  return total(left, l) - total(right, r);
}

/** Status of an accepted group: reconciled when it balances, partial otherwise. */
export function acceptedStatus(difference: bigint): MatchStatus {
  return difference === 0n ? 'reconciled' : 'partial';
}

/** What a pass decided about a group; `reason` says why a suggestion is not automatic. */
export interface GroupOutcome {
  rule_id: string;
  status: MatchStatus | 'accepted';
  score: number;
  features: FeatureScore[];
  reason?: string;
  why?: SuggestionWhy;
}

/** Makes the group and closes its records. */
export function closeGroup(
  left: PreparedSide,
  right: PreparedSide,
  leftIndexes: readonly number[],
  rightIndexes: readonly number[],
  group: GroupOutcome,
): MatchGroup {
  const difference = groupDifference(left, right, leftIndexes, rightIndexes);
  if (group.status === 'accepted')
    for (const l of leftIndexes) for (const r of rightIndexes) left.acceptedLinks.push(l, r);
  for (const index of leftIndexes) left.open[index] = 0;
  for (const index of rightIndexes) right.open[index] = 0;
  return {
    left: leftIndexes.map((index) => left.records[index]!.id),
    right: rightIndexes.map((index) => right.records[index]!.id),
    rule_id: group.rule_id,
    status: group.status === 'accepted' ? acceptedStatus(difference) : group.status,
    score: group.score,
    features: group.features,
    difference,
    ...(group.reason === undefined ? {} : { reason: group.reason }),
    ...(group.why === undefined ? {} : { why: group.why }),
  };
}

/** `closeGroup` for one left and one right record (the 1:1 passes): one bigint subtraction, no arrays. */
export function closePair(
  left: PreparedSide,
  right: PreparedSide,
  l: number,
  r: number,
  group: GroupOutcome,
): MatchGroup {
  const leftRecord = left.records[l]!;
  const rightRecord = right.records[r]!;
  const difference = leftRecord.amount - rightRecord.amount;
  if (group.status === 'accepted') left.acceptedLinks.push(l, r);
  left.open[l] = 0;
  right.open[r] = 0;
  return {
    left: [leftRecord.id],
    right: [rightRecord.id],
    rule_id: group.rule_id,
    status: group.status === 'accepted' ? acceptedStatus(difference) : group.status,
    score: group.score,
    features: group.features,
    difference,
    ...(group.reason === undefined ? {} : { reason: group.reason }),
    ...(group.why === undefined ? {} : { why: group.why }),
  };
}
