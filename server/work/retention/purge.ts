import { and, asc, eq, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { RETENTION_YEARS } from '../../../contract/settings';
import { documents, teacherSettings } from '../../db/schema';
import type { AppContext } from '../../records/context';
import { deleteDocument } from '../../records/documents';
import { addDays, formatDay, mailRecipient, plural, sendTeacherMail } from '../notifications';

/*
 * Retention (Settings, Privacy): hand-ins older than the teacher's period (1, 2 or 3
 * years after hand-in) are deleted with their feedback, recordings, share links and
 * stored files. The teacher is e-mailed first, and nothing is purged until a week after
 * that e-mail, even when the period was just shortened: there is always a week to export.
 */

export const NOTICE_DAYS = 7;
/** One run's work is bounded per teacher; the next run (15 minutes later) carries on. */
export const PURGE_BATCH = 500;

/** The hand-in date before which work is purged: the same day and month, years ago. */
export function retentionCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

async function teachersByPeriod(ctx: AppContext) {
  const rows = await ctx.db
    .select({
      teacherId: teacherSettings.teacherId,
      years: sql<string>`${teacherSettings.preferences} ->> 'retentionYears'`,
    })
    .from(teacherSettings)
    .where(sql`${teacherSettings.preferences} ->> 'retentionYears' in ('1', '2', '3')`);
  return rows
    .map((row) => ({ teacherId: row.teacherId, years: Number(row.years) }))
    .filter((row) => (RETENTION_YEARS as readonly number[]).includes(row.years) && row.years > 0);
}

/** Marks work due within a week and tells the teacher, once per piece of work. */
async function sendNotice(ctx: AppContext, teacherId: number, years: number, now: Date) {
  const dueBy = retentionCutoff(addDays(now, NOTICE_DAYS), years);
  const marked = await ctx.db
    .update(documents)
    .set({ retentionNoticeAt: now })
    .where(
      and(
        eq(documents.teacherId, teacherId),
        isNull(documents.retentionNoticeAt),
        lt(documents.createdAt, dueBy),
      ),
    )
    .returning({ id: documents.id });
  if (marked.length === 0) return 0;
  const to = await mailRecipient(ctx, teacherId);
  if (to) {
    await sendTeacherMail(ctx, to, {
      subject: `${plural(marked.length, 'piece')} of pupils' work will be deleted in a week`,
      lines: [
        `Your retention period is ${plural(years, 'year')} after hand-in. ${plural(marked.length, 'piece')} of handed-in work, with its feedback and recordings, will be deleted from ${formatDay(addDays(now, NOTICE_DAYS))}.`,
        'If you need to keep any of it, download it from its document page before then, or lengthen the retention period in Settings, Privacy.',
      ],
      link: { label: 'Open your documents', path: '/teacher/documents' },
    });
  }
  return marked.length;
}

async function purgeDue(ctx: AppContext, teacherId: number, years: number, now: Date) {
  const due = await ctx.db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.teacherId, teacherId),
        lt(documents.createdAt, retentionCutoff(now, years)),
        isNotNull(documents.retentionNoticeAt),
        lte(documents.retentionNoticeAt, addDays(now, -NOTICE_DAYS)),
      ),
    )
    .orderBy(asc(documents.id))
    .limit(PURGE_BATCH);
  // One document at a time, with the same deletion as the teacher's own Delete: rows in
  // a transaction, then the stored bytes.
  for (const { id } of due) await deleteDocument(ctx, teacherId, id);
  return due.length;
}

export async function runRetention(ctx: AppContext, now = new Date()) {
  let noticed = 0;
  let purged = 0;
  for (const { teacherId, years } of await teachersByPeriod(ctx)) {
    purged += await purgeDue(ctx, teacherId, years, now);
    noticed += await sendNotice(ctx, teacherId, years, now);
  }
  return { noticed, purged };
}

/** A changed period starts its own week's notice: earlier notices no longer count. */
export async function forgetRetentionNotices(ctx: Pick<AppContext, 'db'>, teacherId: number) {
  await ctx.db
    .update(documents)
    .set({ retentionNoticeAt: null })
    .where(and(eq(documents.teacherId, teacherId), isNotNull(documents.retentionNoticeAt)));
}
