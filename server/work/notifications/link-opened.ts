import { and, eq, lt } from 'drizzle-orm';
import {
  documents,
  parentReports,
  reportLinks,
  reportLinkViews,
  shareLinks,
  shareLinkViews,
  students,
} from '../../db/schema';
import type { AppContext } from '../../records/context';
import { preferencesOf } from '../../records/settings';
import { mailRecipient, sendTeacherMail } from './teacher-mail';

/*
 * documentComments: the teacher hears when shared feedback or a parent report is opened
 * for the first time, so they know it was read. Later openings are in the link's view
 * count on the document's page and in the weekly digest.
 */

type Opened =
  | { kind: 'feedback'; linkId: number; viewId: number }
  | {
      kind: 'report';
      linkId: number;
      viewId: number;
    };

async function isFirstView(ctx: AppContext, opened: Opened) {
  const [earlier] =
    opened.kind === 'feedback'
      ? await ctx.db
          .select({ id: shareLinkViews.id })
          .from(shareLinkViews)
          .where(
            and(
              eq(shareLinkViews.shareLinkId, opened.linkId),
              lt(shareLinkViews.id, opened.viewId),
            ),
          )
          .limit(1)
      : await ctx.db
          .select({ id: reportLinkViews.id })
          .from(reportLinkViews)
          .where(
            and(
              eq(reportLinkViews.reportLinkId, opened.linkId),
              lt(reportLinkViews.id, opened.viewId),
            ),
          )
          .limit(1);
  return !earlier;
}

async function describeLink(ctx: AppContext, opened: Opened) {
  if (opened.kind === 'feedback') {
    const [row] = await ctx.db
      .select({ teacherId: shareLinks.teacherId, documentId: documents.id, pupil: students.name })
      .from(shareLinks)
      .innerJoin(documents, eq(documents.id, shareLinks.documentId))
      .leftJoin(students, eq(students.id, documents.studentId))
      .where(eq(shareLinks.id, opened.linkId));
    if (!row) return null;
    return {
      teacherId: row.teacherId,
      subject: 'Your shared feedback was opened',
      line: row.pupil
        ? `The feedback you shared on ${row.pupil}'s work has just been opened for the first time.`
        : 'Feedback you shared has just been opened for the first time.',
      link: { label: 'Open the document', path: `/teacher/document/${row.documentId}` },
    };
  }
  const [row] = await ctx.db
    .select({ teacherId: reportLinks.teacherId, pupil: students.name })
    .from(reportLinks)
    .innerJoin(parentReports, eq(parentReports.id, reportLinks.reportId))
    .leftJoin(students, eq(students.id, parentReports.studentId))
    .where(eq(reportLinks.id, opened.linkId));
  if (!row) return null;
  return {
    teacherId: row.teacherId,
    subject: 'Your parent report was opened',
    line: row.pupil
      ? `The report you sent about ${row.pupil} has just been opened for the first time.`
      : 'A report you sent has just been opened for the first time.',
    link: { label: 'Open Parent Reports', path: '/teacher/parent-reports' },
  };
}

/** The notice this opening calls for, if any, as the teacher's preference stands now. */
async function noticeFor(ctx: AppContext, opened: Opened) {
  if (!(await isFirstView(ctx, opened))) return null;
  const about = await describeLink(ctx, opened);
  if (!about) return null;
  const { documentComments } = await preferencesOf(ctx.db, about.teacherId);
  if (!documentComments) return null;
  const to = await mailRecipient(ctx, about.teacherId);
  return to ? { to, about } : null;
}

/**
 * Decided with the view, by the preference the teacher had when the link was opened (a
 * few indexed reads; decided later, a preference switched on meanwhile would have sent a
 * notice for an opening that happened while it was off). The e-mail itself is sent after
 * the page has its answer: the pupil or parent never waits for SMTP, and neither a failed
 * decision nor a failed mail breaks their view (the outbox keeps the message either way).
 */
export async function noticeFirstOpen(ctx: AppContext, opened: Opened): Promise<void> {
  const warn = (error: unknown) =>
    ctx.log.warn({ err: error }, 'Could not send the link-opened notice');
  const notice = await noticeFor(ctx, opened).catch((error: unknown) => {
    warn(error);
    return null;
  });
  if (!notice) return;
  const { to, about } = notice;
  void sendTeacherMail(ctx, to, {
    subject: about.subject,
    lines: [about.line],
    link: about.link,
  }).catch(warn);
}
