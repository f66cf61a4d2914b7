/**
 * Reversal pass: on one side, a record and its exact negation that share an identifier key (a reversal
 * quoting the original receipt number, a credit note quoting its invoice) cancel out as a group with
 * nothing on the other side and a difference of 0. The original may precede the reversal by up to
 * `days_before` days and follow it by up to `days_after`; ties go to the earliest original.
 */
import { closeGroup } from './groups.ts';
import { dateOf, forEachPosting, type Prepared, type PreparedSide, postingCount } from './prepare.ts';
import type { MatchGroup, ReversalPass } from './types.ts';

const MAX_KEY_POSTINGS = 200;

function reversalsOn(
  side: PreparedSide,
  pass: ReversalPass,
  isIdentifier: (id: number) => boolean,
  make: (pair: [number, number]) => MatchGroup,
) {
  const groups: MatchGroup[] = [];
  let comparisons = 0;
  for (let reversal = 0; reversal < side.records.length; reversal++) {
    if (!side.open[reversal] || side.amount[reversal]! >= 0) continue;
    let best = -1;
    for (let k = side.refStart[reversal]!; k < side.refStart[reversal + 1]!; k++) {
      const id = side.refIds[k]!;
      if (!isIdentifier(id)) continue;
      const found = side.strongIndex.byId(id);
      if (postingCount(found) > MAX_KEY_POSTINGS) continue;
      forEachPosting(found, (original) => {
        comparisons++;
        if (original === reversal || !side.open[original] || (best >= 0 && original >= best)) return;
        if (
          side.amount[original] !== -side.amount[reversal]! ||
          side.currency[original] !== side.currency[reversal]
        ) {
          return;
        }
        const lag = dateOf(side, reversal, pass.date_field) - dateOf(side, original, pass.date_field);
        if (lag > pass.date_window.days_before || -lag > pass.date_window.days_after) return;
        best = original;
      });
    }
    if (best >= 0) groups.push(make([best, reversal]));
  }
  return { groups, comparisons };
}

export function runReversalPass(
  prepared: Prepared,
  pass: ReversalPass,
): { groups: MatchGroup[]; comparisons: number } {
  const { left, right } = prepared;
  const groups: MatchGroup[] = [];
  let comparisons = 0;
  const features = [{ name: 'amount' as const, score: 1, detail: 'reversal: equal and opposite amounts' }];
  for (const sideName of pass.sides) {
    const side = sideName === 'left' ? left : right;
    const outcome = reversalsOn(side, pass, prepared.isIdentifier, (pair) =>
      closeGroup(left, right, sideName === 'left' ? pair : [], sideName === 'right' ? pair : [], {
        rule_id: pass.id,
        status: 'accepted',
        score: 1,
        features,
      }),
    );
    for (const group of outcome.groups) groups.push(group);
    comparisons += outcome.comparisons;
  }
  return { groups, comparisons };
}
