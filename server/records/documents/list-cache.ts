import type { Database } from '../../db/client';
import { type ListVersions, listVersionsFor } from './list-versions';

/** A list page as the route sends it: the JSON body and its two headers. */
export type CachedListPage = { body: string; total: number; nextCursor: string | null };

type Entry = CachedListPage & { teacherId: number; version: number; storedAt: number };

const MAX_ENTRIES = 500;
/** Children's data is not kept in memory for longer than a few minutes. */
const MAX_AGE_MS = 5 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 1000;

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
  private readonly entries = new Map<string, Entry>();
  /** Pages being built, by page and version. */
  private readonly building = new Map<string, Promise<CachedListPage>>();
  private readonly versions: ListVersions;
  private readonly sweeper: NodeJS.Timeout;
  /** For tests and the benchmark: how often a page was answered from memory. */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    db: Database,
    private readonly now = () => Date.now(),
  ) {
    this.versions = listVersionsFor(db);
    // Pages nobody asks for again still leave memory on time.
    this.sweeper = setInterval(() => this.sweep(this.now()), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  /** With the app: forget every page and stop the sweeper. */
  close(): void {
    clearInterval(this.sweeper);
    this.entries.clear();
    this.versions.close();
  }

  /**
   * The page `key` names for this teacher, from memory when nothing it shows has changed,
   * otherwise from `build`. `key` must describe the whole request (tab, search, cursor,
   * limit): it is combined with the teacher here.
   */
  async page(
    teacherId: number,
    key: string,
    build: () => Promise<CachedListPage>,
  ): Promise<CachedListPage> {
    const version = await this.versions.of(teacherId);
    const entryKey = `${teacherId}\u0000${key}`;
    const held = this.entries.get(entryKey);
    const now = this.now();
    if (
      held &&
      held.teacherId === teacherId &&
      held.version === version &&
      now - held.storedAt <= MAX_AGE_MS
    ) {
      // Most recently used goes last, so the oldest is the first to leave.
      this.entries.delete(entryKey);
      this.entries.set(entryKey, held);
      this.stats.hits += 1;
      return held;
    }
    this.stats.misses += 1;
    // Requests that miss together (a change just bumped the version) share one build.
    const buildKey = `${entryKey}\u0000${version}`;
    const underway = this.building.get(buildKey);
    if (underway) return underway;
    const building = build().finally(() => this.building.delete(buildKey));
    this.building.set(buildKey, building);
    const built = await building;
    this.keep(entryKey, { ...built, teacherId, version, storedAt: now });
    return built;
  }

  private keep(entryKey: string, entry: Entry): void {
    this.entries.delete(entryKey);
    this.entries.set(entryKey, entry);
    // Least recently used first: the oldest go when there are too many.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(oldest);
    }
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) {
      if (now - entry.storedAt > MAX_AGE_MS) this.entries.delete(key);
    }
  }
}
