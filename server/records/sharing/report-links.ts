import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { INVALID_REPORT_LINK, type shareReportSchema } from '../../../contract/parent-reports';
import { parentReports, students, type teachers, teachers as teachersTable } from '../../db/schema';
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
import { ownedReport, presentSharedReport } from '../reports';

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
    await tx
      .update(parentReports)
      .set({ status: 'sent', sentAt: report.sentAt ?? now, updatedAt: now })
      .where(eq(parentReports.id, reportId));
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
    });
  }
  return {
    shareableLink,
    expiresAt: link.expiresAt.toISOString(),
    emailSent: Boolean(input.sendEmail && email),
    recipientEmail: email,
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
  },
) {
  const teacherName =
    [teacher.firstName, teacher.lastName].filter(Boolean).join(' ') || 'Your child’s teacher';
  const about = mail.pupilFirstName ?? 'your child';
  const greeting = mail.recipientName ? `Dear ${mail.recipientName},` : 'Hello,';
  const until = mail.expiresAt.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  await ctx.mailer.send({
    teacherId: teacher.id,
    to: mail.to,
    subject: `A report about ${about} from ${teacherName}`,
    text: `${greeting}\n\n${teacherName} has recorded a report about ${about} for you.\n\nWatch it here:\n${mail.link}\n\nThe video was made with AI from ${teacherName}'s own recording. The link works until ${until}.\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(teacherName)} has recorded a report about ${escapeHtml(about)} for you.</p><p><a href="${escapeHtml(mail.link)}">Watch the report</a></p><p>The video was made with AI from ${escapeHtml(teacherName)}’s own recording. The link works until ${escapeHtml(until)}.</p>`,
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
        .select({ report: parentReports, student: students, teacher: teachersTable })
        .from(parentReports)
        .innerJoin(teachersTable, eq(teachersTable.id, parentReports.teacherId))
        .leftJoin(students, eq(students.id, parentReports.studentId))
        .where(eq(parentReports.id, link.reportId))
    : [];
  if (!row) throw invalidLink();
  return { link, ...row };
}

/** The parent's view; each opening (a GET, not a HEAD) is logged. */
export async function openSharedReport(ctx: AppContext, key: string, countView: boolean) {
  const row = await findLiveReportLink(ctx, key);
  if (countView) ctx.linkViews.note(row.link.id);
  return presentSharedReport(row.report, row.student, row.teacher, {
    sharedAt: row.link.createdAt,
    viewAddress: linkApiPath('report', key),
  });
}
