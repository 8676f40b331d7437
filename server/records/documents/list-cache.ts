import type { Database } from '../../db/client';
import { VersionedCache } from '../../db/versioned-cache';
import { listVersionsFor } from './list-versions';

/** A list page as the route sends it: the JSON body and its two headers. */
export type CachedListPage = { body: string; total: number; nextCursor: string | null };

const LIMITS = {
  maxEntries: 500,
  /** Children's data is not kept in memory for longer than a few minutes. */
  maxAgeMs: 5 * 60 * 1000,
};

/**
 * Recent documents-list pages, kept by each app instance under the teacher's list version
 * (document_list_versions, bumped by database triggers on every change the list shows).
 *
 * A request reads the version first (one primary-key lookup), then either answers the
 * page it holds for that version or builds the page and keeps it. The page is built after
 * the version was read, so it is at least as new as that version: a change committing in
 * between only costs one more build on the next request, never a stale answer. Any
 * instance's or worker's write bumps the version in its own transaction, so another
 * instance's next request sees it: no invalidation messages, no time-based staleness.
 * On the embedded database the versions are kept in memory instead (list-versions.ts).
 * Requests that miss together share one build: after a change, 50 waiting requests would
 * otherwise each build the same page (p99 182 against 22 ms at 50 connections while the
 * teacher renames a document every 100 ms, PGlite on its own thread, 2026-11-26).
 *
 * Measured (`npm run bench` on 2 cores, 2026-11-25): a teacher with 1,000
 * hand-ins, 50 requests at once: p99 17.9 ms on PostgreSQL (9,073 ms before paging, caching
 * and prepared statements). On PGlite the version lookup, run on the event loop's own
 * thread, capped the list at 1,900 req/s (p99 52–78 ms); without it, 12,000 req/s, p99 10 ms.
 */
export class DocumentListCache {
  private readonly cache: VersionedCache<CachedListPage>;

  constructor(db: Database, now = () => Date.now()) {
    this.cache = new VersionedCache(listVersionsFor(db), LIMITS, now);
  }

  /** For tests and the benchmark: how often a page was answered from memory. */
  get stats() {
    return this.cache.stats;
  }

  /** With the app: forget every page and stop the sweeper. */
  close(): void {
    this.cache.close();
  }

  /**
   * The page `key` names for this teacher, from memory when nothing it shows has changed,
   * otherwise from `build`. `key` must describe the whole request (tab, search, cursor,
   * limit): it is combined with the teacher here.
   */
  page(teacherId: number, key: string, build: () => Promise<CachedListPage>) {
    return this.cache.get(`${teacherId}\u0000${key}`, teacherId, build);
  }
}
