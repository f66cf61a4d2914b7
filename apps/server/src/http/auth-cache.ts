import { randomUUID } from 'node:crypto';
import type { UserOrganization } from '@counterpart/contracts';
import type { Database } from '../db/database.ts';
import { findUserById, listUserOrganizations } from '../identity/users.ts';
import type { EventBus, RealtimeEvent } from '../realtime/realtime-event.ts';

/** What the API knows about a caller: the user and their organizations with the roles in each. */
export interface CallerRecord {
  user: { id: string; username: string; email: string; fullName: string; avatarUrl: string | null };
  organizations: UserOrganization[];
  byOrganization: ReadonlyMap<string, UserOrganization>;
}

/**
 * The bus "organization" of the auth cache's own messages: no socket subscribes to it (socket
 * organizations are UUIDs), so they only reach the caches of every process.
 */
export const AUTH_CACHE_TOPIC = 'internal:auth-cache';
/** Source of the cache's messages; `info.status` says what changed and `info.message` holds its id. */
const SOURCE = 'auth-cache';
type Change = 'session-ended' | 'user-changed' | 'organization-changed';

/** The provider session a bus event says has ended (sign-out), or null for any other event. */
export function endedSession(event: RealtimeEvent): string | null {
  const { source, info } = event.message;
  if (source !== SOURCE || event.organizationId !== AUTH_CACHE_TOPIC) return null;
  return info.status === 'session-ended' && info.message ? info.message : null;
}

export interface AuthCacheOptions {
  /** How long a caller or a live session is trusted without asking the database (default 30 s). */
  ttlMs?: number;
  maxEntries?: number;
}

/**
 * The per-request look-ups of the built-in provider's callers, kept briefly: is the token's session
 * still alive (the provider's `Session` rows, by uid = the token's `sid`), and who the user is with
 * their memberships and roles. Every change that takes access away drops the entry at once: team
 * changes publish 'permissions' for each affected user, sign-out publishes 'session-ended'; the bus
 * carries both to every process (LISTEN/NOTIFY on PostgreSQL). A load that started before an
 * invalidation is not stored (generation check), and only positive answers are kept: a caller
 * whose token names an organization missing from the entry is read again.
 */
export function createAuthCache(database: Database, options: AuthCacheOptions = {}) {
  const ttl = options.ttlMs ?? 30_000;
  const max = options.maxEntries ?? 10_000;
  const callers = new Map<string, { record: CallerRecord; expiresAt: number }>();
  const sessions = new Map<string, number>();
  const loading = new Map<string, { generation: number; promise: Promise<CallerRecord | null> }>();
  let generation = 0;
  const counts = { hits: 0, misses: 0, invalidations: 0 };

  const remember = <V>(map: Map<string, V>, key: string, value: V) => {
    if (map.size >= max && !map.has(key)) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
    map.set(key, value);
  };

  const loadCaller = async (userId: string): Promise<CallerRecord | null> => {
    const user = await findUserById(database.db, userId);
    if (!user) return null;
    const organizations = await listUserOrganizations(database.db, userId);
    const { id, username, email, fullName, avatarUrl } = user;
    return {
      user: { id, username, email, fullName, avatarUrl },
      organizations,
      byOrganization: new Map(organizations.map((org) => [org.id, org])),
    };
  };

  const invalidated = () => {
    generation += 1;
    counts.invalidations += 1;
    loading.clear();
  };

  const cache = {
    /** The caller, read again when the entry is old or misses one of `organizationIds` (the token's). */
    async caller(userId: string, organizationIds: readonly string[]): Promise<CallerRecord | null> {
      const hit = callers.get(userId);
      if (
        hit &&
        Date.now() < hit.expiresAt &&
        organizationIds.every((id) => hit.record.byOrganization.has(id))
      ) {
        counts.hits += 1;
        return hit.record;
      }
      counts.misses += 1;
      const started = generation;
      const pending = loading.get(userId);
      if (pending && pending.generation === started && !hit) return pending.promise;
      const promise = loadCaller(userId);
      loading.set(userId, { generation: started, promise });
      try {
        const record = await promise;
        if (record && started === generation)
          remember(callers, userId, { record, expiresAt: Date.now() + ttl });
        return record;
      } finally {
        if (loading.get(userId)?.promise === promise) loading.delete(userId);
      }
    },

    /** Is the provider session `sid` still signed in? */
    async sessionAlive(sid: string): Promise<boolean> {
      const until = sessions.get(sid);
      if (until !== undefined && Date.now() < until) return true;
      const started = generation;
      const { rows } = await database.query(
        `select 1 from oidc_payloads
         where model = 'Session' and uid = $1 and (expires_at is null or expires_at > now()) limit 1`,
        [sid],
      );
      const alive = rows.length > 0;
      if (alive && started === generation) remember(sessions, sid, Date.now() + ttl);
      else if (!alive) sessions.delete(sid);
      return alive;
    },

    invalidateUser(userId: string) {
      callers.delete(userId);
      invalidated();
    },
    invalidateSession(sid: string) {
      sessions.delete(sid);
      invalidated();
    },
    invalidateOrganization(organizationId: string) {
      for (const [userId, entry] of callers) {
        if (entry.record.byOrganization.has(organizationId)) callers.delete(userId);
      }
      invalidated();
    },
    clear() {
      callers.clear();
      sessions.clear();
      invalidated();
    },

    /** Applies a bus event: 'permissions' (team changes) and the cache's own messages. */
    apply(event: RealtimeEvent) {
      const { source, info } = event.message;
      if (source === 'permissions') {
        if (event.userId) cache.invalidateUser(event.userId);
        else cache.invalidateOrganization(event.organizationId);
        return;
      }
      if (source !== SOURCE || event.organizationId !== AUTH_CACHE_TOPIC || !info.message) return;
      const change = info.status as Change;
      if (change === 'session-ended') cache.invalidateSession(info.message);
      else if (change === 'user-changed') cache.invalidateUser(info.message);
      else if (change === 'organization-changed') cache.invalidateOrganization(info.message);
    },

    /** Subscribes to the bus; returns the function that unsubscribes. */
    listen(bus: EventBus) {
      return bus.subscribe((event) => cache.apply(event));
    },

    /**
     * Tells every process that something changed: this process at once (before the caller's
     * answer is sent), the others through the bus.
     */
    async announce(bus: EventBus, change: Change, id: string) {
      const event: RealtimeEvent = {
        organizationId: AUTH_CACHE_TOPIC,
        userId: null,
        message: { id: randomUUID(), source: SOURCE, info: { status: change, message: id } },
      };
      cache.apply(event);
      await bus.publish(event);
    },

    stats() {
      return { callers: callers.size, sessions: sessions.size, ...counts };
    },
  };
  return cache;
}

export type AuthCache = ReturnType<typeof createAuthCache>;
