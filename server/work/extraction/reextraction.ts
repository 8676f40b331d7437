/**
 * Reads PDFs again that an older extractor read (see EXTRACTION_VERSION), a few at a time
 * and only while no other extraction waits, so pupils' new hand-ins never queue behind
 * the backlog. Feedback on those documents re-anchors by quote when it is read.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { documents, files, jobs } from '../../db/schema';
import { enqueueJob } from '../../platform/jobs';
import type { AppContext } from '../../records/context';
import { EXTRACT_TEXT_JOB, updateDocuments } from '../../records/documents';
import { EXTRACTION_VERSION } from './extraction-job';

const BATCH = 20;
const EVERY_MS = 60_000;

/** Queues up to `batch` out-of-date PDFs; returns how many. */
export async function queueReextraction(ctx: AppContext, batch = BATCH): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const [waiting] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.kind, EXTRACT_TEXT_JOB), inArray(jobs.status, ['queued', 'running'])));
    if ((waiting?.count ?? 0) > 0) return 0;
    const due = await tx
      .select({ id: documents.id })
      .from(documents)
      .innerJoin(files, eq(files.id, documents.fileId))
      .where(
        and(
          eq(documents.extractionStatus, 'done'),
          lt(documents.extractionVersion, EXTRACTION_VERSION),
          sql`lower(${files.storageKey}) like '%.pdf'`,
        ),
      )
      .orderBy(documents.id)
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    const ids = due.map((row) => row.id);
    // Marked as read by this version now, so a restart does not queue them twice; the
    // job itself only replaces the text if the new reading succeeds.
    await updateDocuments(tx, ids, { extractionVersion: EXTRACTION_VERSION });
    for (const documentId of ids) {
      await enqueueJob(tx, EXTRACT_TEXT_JOB, { documentId, again: true });
    }
    return ids.length;
  });
}

/** Once a minute, cluster-wide (a scheduled task: see server/background.ts). */
export function reextractionTask(ctx: AppContext) {
  return {
    name: 'queue-reextraction',
    everyMs: EVERY_MS,
    run: async () => {
      if ((await queueReextraction(ctx)) > 0) ctx.jobs.poke(EXTRACT_TEXT_JOB);
    },
  };
}
