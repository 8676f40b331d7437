import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { INVALID_REPORT_LINK, type shareReportSchema } from '../../../contract/parent-reports';
import {
  parentReports,
  students,
  type teachers,
  teachers as teachersTable,
  videoRenders,
} from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import { escapeHtml } from '../../platform/mail';
import type { ThrottleRule } from '../../platform/throttle';
import type { AppContext } from '../context';
import {
  createLink,
  findLiveLink,
  linkApiPath,
  linkPageUrl,
  listLinks,
  revokeLink,
} from '../links';
import { markReportSent, ownedReport, presentSharedReport } from '../reports';

const DAY_MS = 24 * 60 * 60 * 1000;
const REPORT_MAILS_PER_TEACHER: ThrottleRule = { limit: 50, windowMs: DAY_MS };

type Teacher = typeof teachers.$inferSelect;

const invalidLink = () => notFound(INVALID_REPORT_LINK, 'invalid_link');

/**
 * Sends the report: an expiring link, the report marked sent, and an e-mail to the parent
 * (the directory's address unless another is typed). The key is returned once, here.
 */
export async function shareReport(
  ctx: AppContext,
  teacher: Teacher,
  reportId: number,
  input: z.output<typeof shareReportSchema>,
) {
  const report = await ownedReport(ctx, teacher.id, reportId);
  const [student] = report.studentId
    ? await ctx.db.select().from(students).where(eq(students.id, report.studentId))
    : [];
  const [render] = report.videoRenderId
    ? await ctx.db
        .select({ status: videoRenders.status, voiceSource: videoRenders.voiceSource })
        .from(videoRenders)
        .where(eq(videoRenders.id, report.videoRenderId))
    : [];
  const email = input.recipientEmail?.trim() || student?.parentEmail?.trim() || null;
  if (input.sendEmail && !email) {
    throw badRequest("Enter the parent's e-mail address to send the report", 'email_required');
  }
  if (input.sendEmail) {
    await ctx.throttle.hit(`report-mail:teacher:${teacher.id}`, REPORT_MAILS_PER_TEACHER);
  }
  const now = new Date();
  const recipientName = input.recipientName?.trim() || student?.parentName?.trim() || null;
  const { key, link } = await ctx.db.transaction(async (tx) => {
    const made = await createLink(tx, {
      teacherId: teacher.id,
      subject: { kind: 'report', reportId },
      recipientName,
      recipientEmail: email,
      expiryDays: input.expiryDays,
      now,
    });
    await markReportSent(tx, reportId, report.sentAt ?? now, now);
    return made;
  });
  const shareableLink = linkPageUrl(ctx.config.publicUrl, 'report', key);
  if (input.sendEmail && email) {
    await sendReportEmail(ctx, teacher, {
      to: email,
      recipientName,
      pupilFirstName: student?.name ?? null,
      link: shareableLink,
      expiresAt: link.expiresAt,
      // What the report holds now: a video still being made is not promised.
      video: render?.status === 'done' ? render.voiceSource : null,
    });
  }
  return {
    shareableLink,
    expiresAt: link.expiresAt.toISOString(),
    emailSent: Boolean(input.sendEmail && email),
    recipientEmail: email,
  };
}

type VideoVoice = 'recording' | 'synthesized';

/**
 * The e-mail says what the parent will find: a video (and whose voice it speaks with) and
 * the text, or the text alone. Exported for its tests.
 */
export function reportEmail(mail: {
  teacherName: string;
  recipientName: string | null;
  pupilFirstName: string | null;
  link: string;
  until: string;
  video: VideoVoice | null;
}) {
  const { teacherName, link, until } = mail;
  const about = mail.pupilFirstName ?? 'your child';
  const greeting = mail.recipientName ? `Dear ${mail.recipientName},` : 'Hello,';
  const intro = mail.video
    ? `${teacherName} has made a video report about ${about} for you, with the report's words written out beside it.`
    : `${teacherName} has written a report about ${about} for you.`;
  const cta = mail.video ? 'Watch and read it here:' : 'Read it here:';
  const linkText = mail.video ? 'Watch and read the report' : 'Read the report';
  const aiNote =
    mail.video === 'recording'
      ? `The video was made with AI from ${teacherName}'s own recording. `
      : mail.video === 'synthesized'
        ? `The video was made with AI: a synthesized voice reads ${teacherName}'s words. `
        : '';
  const closing = `${aiNote}The link works until ${until}.`;
  return {
    subject: `A report about ${about} from ${teacherName}`,
    text: `${greeting}\n\n${intro}\n\n${cta}\n${link}\n\n${closing}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${linkText}</a></p><p>${escapeHtml(closing)}</p>`,
  };
}

async function sendReportEmail(
  ctx: AppContext,
  teacher: Teacher,
  mail: {
    to: string;
    recipientName: string | null;
    pupilFirstName: string | null;
    link: string;
    expiresAt: Date;
    video: VideoVoice | null;
  },
) {
  const teacherName =
    [teacher.firstName, teacher.lastName].filter(Boolean).join(' ') || 'Your child’s teacher';
  const until = mail.expiresAt.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  await ctx.mailer.send({
    teacherId: teacher.id,
    to: mail.to,
    ...reportEmail({ ...mail, teacherName, until }),
  });
}

export async function listReportLinks(ctx: AppContext, teacherId: number, reportId: number) {
  await ownedReport(ctx, teacherId, reportId);
  const rows = await listLinks(ctx.db, teacherId, { kind: 'report', reportId });
  return rows.map((link) => ({
    id: link.id,
    recipientName: link.recipientName,
    recipientEmail: link.recipientEmail,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    viewCount: link.viewCount,
    lastViewedAt: link.lastViewedAt?.toISOString() ?? null,
  }));
}

export async function revokeReportLink(ctx: AppContext, teacherId: number, linkId: number) {
  await revokeLink(ctx.db, teacherId, 'report', linkId);
}

/**
 * The report behind a live link. Expired, revoked and unknown keys look the same, and so
 * does a deleted report (its links go with it).
 */
export async function findLiveReportLink(ctx: AppContext, key: string) {
  const link = await findLiveLink(ctx.db, 'report', key, invalidLink);
  const [row] = link.reportId
    ? await ctx.db
        .select({
          report: parentReports,
          student: students,
          teacher: teachersTable,
          render: { status: videoRenders.status, voiceSource: videoRenders.voiceSource },
        })
        .from(parentReports)
        .innerJoin(teachersTable, eq(teachersTable.id, parentReports.teacherId))
        .leftJoin(students, eq(students.id, parentReports.studentId))
        .leftJoin(videoRenders, eq(videoRenders.id, parentReports.videoRenderId))
        .where(eq(parentReports.id, link.reportId))
    : [];
  if (!row) throw invalidLink();
  return { link, ...row };
}

/** The parent's view; each opening (a GET, not a HEAD) is logged. */
export async function openSharedReport(ctx: AppContext, key: string, countView: boolean) {
  const row = await findLiveReportLink(ctx, key);
  if (countView) ctx.linkViews.note(row.link.id);
  return presentSharedReport(row.report, row.student, row.teacher, row.render, {
    sharedAt: row.link.createdAt,
    viewAddress: linkApiPath('report', key),
  });
}
