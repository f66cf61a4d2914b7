/**
 * Accuracy of the default rule set on generated Kenyan data (M-Pesa paybill and bank lines against an
 * ERP invoice ledger, with typos, missing references, splits, bulk payments, bank charges, reversals,
 * duplicates and unrelated lines; masked payer phones, reference variants, other payers). Prints precision
 * and recall (percent) per seed and overall, and per kind of true link its automatic and found recall.
 *
 *   npx tsx bench/recon/accuracy.ts
 *   INVOICES=20000 SEEDS=1,2,3 npx tsx bench/recon/accuracy.ts
 *
 * SET=unseen measures the second, independent set instead (bench/recon/unseen/, written without reading
 * the engine; raw M-Pesa statement and ERP ledger files read as a user's exports are: unseen-set.ts).
 * Never tune on it: it is only measured. Its defaults: seeds 11, 12 × 5,000 invoices.
 *
 *   SET=unseen npx tsx bench/recon/accuracy.ts
 */
import { defaultRuleSet, run } from '../../packages/recon-engine/src/index.ts';
import { evaluate } from '../../packages/recon-engine/src/testdata/evaluate.ts';
import { type GeneratedData, generate } from '../../packages/recon-engine/src/testdata/generate.ts';
import { unseenSet } from './unseen-set.ts';

const UNSEEN = process.env.SET === 'unseen';
const INVOICES = Number(process.env.INVOICES ?? (UNSEEN ? 5_000 : 10_000));
const SEEDS = (process.env.SEEDS ?? (UNSEEN ? '11,12' : '1,2,3')).split(',').map(Number);
const load = (seed: number): GeneratedData =>
  UNSEEN ? unseenSet(seed, INVOICES) : generate({ seed, invoices: INVOICES });

const totals = {
  true_links: 0,
  auto_links: 0,
  auto_correct: 0,
  suggested_links: 0,
  suggested_correct: 0,
  found: 0,
};
const kinds = new Map<string, { links: number; auto: number; found: number }>();
for (const seed of SEEDS) {
  const data = load(seed);
  const started = performance.now();
  const result = run(data.left, data.right, defaultRuleSet());
  const ms = Math.round(performance.now() - started);
  const accuracy = evaluate(data, result.groups);
  totals.true_links += accuracy.true_links;
  totals.auto_links += accuracy.auto_links;
  totals.auto_correct += accuracy.auto_correct;
  totals.suggested_links += accuracy.suggested_links;
  totals.suggested_correct += accuracy.suggested_correct;
  totals.found += Math.round((accuracy.found_recall / 100) * accuracy.true_links);
  for (const [kind, counts] of Object.entries(accuracy.by_kind)) {
    const entry = kinds.get(kind) ?? { links: 0, auto: 0, found: 0 };
    entry.links += counts.links;
    entry.auto += counts.auto;
    entry.found += counts.found;
    kinds.set(kind, entry);
  }
  console.log(JSON.stringify({ seed, left: data.left.length, right: data.right.length, ms, ...accuracy }));
  if (process.env.VERBOSE) console.log(JSON.stringify(result.stats));
}
const pct = (part: number, whole: number) => Math.round((part / Math.max(1, whole)) * 100_000) / 1000;
console.log(
  JSON.stringify({
    overall: true,
    set: UNSEEN ? 'unseen' : 'ours',
    invoices_per_seed: INVOICES,
    seeds: SEEDS,
    auto_precision: pct(totals.auto_correct, totals.auto_links),
    auto_recall: pct(totals.auto_correct, totals.true_links),
    suggestion_precision: pct(totals.suggested_correct, totals.suggested_links),
    found_recall: pct(totals.found, totals.true_links),
    by_kind: Object.fromEntries(
      [...kinds.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([kind, { links, auto, found }]) => [
          kind,
          { links, auto_recall: pct(auto, links), found_recall: pct(found, links) },
        ]),
    ),
  }),
);
