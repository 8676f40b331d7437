import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { throttleBuckets } from '../db/schema';
import { tooManyRequests } from './errors';

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

function secondsLeft(windowStart: Date, rule: ThrottleRule, now: Date): number {
  return (windowStart.getTime() + rule.windowMs - now.getTime()) / 1000;
}
