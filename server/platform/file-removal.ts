import { z } from 'zod';
import type { Database } from '../db/client';
import type { FileStore } from './file-store';
import { deleteJob, enqueueJob, type JobHandler } from './jobs';

export const REMOVE_STORED_FILES_JOB = 'remove-stored-files';

const payloadSchema = z.object({ storageKeys: z.array(z.string()) });

type Writer = Parameters<typeof enqueueJob>[0];

/**
 * Records that these stored files must go, in the caller's transaction: the rows that
 * named them and this job commit together, so a crash after the commit leaves a job that
 * finishes the removal after a restart (never bytes that nobody knows to delete).
 */
export async function removeStoredFilesLater(db: Writer, storageKeys: string[]): Promise<void> {
  if (storageKeys.length === 0) return;
  await enqueueJob(db, REMOVE_STORED_FILES_JOB, { storageKeys });
}

export function removeStoredFilesJobHandler(db: Database, store: FileStore): JobHandler {
  return {
    async run(payload, job) {
      const { storageKeys } = payloadSchema.parse(payload);
      // Deleting a missing key is not an error, so a retry after a crash mid-way is safe.
      for (const key of storageKeys) await store.delete(key);
      // The list of what was removed is itself a trace of the erased pupil: once the bytes
      // are gone, the job goes too (the runner's "done" update then touches no row).
      await deleteJob(db, job.id);
    },
  };
}
