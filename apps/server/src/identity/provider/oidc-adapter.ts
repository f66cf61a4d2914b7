import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/database.ts';
import { oidcPayloads } from '../../db/schema.ts';

/** Expired rows are deleted at most this often, on the next write. */
const PURGE_INTERVAL_MS = 60_000;

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, refresh tokens...) in the
 * `oidc_payloads` table, so sign-ins survive restarts and every server process sees the same state.
 * Expired rows are never returned, and are purged in the background.
 */
export function createOidcAdapterFactory(database: Database): AdapterFactory {
  let lastPurge = 0;
  const purgeExpired = () => {
    const now = Date.now();
    if (now - lastPurge < PURGE_INTERVAL_MS) return;
    lastPurge = now;
    database.db
      .delete(oidcPayloads)
      .where(lt(oidcPayloads.expiresAt, sql`now()`))
      .catch(() => {
        // A failed purge is retried on a later write; expired rows are ignored meanwhile.
      });
  };
  return (model: string) => new OidcPayloadAdapter(database, model, purgeExpired);
}

class OidcPayloadAdapter implements Adapter {
  constructor(
    private readonly database: Database,
    private readonly model: string,
    private readonly purgeExpired: () => void,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      payload: payload as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.database.db
      .insert(oidcPayloads)
      .values({ model: this.model, id, ...row })
      .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row });
    this.purgeExpired();
  }

  find(id: string) {
    return this.findWhere(eq(oidcPayloads.id, id));
  }

  findByUid(uid: string) {
    return this.findWhere(eq(oidcPayloads.uid, uid));
  }

  findByUserCode(userCode: string) {
    return this.findWhere(eq(oidcPayloads.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.database.db
      .update(oidcPayloads)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.database.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.database.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.grantId, grantId)));
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.database.db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(
        and(
          eq(oidcPayloads.model, this.model),
          condition,
          or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`)),
        ),
      )
      .limit(1);
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    // oidc-provider reads `consumed` (epoch seconds) to detect the reuse of a code or refresh token.
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
  }
}
