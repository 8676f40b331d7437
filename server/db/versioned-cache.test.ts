import { describe, expect, it } from 'vitest';
import type { TeacherVersions } from './teacher-versions';
import { VersionedCache } from './versioned-cache';

/** Versions a test sets by hand; null for a teacher it calls unknown. */
function handVersions(start: Record<number, number | null> = {}) {
  const versions = new Map(Object.entries(start).map(([k, v]) => [Number(k), v]));
  const source: TeacherVersions = {
    of: async (teacherId) => (versions.has(teacherId) ? (versions.get(teacherId) ?? null) : 0),
    close: () => {},
  };
  return { source, set: (teacherId: number, v: number | null) => versions.set(teacherId, v) };
}

const limits = { maxEntries: 10, maxAgeMs: 60_000 };

describe('a cache kept under teachers’ versions', () => {
  it('answers from memory until the teacher’s version moves', async () => {
    const versions = handVersions();
    const cache = new VersionedCache<string>(versions.source, limits);
    let builds = 0;
    const build = async () => `built ${++builds}`;
    expect(await cache.get('a', 1, build)).toBe('built 1');
    expect(await cache.get('a', 1, build)).toBe('built 1');
    versions.set(1, 1);
    expect(await cache.get('a', 1, build)).toBe('built 2');
    expect(cache.stats).toEqual({ hits: 1, misses: 2 });
    cache.close();
  });

  it('keeps nothing for a teacher without a version to check against', async () => {
    const versions = handVersions();
    const cache = new VersionedCache<string>(versions.source, {
      ...limits,
      maxBytes: 100,
      sizeOf: (value) => (value as string).length,
    });
    let builds = 0;
    await cache.get('a', 7, async () => `built ${++builds}`);
    expect(cache.held).toEqual({ entries: 1, bytes: 7 });
    // The teacher's version row is gone (deleted): what was kept goes, bytes and all.
    versions.set(7, null);
    await cache.get('a', 7, async () => `built ${++builds}`);
    await cache.get('a', 7, async () => `built ${++builds}`);
    expect(builds).toBe(3);
    expect(cache.held).toEqual({ entries: 0, bytes: 0 });
    cache.close();
  });

  it('holds at most its byte budget, the least recently used leaving first', async () => {
    const cache = new VersionedCache<string>(handVersions().source, {
      ...limits,
      maxBytes: 100,
      sizeOf: (value) => (value as string).length,
    });
    await cache.get('a', 1, async () => 'a'.repeat(40));
    await cache.get('b', 1, async () => 'b'.repeat(40));
    await cache.get('a', 1, async () => 'never built: a is kept');
    await cache.get('c', 1, async () => 'c'.repeat(40));
    // a was used after b, so b went to make room for c.
    expect(cache.held).toEqual({ entries: 2, bytes: 80 });
    expect(await cache.get('b', 1, async () => 'b again')).toBe('b again');
    // Larger than the whole budget: answered, never kept.
    expect(await cache.get('d', 1, async () => 'd'.repeat(101))).toHaveLength(101);
    expect(cache.teacherOf('d')).toBeUndefined();
    expect(cache.held.bytes).toBeLessThanOrEqual(100);
    cache.close();
  });

  it('builds again once an answer is older than its age limit', async () => {
    let clock = 0;
    const cache = new VersionedCache<string>(handVersions().source, limits, () => clock);
    await cache.get('a', 1, async () => 'first');
    clock = limits.maxAgeMs + 1;
    expect(await cache.get('a', 1, async () => 'second')).toBe('second');
    cache.close();
  });
});
