import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client';
import { avatarProfiles, documents, feedback, videoRenders, voiceProfiles } from '../../db/schema';
import { files } from './tables';

/**
 * Every column that points at a stored file. A file none of them names a day after its
 * upload was never handed in, attached or used: a new reference must be added here, or
 * housekeeping deletes what it points at.
 */
export const FILE_REFERENCES: AnyPgColumn[] = [
  documents.fileId,
  feedback.audioFileId,
  feedback.regionCropFileId,
  voiceProfiles.sampleFileId,
  avatarProfiles.imageFileId,
  avatarProfiles.videoFileId,
  videoRenders.audioFileId,
  videoRenders.videoFileId,
];

const namedNowhere = (db: Database | Transaction) =>
  FILE_REFERENCES.map((column) =>
    notExists(db.select({ one: sql`1` }).from(column.table).where(sql`${column} = ${files.id}`)),
  );

/**
 * Deletes the rows of these files that no column names any more (in the caller's
 * transaction) and returns their storage keys, for `removeStoredFilesLater`. A file another
 * row still names stays.
 */
export async function deleteFilesNoLongerNamed(tx: Transaction, fileIds: string[]) {
  if (fileIds.length === 0) return [];
  const removed = await tx
    .delete(files)
    .where(and(inArray(files.id, fileIds), ...namedNowhere(tx)))
    .returning({ storageKey: files.storageKey });
  return removed.map((row) => row.storageKey);
}

/** Deletes the rows of files uploaded before `before` that nothing names; their storage keys. */
export async function deleteUnnamedFilesBefore(db: Database, before: Date) {
  const removed = await db
    .delete(files)
    .where(and(lt(files.createdAt, before), ...namedNowhere(db)))
    .returning({ storageKey: files.storageKey });
  return removed.map((row) => row.storageKey);
}

/** Deletes one file's row (in the caller's transaction); its storage key, if it was there. */
export async function deleteFileRow(tx: Database | Transaction, fileId: string) {
  const [file] = await tx.delete(files).where(eq(files.id, fileId)).returning();
  return file?.storageKey;
}

/** Deletes these files of one teacher (in the caller's transaction); their storage keys. */
export async function deleteTeacherFiles(
  tx: Database | Transaction,
  teacherId: number,
  fileIds: string[],
) {
  if (fileIds.length === 0) return [];
  const removed = await tx
    .delete(files)
    .where(and(inArray(files.id, fileIds), eq(files.teacherId, teacherId)))
    .returning({ storageKey: files.storageKey });
  return removed.map((row) => row.storageKey);
}
