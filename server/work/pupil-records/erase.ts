import { and, eq } from 'drizzle-orm';
import { STUDENT_MESSAGES } from '../../../contract/students';
import type { Transaction } from '../../db/client';
import { students } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { removeStoredFilesLater } from '../../platform/file-removal';
import { deleteJobsAbout } from '../../platform/jobs';
import { forgetMail } from '../../platform/mail';
import { deleteThrottleKeysLike } from '../../platform/throttle';
import type { AppContext } from '../../records/context';
import { deleteDocumentsById, EXTRACT_TEXT_JOB } from '../../records/documents';
import { deleteStudentRow, pupilDisplayName } from '../../records/pupils';
import { deleteReportsById } from '../../records/reports';
import { deleteTeacherFiles } from '../../records/uploads';
import { deleteRendersById, RENDER_VIDEO_JOB } from '../../records/videos';
import { footprintOf, pupilRecords } from './records';

/**
 * Erases a pupil: every row about them goes in one transaction (each table's rows deleted
 * by the module that owns it, in this transaction), and the removal of their stored files
 * is a durable job written in that same transaction. Share and report links
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
    await deleteJobsAbout(tx, [
      { kind: EXTRACT_TEXT_JOB, field: 'documentId', values: docIds.map(String) },
      { kind: RENDER_VIDEO_JOB, field: 'renderId', values: renderIds },
    ]);

    // Feedback, share links and their views go with the documents (ON DELETE CASCADE);
    // report links and views with the reports. documents.student_id is SET NULL, so the
    // documents are deleted by id, not left behind nameless.
    await deleteDocumentsById(tx, docIds);
    await deleteReportsById(
      tx,
      records.reports.map((r) => r.id),
    );
    await deleteRendersById(tx, renderIds);
    const removed = await deleteTeacherFiles(tx, teacherId, fileIds);

    await forgetMailAbout(tx, teacherId, student, records);
    // The pupil portal's lookup counter is keyed by first name and initials.
    if (student.surnameInitials) {
      await deleteThrottleKeysLike(tx, [
        'pupil-lookup:pupil:%',
        `%:${likeEscape(student.name.toLowerCase())}:${likeEscape(student.surnameInitials)}`,
      ]);
    }
    await deleteStudentRow(tx, student.id);
    await removeStoredFilesLater(tx, removed);
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
  await forgetMail(tx, teacherId, {
    addresses,
    // Only a name with a surname or initials: a bare first name would catch other children.
    textLike: fullName !== student.name ? `%${likeEscape(fullName)}%` : undefined,
  });
}

function likeEscape(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
