import { and, eq, inArray, lt, not, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client';
import { videoRenders } from './tables';

/*
 * Changes to video_renders asked for by other modules: the render job, a pupil's erasure,
 * housekeeping. Only this module writes the table (decision 0066).
 */

/** Updates one render; false when its row has gone meanwhile. */
export async function updateRender(
  db: Database | Transaction,
  id: string,
  values: Partial<typeof videoRenders.$inferInsert>,
) {
  const updated = await db
    .update(videoRenders)
    .set(values)
    .where(eq(videoRenders.id, id))
    .returning({ id: videoRenders.id });
  return updated.length > 0;
}

/** Deletes these renders in the caller's transaction (their files are the caller's to go). */
export async function deleteRendersById(tx: Transaction, ids: string[]) {
  if (ids.length === 0) return;
  await tx.delete(videoRenders).where(inArray(videoRenders.id, ids));
}

/**
 * A video no report uses (a preview, or a report since deleted) is kept until `before`, so
 * a teacher can still attach it, then goes; its files follow as orphans (housekeeping).
 */
export async function deleteUnusedRendersBefore(
  db: Database,
  before: Date,
  /** Whether something still uses a render (records/reports' shownInAReport), in SQL. */
  inUse: (renderId: AnyPgColumn) => SQL,
) {
  await db
    .delete(videoRenders)
    .where(and(lt(videoRenders.createdAt, before), not(inUse(videoRenders.id))));
}
