import type { TeacherVersions } from './teacher-versions';

type Entry<T> = { value: T; teacherId: number; version: number; storedAt: number; size: number };

export type VersionedCacheLimits = {
  maxEntries: number;
  /** Children's data is not kept in memory for longer than this, asked for or not. */
  maxAgeMs: number;
  /**
   * At most this much kept, by `sizeOf` (a long essay's page is hundreds of kilobytes, so a
   * count alone would not bound the memory); the least recently used leave first.
   */
  maxBytes?: number;
  sizeOf?: (value: unknown) => number;
};

const SWEEP_EVERY_MS = 60 * 1000;

/**
 * Answers built from a teacher's records, kept by one app instance under the teacher's
 * version (teacher-versions.ts) and answered from memory while the version is unchanged.
 *
 * A request reads the version first, then either answers what it holds for that version or
 * builds anew and keeps it. The build starts after the version was read, so what is kept is
 * at least as new as that version: a change committing in between costs one more build on
 * the next request, never a stale answer. Requests that miss together share one build
 * (after a change, 50 waiting requests would otherwise each build the same thing). Least
 * recently used entries leave first; none outlives `maxAgeMs`.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Builds under way, by entry and version. */
  private readonly building = new Map<string, Promise<T>>();
  private readonly sweeper: NodeJS.Timeout;
  private bytes = 0;
  /** For tests and the benchmark: how often an answer came from memory. */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly versions: TeacherVersions,
    private readonly limits: VersionedCacheLimits,
    private readonly now = () => Date.now(),
  ) {
    // Entries nobody asks for again still leave memory on time.
    this.sweeper = setInterval(() => this.sweep(this.now()), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  /** The teacher an entry was built for, if one is held (its key names no teacher). */
  teacherOf(key: string): number | undefined {
    return this.entries.get(key)?.teacherId;
  }

  /**
   * The value `key` names, from memory when nothing of the teacher's has changed since it
   * was built, otherwise from `build`. `key` must describe the whole request.
   */
  async get(key: string, teacherId: number, build: () => Promise<T>): Promise<T> {
    const version = await this.versions.of(teacherId);
    const held = this.entries.get(key);
    const now = this.now();
    if (
      held &&
      version !== null &&
      held.teacherId === teacherId &&
      held.version === version &&
      now - held.storedAt <= this.limits.maxAgeMs
    ) {
      // Most recently used goes last, so the oldest is the first to leave.
      this.entries.delete(key);
      this.entries.set(key, held);
      this.stats.hits += 1;
      return held.value;
    }
    this.stats.misses += 1;
    if (version === null) {
      // Nothing to check a kept answer against later: build, keep nothing.
      this.forget(key);
      return build();
    }
    const buildKey = `${key}\u0000${teacherId}\u0000${version}`;
    const underway = this.building.get(buildKey);
    if (underway) return underway;
    const building = build().finally(() => this.building.delete(buildKey));
    this.building.set(buildKey, building);
    const value = await building;
    const size = this.limits.sizeOf?.(value) ?? 0;
    // One answer larger than the whole budget is answered, not kept.
    if (size <= (this.limits.maxBytes ?? Number.POSITIVE_INFINITY)) {
      this.keep(key, { value, teacherId, version, storedAt: now, size });
    }
    return value;
  }

  /** What is kept now, for tests and the benchmark. */
  get held(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  /** With the app: forget everything and stop the sweeper. */
  close(): void {
    clearInterval(this.sweeper);
    this.entries.clear();
    this.bytes = 0;
    this.versions.close();
  }

  private keep(key: string, entry: Entry<T>): void {
    this.forget(key);
    this.entries.set(key, entry);
    this.bytes += entry.size;
    const maxBytes = this.limits.maxBytes ?? Number.POSITIVE_INFINITY;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= maxBytes) break;
      this.forget(oldest);
    }
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) {
      if (now - entry.storedAt > this.limits.maxAgeMs) this.forget(key);
    }
  }
}
