import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { DatabaseListener } from './database-listener';

/** What a session's cache keeps: the signed-in account's row (a teacher's, records/teachers). */
type Account = { id: number };

/*
 * Every teacher request asks who is signed in, so the answer is kept in memory for a few
 * seconds. Anything that ends a session or changes the account (logout, block, delete, an
 * administrator's edit) forgets it at once, and each forgetting moves a generation on, so
 * a lookup that read the database before the change and returns after it is not cached.
 *
 * With several app instances on PostgreSQL, the forgetting is also sent to the others
 * (NOTIFY sessions_changed), which forget the same entries within milliseconds. If that
 * message is lost (its connection was down), an instance trusts a revoked session for at
 * most SESSION_CACHE_MS, and one that has just listened again forgets everything it held.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** The channel that carries sign-outs, blocks and account changes between instances. */
export const SESSIONS_CHANGED_CHANNEL = 'sessions_changed';

type CachedSession = { teacher: Account; until: number };
type SessionCache = {
  entries: Map<string, CachedSession>;
  generation: number;
  /** Whether changes are told to the other instances (PostgreSQL with several instances). */
  shared: boolean;
};
const caches = new WeakMap<Database, SessionCache>();

export function cacheOf(db: Database): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), generation: 0, shared: false };
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The fresh cached answer for a session's hash, or undefined (a stale one is dropped). The
 * cache holds what keepSession was given; its one caller (records/teachers) keeps and asks
 * for the same row type.
 */
export function cachedSession<Row extends Account>(
  db: Database,
  idHash: string,
  now: number,
): Row | undefined {
  const cache = cacheOf(db);
  const hit = cache.entries.get(idHash);
  if (hit && hit.until > now) return hit.teacher as Row;
  if (hit) cache.entries.delete(idHash);
  return undefined;
}

/** Keeps an answer, unless something was forgotten since `generation` was read. */
export function keepSession(
  db: Database,
  idHash: string,
  teacher: Account,
  until: number,
  generation: number,
): void {
  const cache = cacheOf(db);
  if (cache.generation !== generation) return;
  // Oldest first out: a Map keeps insertion order.
  if (cache.entries.size >= SESSION_CACHE_MAX_ENTRIES) {
    cache.entries.delete(cache.entries.keys().next().value as string);
  }
  cache.entries.set(idHash, { teacher, until });
}

/** What a forgetting names: one session (by its hash) or every session of a teacher. */
type Change = { session: string } | { teacher: number };

function forgetLocally(db: Database, change: Change): void {
  const cache = cacheOf(db);
  cache.generation += 1;
  if ('session' in change) {
    cache.entries.delete(change.session);
    return;
  }
  for (const [idHash, entry] of cache.entries) {
    if (entry.teacher.id === change.teacher) cache.entries.delete(idHash);
  }
}

/**
 * Forgets here and tells the other instances. The returned promise settles once the
 * message is sent; it never rejects: a lost message leaves the cache's few seconds.
 */
export function forgetEverywhere(db: Database, change: Change): Promise<void> {
  forgetLocally(db, change);
  if (!cacheOf(db).shared) return Promise.resolve();
  const payload = 'session' in change ? `s:${change.session}` : `t:${change.teacher}`;
  return db.execute(sql`select pg_notify(${SESSIONS_CHANGED_CHANNEL}, ${payload})`).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * From now on this instance tells the others what it forgets, and forgets what they tell
 * it (PostgreSQL's LISTEN, on a connection of its own). Resolves to a function that stops.
 */
export async function shareSessionChanges(
  db: Database,
  url: string,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  cacheOf(db).shared = true;
  const listener = new DatabaseListener(url, log, {
    name: 'classroom-voice sign-outs',
    what: 'sign-outs and blocks',
    channels: { [SESSIONS_CHANGED_CHANNEL]: (payload) => applySessionChange(db, payload) },
    // Whatever was said while no one listened is unknown: forget everything held.
    onReconnect: () => applySessionChange(db, null),
  });
  await listener.start();
  return () => listener.stop();
}

/** A message from another instance (its payload), or null: forget everything held. */
export function applySessionChange(db: Database, payload: string | null): void {
  const match = payload ? /^([st]):(.+)$/.exec(payload) : null;
  if (!match) {
    const cache = cacheOf(db);
    cache.generation += 1;
    cache.entries.clear();
    return;
  }
  forgetLocally(
    db,
    match[1] === 's' ? { session: match[2]! } : { teacher: Number.parseInt(match[2]!, 10) },
  );
}
