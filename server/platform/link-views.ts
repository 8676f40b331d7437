import { count, inArray, max } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

export type LinkViewStats = { viewCount: number; lastViewedAt: string | null };

/**
 * How often, and when last, each shared link was opened (feedback links and report
 * links keep a view log of the same shape): one grouped query for all the links.
 */
export async function linkViewStats(
  db: Database,
  log: { linkId: AnyPgColumn; viewedAt: AnyPgColumn },
  linkIds: number[],
): Promise<(linkId: number) => LinkViewStats> {
  const rows = linkIds.length
    ? await db
        .select({ linkId: log.linkId, n: count(), last: max(log.viewedAt) })
        .from(log.linkId.table)
        .where(inArray(log.linkId, linkIds))
        .groupBy(log.linkId)
    : [];
  const byLink = new Map(
    rows.map((row) => [
      Number(row.linkId),
      {
        viewCount: Number(row.n),
        lastViewedAt: row.last ? new Date(row.last as string | Date).toISOString() : null,
      },
    ]),
  );
  return (linkId) => byLink.get(linkId) ?? { viewCount: 0, lastViewedAt: null };
}
