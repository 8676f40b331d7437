import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { files } from '../../db/schema';
import type { FileStore } from '../../platform/file-store';
import { deleteFinishedJobs } from '../../platform/jobs';
import { deleteElapsedThrottleWindows } from '../../platform/throttle';
import { deleteExpiredAdminSessions } from '../../records/admin';
import { shownInAReport } from '../../records/reports';
import { deleteExpiredTeacherSessions, deleteSpentEmailTokens } from '../../records/teachers';
import { deleteUnnamedFilesBefore } from '../../records/uploads';
import { deleteUnusedRendersBefore } from '../../records/videos';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const UNUSED_VIDEO_DAYS = 7;

/**
 * Removes what nobody can use any more, so tables and the disk do not grow for ever:
 * expired sessions and e-mail tokens, elapsed throttle windows, finished jobs, and files
 * that were uploaded but never handed in (or recorded, or uploaded for a profile, but never
 * used) within a day. Each table's rows are deleted by the module that owns it.
 */
export async function sweep(db: Database, store: FileStore, now = new Date()) {
  await deleteExpiredTeacherSessions(db, now);
  await deleteExpiredAdminSessions(db, now);
  await deleteSpentEmailTokens(db, now);
  // Every throttle window is at most a day long.
  await deleteElapsedThrottleWindows(db, new Date(now.getTime() - DAY));
  await deleteFinishedJobs(db, now, DAY);

  // A video no report uses (a preview, or a report since deleted) is kept a week, so a
  // teacher can still attach it, then goes; its files follow as orphans.
  const unusedBefore = new Date(now.getTime() - UNUSED_VIDEO_DAYS * DAY);
  await deleteUnusedRendersBefore(db, unusedBefore, shownInAReport);

  // A file no column names (records/uploads knows every column that may) a day after upload.
  const orphans = await deleteUnnamedFilesBefore(db, new Date(now.getTime() - DAY));
  for (const storageKey of orphans) await store.delete(storageKey).catch(() => undefined);

  // Bytes no row names: a process killed between writing a file and committing its row
  // leaves one behind (storeFile writes bytes first). A day's age keeps a file whose row
  // is still being committed.
  const dayAgo = new Date(now.getTime() - DAY);
  const strayBytes = await removeUnreferencedBytes(db, store, dayAgo);
  const temporaryFiles = await store.removeTemporaryFilesBefore(dayAgo);
  return { orphanFiles: orphans.length, strayBytes, temporaryFiles };
}

async function removeUnreferencedBytes(db: Database, store: FileStore, before: Date) {
  const keys = await store.keysWrittenBefore(before);
  let removed = 0;
  for (let start = 0; start < keys.length; start += 500) {
    const batch = keys.slice(start, start + 500);
    const known = await db
      .select({ storageKey: files.storageKey })
      .from(files)
      .where(inArray(files.storageKey, batch));
    const referenced = new Set(known.map((row) => row.storageKey));
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await store.delete(key);
      removed += 1;
    }
  }
  return removed;
}

/** Sweeps once an hour, cluster-wide (a scheduled task: see server/background.ts). */
export function housekeepingTask(db: Database, store: FileStore, log: FastifyBaseLogger) {
  return {
    name: 'housekeeping',
    everyMs: HOUR,
    run: async () => {
      const removed = await sweep(db, store);
      if (removed.orphanFiles || removed.strayBytes || removed.temporaryFiles) {
        log.info(removed, 'Housekeeping removed unused uploads');
      }
    },
  };
}
