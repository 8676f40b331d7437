import { and, inArray, isNotNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../db/client';
import {
  adminSessions,
  avatarProfiles,
  documents,
  emailTokens,
  feedback,
  files,
  jobs,
  parentReports,
  teacherSessions,
  throttleBuckets,
  videoRenders,
  voiceProfiles,
} from '../db/schema';
import type { FileStore } from './file-store';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const UNUSED_VIDEO_DAYS = 7;

/**
 * Every column that points at a stored file. A file none of them names a day after its
 * upload was never handed in, attached or used: a new reference must be added here, or
 * housekeeping deletes what it points at.
 */
const FILE_REFERENCES: AnyPgColumn[] = [
  documents.fileId,
  feedback.audioFileId,
  feedback.regionCropFileId,
  voiceProfiles.sampleFileId,
  avatarProfiles.imageFileId,
  avatarProfiles.videoFileId,
  videoRenders.audioFileId,
  videoRenders.videoFileId,
];

/**
 * Deletes the rows of these files that no column names any more (in the caller's
 * transaction) and returns their storage keys, for `removeStoredFilesLater`. A file another
 * row still names stays.
 */
export async function deleteFilesNoLongerNamed(tx: Transaction, fileIds: string[]) {
  if (fileIds.length === 0) return [];
  const removed = await tx
    .delete(files)
    .where(
      and(
        inArray(files.id, fileIds),
        ...FILE_REFERENCES.map((column) =>
          notExists(
            tx.select({ one: sql`1` }).from(column.table).where(sql`${column} = ${files.id}`),
          ),
        ),
      ),
    )
    .returning({ storageKey: files.storageKey });
  return removed.map((row) => row.storageKey);
}

/**
 * Removes what nobody can use any more, so tables and the disk do not grow for ever:
 * expired sessions and e-mail tokens, elapsed throttle windows, finished jobs, and files
 * that were uploaded but never handed in (or recorded, or uploaded for a profile, but never
 * used) within a day.
 */
export async function sweep(db: Database, store: FileStore, now = new Date()) {
  await db.delete(teacherSessions).where(lt(teacherSessions.expiresAt, now));
  await db.delete(adminSessions).where(lt(adminSessions.expiresAt, now));
  await db
    .delete(emailTokens)
    .where(
      or(
        lt(emailTokens.expiresAt, now),
        and(isNotNull(emailTokens.usedAt), lt(emailTokens.usedAt, now)),
      ),
    );
  // Every throttle window is at most a day long.
  await db
    .delete(throttleBuckets)
    .where(lt(throttleBuckets.windowStart, new Date(now.getTime() - DAY)));
  await db
    .delete(jobs)
    .where(
      and(
        inArray(jobs.status, ['done', 'failed']),
        lt(jobs.finishedAt, new Date(now.getTime() - 30 * DAY)),
      ),
    );
  // Scheduled runs (one a minute for some) say nothing worth keeping once a day old.
  await db
    .delete(jobs)
    .where(
      and(
        inArray(jobs.status, ['done', 'failed']),
        sql`${jobs.payload} ? 'scheduled'`,
        lt(jobs.finishedAt, new Date(now.getTime() - DAY)),
      ),
    );

  // A video no report uses (a preview, or a report since deleted) is kept a week, so a
  // teacher can still attach it, then goes; its files follow as orphans.
  await db
    .delete(videoRenders)
    .where(
      and(
        lt(videoRenders.createdAt, new Date(now.getTime() - UNUSED_VIDEO_DAYS * DAY)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(parentReports)
            .where(sql`${parentReports.videoRenderId} = ${videoRenders.id}`),
        ),
      ),
    );

  const orphans = await db
    .delete(files)
    .where(
      and(
        lt(files.createdAt, new Date(now.getTime() - DAY)),
        ...FILE_REFERENCES.map((column) =>
          notExists(
            db.select({ one: sql`1` }).from(column.table).where(sql`${column} = ${files.id}`),
          ),
        ),
      ),
    )
    .returning({ storageKey: files.storageKey });
  for (const { storageKey } of orphans) await store.delete(storageKey).catch(() => undefined);

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
