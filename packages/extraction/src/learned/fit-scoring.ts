import type { LearnedWeights } from './types.ts';

/**
 * Logistic regression over candidates' features (positives: the annotated spans), pulled toward
 * the fixed weights by an L2 prior so that a few examples cannot swing it far. Plain batch
 * gradient descent: the data is tens of candidates per document.
 */
export function fitScoring(
  rows: { features: number[]; positive: boolean }[],
  prior: LearnedWeights,
  options: { iterations?: number; rate?: number; lambda?: number } = {},
): LearnedWeights {
  const { iterations = 150, rate = 0.8, lambda = 0.05 } = options;
  const positives = rows.filter((r) => r.positive).length;
  if (positives === 0 || positives === rows.length) return prior;
  // Balance the classes: each positive counts as much as all negatives of its share.
  const wPos = rows.length / (2 * positives);
  const wNeg = rows.length / (2 * (rows.length - positives));
  let bias = prior.bias;
  const w = [...prior.weights];
  for (let it = 0; it < iterations; it++) {
    let gb = 0;
    const g = w.map(() => 0);
    for (const r of rows) {
      const z = bias + w.reduce((s, wi, i) => s + wi * (r.features[i] ?? 0), 0);
      const p = 1 / (1 + Math.exp(-z));
      const err = (p - (r.positive ? 1 : 0)) * (r.positive ? wPos : wNeg);
      gb += err;
      for (let i = 0; i < w.length; i++) g[i]! += err * (r.features[i] ?? 0);
    }
    const n = rows.length;
    bias -= rate * (gb / n + lambda * (bias - prior.bias) * 0.1);
    for (let i = 0; i < w.length; i++)
      w[i]! -= rate * (g[i]! / n + lambda * (w[i]! - prior.weights[i]!) * 0.1);
  }
  return { bias, weights: w, origin: 'fitted' };
}
