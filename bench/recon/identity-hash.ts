/**
 * Identity check for engine changes that must not change results: a SHA-256 over every group (ids,
 * rule, status, score, features with their details, difference), both open id lists and every pass
 * statistic but its time, for the default rule set on generated data. Compare before/after.
 * `groups_without_text_sha256` leaves out the features' readable details: a change to the wording only
 * (not to which groups are made, their scores or statuses) keeps it.
 *
 *   npx tsx bench/recon/identity-hash.ts                 (20k seed 7 and 100k seed 3)
 *   CASES=20000:7,100000:3 npx tsx bench/recon/identity-hash.ts
 */
import { createHash } from 'node:crypto';
import { defaultRuleSet, run } from '../../packages/recon-engine/src/index.ts';
import { generate } from '../../packages/recon-engine/src/testdata/generate.ts';

const cases = (process.env.CASES ?? '20000:7,100000:3').split(',').map((item) => item.split(':').map(Number));
for (const [invoices, seed] of cases) {
  const data = generate({ seed: seed!, invoices: invoices! });
  const started = performance.now();
  const result = run(data.left, data.right, defaultRuleSet());
  const ms = Math.round(performance.now() - started);
  const hash = createHash('sha256');
  const withoutText = createHash('sha256');
  for (const group of result.groups) {
    withoutText.update(
      JSON.stringify([
        group.left,
        group.right,
        group.rule_id,
        group.status,
        group.score,
        group.features.map(({ name, score }) => [name, score]),
        group.difference.toString(),
      ]),
    );
    hash.update(
      JSON.stringify([
        group.left,
        group.right,
        group.rule_id,
        group.status,
        group.score,
        group.features,
        group.difference.toString(),
      ]),
    );
    hash.update('\n');
  }
  hash.update(JSON.stringify(result.left_open));
  hash.update(JSON.stringify(result.right_open));
  withoutText.update(JSON.stringify(result.left_open));
  withoutText.update(JSON.stringify(result.right_open));
  // groups_sha256: the outcome alone; sha256 adds each pass's statistics (comparisons made), which a
  // change to blocking may alter without changing any group.
  const outcome = hash.copy().digest('hex');
  for (const { ms: _ms, ...stat } of result.stats) hash.update(JSON.stringify(stat));
  console.log(
    JSON.stringify({
      invoices,
      seed,
      groups: result.groups.length,
      left_open: result.left_open.length,
      right_open: result.right_open.length,
      ms,
      sha256: hash.digest('hex'),
      groups_sha256: outcome,
      groups_without_text_sha256: withoutText.digest('hex'),
      comparisons: result.stats.map((stat) => stat.comparisons),
    }),
  );
}
