import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { STUDENT_MESSAGES } from '../../../contract/students';
import type { Transaction } from '../../db/client';
import {
  documents,
  files,
  jobs,
  mailOutbox,
  parentReports,
  students,
  throttleBuckets,
  videoRenders,
} from '../../db/schema';
import { notFound } from '../../platform/errors';
import { removeStoredFilesLater } from '../../platform/file-removal';
import type { AppContext } from '../../records/context';
import { EXTRACT_TEXT_JOB } from '../../records/documents';
import { pupilDisplayName } from '../../records/pupils';
import { RENDER_VIDEO_JOB } from '../../records/videos';
import { footprintOf, pupilRecords } from './records';

/**
 * Erases a pupil: every row about them goes in one transaction, and the removal of their
 * stored files is a durable job written in that same transaction. Share and report links
 * stop working at the commit (their rows are gone); the bytes follow as soon as the job
 * runs, and after a crash the job runs again on restart.
 */
export async function erasePupil(ctx: AppContext, teacherId: number, studentId: number) {
  const footprint = await ctx.db.transaction(async (tx) => {
    // Locked, so a hand-in matching this pupil waits and then creates a fresh record.
    const [student] = await tx
      .select()
      .from(students)
      .where(and(eq(students.id, studentId), eq(students.teacherId, teacherId)))
      .for('update');
    if (!student) throw notFound(STUDENT_MESSAGES.notFound);
    const records = await pupilRecords(tx, student);
    const docIds = records.documents.map((d) => d.id);
    const renderIds = records.renders.map((r) => r.id);
    const fileIds = [...records.files.keys()];

    // Jobs about them (text extraction, video rendering) carry their ids.
    const jobConditions = [
      docIds.length
        ? and(
            eq(jobs.kind, EXTRACT_TEXT_JOB),
            inArray(sql`(${jobs.payload}->>'documentId')`, docIds.map(String)),
          )
        : undefined,
      renderIds.length
        ? and(
            eq(jobs.kind, RENDER_VIDEO_JOB),
            inArray(sql`(${jobs.payload}->>'renderId')`, renderIds),
          )
        : undefined,
    ].filter(Boolean);
    if (jobConditions.length) await tx.delete(jobs).where(or(...jobConditions));

    // Feedback, share links and their views go with the documents (ON DELETE CASCADE);
    // report links and views with the reports. documents.student_id is SET NULL, so the
    // documents are deleted by id, not left behind nameless.
    if (docIds.length) await tx.delete(documents).where(inArray(documents.id, docIds));
    if (records.reports.length) {
      await tx.delete(parentReports).where(
        inArray(
          parentReports.id,
          records.reports.map((r) => r.id),
        ),
      );
    }
    if (renderIds.length) await tx.delete(videoRenders).where(inArray(videoRenders.id, renderIds));
    const removed = fileIds.length
      ? await tx
          .delete(files)
          .where(and(eq(files.teacherId, teacherId), inArray(files.id, fileIds)))
          .returning({ storageKey: files.storageKey })
      : [];

    await forgetMailAbout(tx, teacherId, student, records);
    // The pupil portal's lookup counter is keyed by first name and initials.
    if (student.surnameInitials) {
      await tx
        .delete(throttleBuckets)
        .where(
          sql`${throttleBuckets.key} like ${'pupil-lookup:pupil:%'} and ${throttleBuckets.key} like ${`%:${likeEscape(student.name.toLowerCase())}:${likeEscape(student.surnameInitials)}`}`,
        );
    }
    await tx.delete(students).where(eq(students.id, student.id));
    await removeStoredFilesLater(
      tx,
      removed.map((r) => r.storageKey),
    );
    return footprintOf(records);
  });
  ctx.jobs.poke();
  return footprint;
}

/**
 * The outbox keeps every e-mail sent: those sent to the pupil or about them to a parent
 * (by the addresses their links went to) and notices naming them go with them.
 */
async function forgetMailAbout(
  tx: Transaction,
  teacherId: number,
  student: typeof students.$inferSelect,
  records: Awaited<ReturnType<typeof pupilRecords>>,
) {
  const addresses = [
    student.email,
    student.parentEmail,
    ...records.links.map((link) => link.recipientEmail),
  ]
    .filter((a): a is string => Boolean(a))
    .map((a) => a.toLowerCase());
  const fullName = pupilDisplayName(student);
  const conditions = [
    addresses.length ? inArray(sql`lower(${mailOutbox.toAddress})`, addresses) : undefined,
    // Only a name with a surname or initials: a bare first name would catch other children.
    fullName !== student.name
      ? sql`${mailOutbox.textBody} like ${`%${likeEscape(fullName)}%`}`
      : undefined,
  ].filter(Boolean);
  if (conditions.length === 0) return;
  await tx.delete(mailOutbox).where(and(eq(mailOutbox.teacherId, teacherId), or(...conditions)));
}

function likeEscape(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
