import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { jobs } from '../../db/schema';
import { enqueueJob } from '../../platform/jobs';
import { preferencesOf } from '../settings';

/*
 * A teacher who wants to hear of hand-ins gets one e-mail per window: the hand-in queues
 * the notice job here, in its own transaction; the notifications module sends it.
 */

export const HAND_IN_NOTICE_JOB = 'hand-in-notice';

/**
 * The first hand-in after a quiet spell opens a 15-minute window; one e-mail at its end
 * lists everything handed in meanwhile. So a class handing in together is one e-mail,
 * and a teacher never gets more than one every 15 minutes.
 */
export const HAND_IN_WINDOW_MS = 15 * 60_000;

/**
 * Called in the hand-in's transaction, so the notice is as durable as the hand-in.
 * `handedInAt` is the document's own created_at (the database's clock), so the window
 * surely includes it.
 */
export async function scheduleHandInNotice(tx: Transaction, teacherId: number, handedInAt: Date) {
  const { emailNotifications } = await preferencesOf(tx as unknown as Database, teacherId);
  if (!emailNotifications) return;
  const [waiting] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, HAND_IN_NOTICE_JOB),
        eq(jobs.status, 'queued'),
        sql`${jobs.payload} ->> 'teacherId' = ${String(teacherId)}`,
      ),
    )
    .limit(1);
  if (waiting) return; // the open window's e-mail will list this hand-in too
  await enqueueJob(
    tx,
    HAND_IN_NOTICE_JOB,
    { teacherId, since: handedInAt.toISOString() },
    { runAfter: new Date(handedInAt.getTime() + HAND_IN_WINDOW_MS) },
  );
}
