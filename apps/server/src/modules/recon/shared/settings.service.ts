import { type ReconSettings, reconSettingsSchema } from '@counterpart/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { reconSettings } from '../../../db/schema.ts';
import { recordReconAudit } from './recon-audit.ts';
import type { ReconScope } from './recon-scope.ts';

/** The organization's reconciliation settings; the defaults until someone saves them. */
export async function getReconSettings(
  db: Db,
  organizationId: string,
): Promise<{ data: ReconSettings; updated_at: string | null }> {
  const [row] = await db.select().from(reconSettings).where(eq(reconSettings.organizationId, organizationId));
  // Parsing fills settings added since the row was saved with their defaults.
  const data = reconSettingsSchema.parse(row?.settings ?? {});
  return { data, updated_at: row ? row.updatedAt.toISOString() : null };
}

export async function saveReconSettings(
  scope: ReconScope,
  input: ReconSettings,
): Promise<{ data: ReconSettings; updated_at: string | null }> {
  await scope.db.transaction(async (db) => {
    const before = await getReconSettings(db, scope.organizationId);
    await db
      .insert(reconSettings)
      .values({ organizationId: scope.organizationId, settings: input, updatedBy: scope.actor.userId })
      .onConflictDoUpdate({
        target: reconSettings.organizationId,
        set: { settings: input, updatedBy: scope.actor.userId, updatedAt: new Date() },
      });
    await recordReconAudit(db, {
      organizationId: scope.organizationId,
      actor: scope.actor,
      action: 'settings.saved',
      targetType: 'settings',
      before: before.data,
      after: input,
    });
  });
  return getReconSettings(scope.db, scope.organizationId);
}

/**
 * Maker-checker: a manual match, adjustment or allocation of at least the threshold (absolute
 * minor units) waits for a second person when the organization turned it on.
 */
export function needsApproval(settings: ReconSettings, amountMinor: bigint): boolean {
  if (!settings.maker_checker.enabled) return false;
  const size = amountMinor < 0n ? -amountMinor : amountMinor;
  return size >= BigInt(settings.maker_checker.threshold);
}
