import { type ModelConfiguration, modelConfigurationSchema } from '@counterpart/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { extractionModels } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from './models-scope.ts';

export type ModelRow = typeof extractionModels.$inferSelect;

export function configurationView(row: ModelRow): ModelConfiguration {
  return modelConfigurationSchema.parse(row.configuration);
}

/** The organization's model, or 404 (another organization's model is not found, not forbidden). */
export async function loadModel(db: Db, organizationId: string, modelId: string): Promise<ModelRow> {
  if (!isUuid(modelId)) throw notFound('Model not found');
  const [row] = await db
    .select()
    .from(extractionModels)
    .where(and(eq(extractionModels.id, modelId), eq(extractionModels.organizationId, organizationId)));
  if (!row) throw notFound('Model not found');
  return row;
}

/** Marks a model changed now (its labels, rules, configuration or training set changed). */
export async function touchModel(db: Db, modelId: string): Promise<void> {
  await db.update(extractionModels).set({ updatedAt: new Date() }).where(eq(extractionModels.id, modelId));
}
