import { and, asc, eq, isNotNull, lt, lte, sql } from 'drizzle-orm';
import { RETENTION_YEARS } from '../../../contract/settings';
import { documents, teacherSettings } from '../../db/schema';
import type { AppContext } from '../../records/context';
import {
  clearRetentionNotices,
  deleteDocument,
  markRetentionNotices,
} from '../../records/documents';
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
/**
 * ...and as a whole: at ~3.3 ms a hand-in (measured on a district's database, 5,000,000
 * feedback items), 5,000 is under 20 s of the database's time a run, so a district whose
 * teachers all have work due at once is purged over a few runs instead of one run lasting
 * hours. Teachers the budget did not reach come first in the next run.
 */
export const RUN_PURGE_BUDGET = 5_000;

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
  const marked = await markRetentionNotices(ctx.db, teacherId, dueBy, now);
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

async function purgeDue(
  ctx: AppContext,
  teacherId: number,
  years: number,
  now: Date,
  limit: number,
) {
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
    .limit(limit);
  // One document at a time, with the same deletion as the teacher's own Delete: rows in
  // a transaction, then the stored bytes.
  for (const { id } of due) await deleteDocument(ctx, teacherId, id);
  return due.length;
}

/** Where the last run's budget ran out: the next run starts with the teachers after it. */
let resumeAfterTeacher = 0;

export async function runRetention(
  ctx: AppContext,
  now = new Date(),
  budget: number = RUN_PURGE_BUDGET,
) {
  let noticed = 0;
  let purged = 0;
  let left = budget;
  const teachers = await teachersByPeriod(ctx);
  // In teacher order, starting after the last teacher the previous run reached.
  teachers.sort((a, b) => a.teacherId - b.teacherId);
  const start = teachers.findIndex((row) => row.teacherId > resumeAfterTeacher);
  const ordered = start <= 0 ? teachers : [...teachers.slice(start), ...teachers.slice(0, start)];
  for (const { teacherId, years } of ordered) {
    if (left > 0) {
      const done = await purgeDue(ctx, teacherId, years, now, Math.min(PURGE_BATCH, left));
      purged += done;
      left -= done;
      if (left <= 0) resumeAfterTeacher = teacherId;
    }
    // Notices are one update and at most one e-mail a teacher: never held back.
    noticed += await sendNotice(ctx, teacherId, years, now);
  }
  if (left > 0) resumeAfterTeacher = 0;
  return { noticed, purged };
}

/** A changed period starts its own week's notice: earlier notices no longer count. */
export async function forgetRetentionNotices(ctx: Pick<AppContext, 'db'>, teacherId: number) {
  await clearRetentionNotices(ctx.db, teacherId);
}
