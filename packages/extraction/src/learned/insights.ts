import type { Label, ModelInsights } from '@counterpart/contracts';
import { isLearnedModel } from './extract-learned.ts';
import { describeShape } from './shape.ts';

/**
 * The AI view of a learned model: per field its anchors (pooled over layouts, weighted by their
 * documents), its value's shape, its leave-one-out accuracy and examples; accuracy after each
 * added training document.
 */
export function modelInsights(learned: unknown, labels: Label[]): Omit<ModelInsights, 'model_id'> {
  if (!isLearnedModel(learned))
    throw new Error('This AI model has not learned in a format this engine reads');
  const direction = (d: 'left' | 'above') => (d === 'left' ? 'left of value' : 'above value');
  const fields = labels.map((label) => {
    const evaluation = learned.evaluation.fields.find((f) => f.key === label.key);
    const examples = evaluation?.examples ?? 0;
    if (label.type === 'table') {
      const tables = learned.layouts.flatMap((l) => l.tables.filter((t) => t.key === label.key));
      const words = new Map<string, number>();
      for (const t of tables)
        for (const c of t.columns) for (const h of c.header) words.set(h, (words.get(h) ?? 0) + t.examples);
      const total = tables.reduce((s, t) => s + t.examples, 0) || 1;
      return {
        key: label.key,
        name: label.name,
        anchors: [...words.entries()].map(([text, n]) => ({
          text,
          direction: 'column header',
          weight: n / total,
        })),
        shape: tables.length ? `table (${label.columns.length} columns)` : null,
        accuracy: evaluation?.accuracy ?? null,
        examples,
      };
    }
    const pooled = new Map<string, { text: string; direction: string; weight: number }>();
    let docs = 0;
    let shape: string | null = null;
    for (const layout of learned.layouts) {
      const f = layout.fields.find((x) => x.key === label.key);
      if (!f) continue;
      docs += f.examples;
      shape ??= describeShape(f.shape);
      for (const a of f.anchors) {
        const key = `${a.direction}:${a.text}`;
        const p = pooled.get(key) ?? { text: a.text, direction: direction(a.direction), weight: 0 };
        p.weight += a.weight * f.examples;
        pooled.set(key, p);
      }
    }
    const generic = learned.generic.fields.find((x) => x.key === label.key);
    if (generic && generic.examples > 0) shape = describeShape(generic.shape);
    const anchors = [...pooled.values()]
      .map((a) => ({ ...a, weight: Math.round((a.weight / Math.max(docs, 1)) * 1000) / 1000 }))
      .sort((a, b) => b.weight - a.weight)
      .slice(0, 8);
    return {
      key: label.key,
      name: label.name,
      anchors,
      shape,
      accuracy: evaluation?.accuracy ?? null,
      examples,
    };
  });
  return {
    training_documents: learned.training_documents,
    layouts: learned.layouts.length,
    fields,
    history: learned.evaluation.history,
  };
}
