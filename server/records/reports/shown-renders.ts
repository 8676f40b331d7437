import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Transaction } from '../../db/client';
import { discardRenders } from '../videos';
import { parentReports } from './tables';

/*
 * Which report videos a report still shows: a render shown by one report is never removed
 * when another lets it go, nor swept by housekeeping. Asked of this module, which owns the
 * reports, by whoever removes renders.
 */

/** Of these renders, those no report shows (read in the caller's transaction). */
async function rendersNoReportShows(tx: Transaction, renderIds: string[]) {
  if (renderIds.length === 0) return [];
  const shown = await tx
    .select({ id: parentReports.videoRenderId })
    .from(parentReports)
    .where(inArray(parentReports.videoRenderId, renderIds));
  const shownIds = new Set(shown.map((row) => row.id));
  return renderIds.filter((id) => !shownIds.has(id));
}

/** Discards the renders a report let go, unless another report still shows them. */
export async function discardUnshownRenders(
  tx: Transaction,
  teacherId: number,
  renderIds: string[],
) {
  await discardRenders(tx, teacherId, await rendersNoReportShows(tx, renderIds));
}

/** A condition, for a statement about renders: a report shows the render `renderId` names. */
export function shownInAReport(renderId: AnyPgColumn): SQL {
  return sql`exists (select 1 from ${parentReports} where ${parentReports.videoRenderId} = ${renderId})`;
}
