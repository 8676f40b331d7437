import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { documents, links, parentReports, students } from '../../db/schema';
import type { JobHandler } from '../../platform/jobs';
import type { AppContext } from '../../records/context';
import { mailRecipient, sendTeacherMail } from './teacher-mail';

/*
 * documentComments: the teacher hears when shared feedback or a parent report is opened
 * for the first time, so they know it was read. Whether to tell them was decided with the
 * opening (records/sharing queues this job only then); this job writes the e-mail. Later
 * openings are in the link's view count and in the weekly digest.
 */

const payloadSchema = z.object({ linkId: z.number().int() });

async function describeLink(ctx: AppContext, linkId: number) {
  const [row] = await ctx.db
    .select({
      teacherId: links.teacherId,
      kind: links.kind,
      documentId: links.documentId,
      documentPupil: students.name,
    })
    .from(links)
    .leftJoin(documents, eq(documents.id, links.documentId))
    .leftJoin(students, eq(students.id, documents.studentId))
    .where(eq(links.id, linkId));
  if (!row) return null; // deleted meanwhile: nothing to tell
  if (row.kind === 'feedback') {
    return {
      teacherId: row.teacherId,
      subject: 'Your shared feedback was opened',
      line: row.documentPupil
        ? `The feedback you shared on ${row.documentPupil}'s work has just been opened for the first time.`
        : 'Feedback you shared has just been opened for the first time.',
      link: { label: 'Open the document', path: `/teacher/document/${row.documentId}` },
    };
  }
  const [report] = await ctx.db
    .select({ pupil: students.name })
    .from(links)
    .innerJoin(parentReports, eq(parentReports.id, links.reportId))
    .leftJoin(students, eq(students.id, parentReports.studentId))
    .where(eq(links.id, linkId));
  return {
    teacherId: row.teacherId,
    subject: 'Your parent report was opened',
    line: report?.pupil
      ? `The report you sent about ${report.pupil} has just been opened for the first time.`
      : 'A report you sent has just been opened for the first time.',
    link: { label: 'Open Parent Reports', path: '/teacher/parent-reports' },
  };
}

export function linkOpenedNoticeJobHandler(ctx: AppContext): JobHandler {
  return {
    async run(payload) {
      const { linkId } = payloadSchema.parse(payload);
      const about = await describeLink(ctx, linkId);
      if (!about) return;
      const to = await mailRecipient(ctx, about.teacherId);
      if (!to) return;
      await sendTeacherMail(ctx, to, {
        subject: about.subject,
        lines: [about.line],
        link: about.link,
      });
    },
  };
}
