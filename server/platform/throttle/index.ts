import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { tooManyRequests } from '../errors';
import { throttleBuckets } from './tables';

export type ThrottleRule = { limit: number; windowMs: number };

/**
 * Fixed-window counters kept in the database, so every app instance behind a load
 * balancer sees the same counts and a restart does not reset them.
 */
export class Throttle {
  constructor(private readonly db: Database) {}

  /** Counts one attempt under `key`; throws 429 once the window's limit is passed. */
  async hit(key: string, rule: ThrottleRule, now = new Date()): Promise<void> {
    const expired = new Date(now.getTime() - rule.windowMs);
    const elapsed = sql`${throttleBuckets.windowStart} <= ${expired.toISOString()}::timestamptz`;
    // One atomic upsert: a window that has elapsed starts again at 1.
    const [bucket] = await this.db
      .insert(throttleBuckets)
      .values({ key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: throttleBuckets.key,
        set: {
          count: sql`case when ${elapsed} then 1 else ${throttleBuckets.count} + 1 end`,
          windowStart: sql`case when ${elapsed} then ${now.toISOString()}::timestamptz else ${throttleBuckets.windowStart} end`,
        },
      })
      .returning();
    if (bucket && bucket.count > rule.limit) {
      throw tooManyRequests(secondsLeft(bucket.windowStart, rule, now));
    }
  }

  /** Throws 429 if the key is already at its limit, without counting. */
  async check(key: string, rule: ThrottleRule, now = new Date()): Promise<void> {
    const [bucket] = await this.db
      .select()
      .from(throttleBuckets)
      .where(eq(throttleBuckets.key, key));
    if (!bucket) return;
    const live = now.getTime() - bucket.windowStart.getTime() < rule.windowMs;
    if (live && bucket.count >= rule.limit) {
      throw tooManyRequests(secondsLeft(bucket.windowStart, rule, now));
    }
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(throttleBuckets).where(eq(throttleBuckets.key, key));
  }
}

/** Housekeeping: windows that started before `before` have elapsed (none is over a day). */
export async function deleteElapsedThrottleWindows(db: Database, before: Date) {
  await db.delete(throttleBuckets).where(lt(throttleBuckets.windowStart, before));
}

/**
 * Deletes the counters whose key matches every one of these LIKE patterns (in the caller's
 * transaction): a pupil's erasure takes the counters keyed by their name with it.
 */
export async function deleteThrottleKeysLike(db: Database | Transaction, patterns: string[]) {
  if (patterns.length === 0) return;
  await db
    .delete(throttleBuckets)
    .where(and(...patterns.map((pattern) => sql`${throttleBuckets.key} like ${pattern}`)));
}

function secondsLeft(windowStart: Date, rule: ThrottleRule, now: Date): number {
  return (windowStart.getTime() + rule.windowMs - now.getTime()) / 1000;
}
