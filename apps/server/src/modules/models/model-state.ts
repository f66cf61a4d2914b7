import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { extractionModels, modelLabels, modelTrainingDocuments } from '../../db/schema.ts';

/**
 * A model's state (see the module's header in models.routes.ts):
 * - rule_based: ready when it has labels, every required label has at least one rule and some label
 *   has one; draft otherwise (state_reason names what is missing).
 * - ai: draft until a training document is annotated; training while it learns; ready once it has
 *   learned from ≥ 1 annotated training document; failed when learning failed (state_reason says why).
 */
export async function refreshModelState(db: Db, modelId: string): Promise<void> {
  const [model] = await db.select().from(extractionModels).where(eq(extractionModels.id, modelId));
  if (!model) return;
  const next = model.kind === 'rule_based' ? await ruleBasedState(db, modelId) : await aiState(db, model);
  if (next.state !== model.state || next.reason !== model.stateReason) {
    await db
      .update(extractionModels)
      .set({ state: next.state, stateReason: next.reason })
      .where(eq(extractionModels.id, modelId));
  }
}

interface StateOf {
  state: 'draft' | 'training' | 'ready' | 'failed';
  reason: string | null;
}

async function ruleBasedState(db: Db, modelId: string): Promise<StateOf> {
  const labels = await db
    .select({ name: modelLabels.name, required: modelLabels.required, rules: modelLabels.rules })
    .from(modelLabels)
    .where(eq(modelLabels.modelId, modelId))
    .orderBy(asc(modelLabels.position));
  if (labels.length === 0) return { state: 'draft', reason: 'Add the fields to extract (labels)' };
  const missing = labels.filter((label) => label.required && label.rules.length === 0);
  if (missing.length > 0) {
    const names = missing.map((label) => label.name).join(', ');
    return { state: 'draft', reason: `Add a rule for each required field: ${names}` };
  }
  if (!labels.some((label) => label.rules.length > 0)) {
    return { state: 'draft', reason: 'Add a rule for at least one field' };
  }
  return { state: 'ready', reason: null };
}

/** How many of the model's training documents carry at least one annotation. */
export async function annotatedDocuments(db: Db, modelId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(modelTrainingDocuments)
    .where(
      and(
        eq(modelTrainingDocuments.modelId, modelId),
        sql`jsonb_array_length(${modelTrainingDocuments.annotations}) > 0`,
      ),
    );
  return Number(row?.n ?? 0);
}

async function aiState(db: Db, model: typeof extractionModels.$inferSelect): Promise<StateOf> {
  if ((await annotatedDocuments(db, model.id)) === 0) {
    return { state: 'draft', reason: 'Annotate at least one training document' };
  }
  // Learning sets training, ready or failed; until it has run the model is not usable.
  if (model.state === 'draft' && model.learned === null) {
    return { state: 'draft', reason: 'Not learned from its training documents yet' };
  }
  return { state: model.state as StateOf['state'], reason: model.stateReason };
}
