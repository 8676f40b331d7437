import { and, asc, eq, gt, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Transaction } from '../../db/client';
import { documents, files, jobs, students, teacherSettings } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { JobHandler } from '../../platform/jobs';
import { preferencesOf } from '../settings/store';
import { mailRecipient, plural, sendTeacherMail } from './teacher-mail';

export const HAND_IN_NOTICE_JOB = 'hand-in-notice';

/**
 * The first hand-in after a quiet spell opens a 15-minute window; one e-mail at its end
 * lists everything handed in meanwhile. So a class handing in together is one e-mail,
 * and a teacher never gets more than one every 15 minutes.
 */
export const HAND_IN_WINDOW_MS = 15 * 60_000;

const payloadSchema = z.object({ teacherId: z.number().int(), since: z.iso.datetime() });

type Tx = Transaction;

/**
 * Called in the hand-in's transaction, so the notice is as durable as the hand-in.
 * `handedInAt` is the document's own created_at (the database's clock), so the window
 * surely includes it.
 */
export async function scheduleHandInNotice(tx: Tx, teacherId: number, handedInAt: Date) {
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
  await tx.insert(jobs).values({
    kind: HAND_IN_NOTICE_JOB,
    payload: { teacherId, since: handedInAt.toISOString() },
    runAfter: new Date(handedInAt.getTime() + HAND_IN_WINDOW_MS),
  });
}

/** Pupils' first names only, each with how many pieces they handed in. */
function describe(rows: { firstName: string }[]): string {
  const counts = new Map<string, number>();
  for (const { firstName } of rows) counts.set(firstName, (counts.get(firstName) ?? 0) + 1);
  return [...counts]
    .map(([name, n]) => (n > 1 ? `${name} (${n})` : name))
    .sort((a, b) => a.localeCompare(b))
    .join(', ');
}

export function handInNoticeJobHandler(ctx: AppContext): JobHandler {
  return {
    async run(payload) {
      const { teacherId, since } = payloadSchema.parse(payload);
      const now = new Date();
      const [settings] = await ctx.db
        .select({ last: teacherSettings.lastHandInNoticeAt })
        .from(teacherSettings)
        .where(eq(teacherSettings.teacherId, teacherId));
      const { emailNotifications } = await preferencesOf(ctx.db, teacherId);
      const to = await mailRecipient(ctx, teacherId);
      if (!emailNotifications || !to) return;
      // Nothing is listed twice: only work handed in after the last notice.
      const rows = await ctx.db
        .select({ firstName: students.name })
        .from(documents)
        .innerJoin(files, eq(files.id, documents.fileId))
        .innerJoin(students, eq(students.id, documents.studentId))
        .where(
          and(
            eq(documents.teacherId, teacherId),
            eq(files.uploadedBy, 'pupil'),
            gte(documents.createdAt, new Date(since)),
            settings?.last ? gt(documents.createdAt, settings.last) : undefined,
          ),
        )
        .orderBy(asc(documents.createdAt));
      if (rows.length === 0) return; // deleted meanwhile, or already in the last notice
      await ctx.db
        .update(teacherSettings)
        .set({ lastHandInNoticeAt: now })
        .where(eq(teacherSettings.teacherId, teacherId));
      await sendTeacherMail(ctx, to, {
        subject:
          rows.length === 1
            ? 'A pupil handed in work'
            : `${plural(rows.length, 'piece')} of work handed in`,
        lines: [
          `${plural(rows.length, 'piece')} of work ${rows.length === 1 ? 'was' : 'were'} handed in to you: ${describe(rows)}.`,
        ],
        link: { label: 'Open your documents', path: '/teacher/documents' },
      });
    },
  };
}
