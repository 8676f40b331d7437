import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { INVALID_REPORT_LINK, type shareReportSchema } from '../../../contract/parent-reports';
import {
  parentReports,
  reportLinks,
  reportLinkViews,
  students,
  type teachers,
  teachers as teachersTable,
} from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import { linkViewStats } from '../../platform/link-views';
import { escapeHtml } from '../../platform/mail';
import { hashToken, newToken } from '../../platform/secrets';
import type { ThrottleRule } from '../../platform/throttle';
import type { AppContext } from '../../records/context';
import { noticeFirstOpen } from '../../work/notifications';
import { presentSharedReport } from './presenter';
import { ownedReport } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;
const REPORT_MAILS_PER_TEACHER: ThrottleRule = { limit: 50, windowMs: DAY_MS };

type Teacher = typeof teachers.$inferSelect;

export const reportLink = (origin: string, key: string) => `${origin}/shared/${key}`;

/**
 * Sends the report: an expiring link (256 random bits, only the hash kept), the report
 * marked sent, and an e-mail to the parent (the directory's address unless another is
 * typed). The key is returned once, here.
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
  const key = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + input.expiryDays * DAY_MS);
  const recipientName = input.recipientName?.trim() || student?.parentName?.trim() || null;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(reportLinks).values({
      teacherId: teacher.id,
      reportId,
      keyHash: hashToken(key),
      recipientName,
      recipientEmail: email,
      expiresAt,
    });
    await tx
      .update(parentReports)
      .set({ status: 'sent', sentAt: report.sentAt ?? now, updatedAt: now })
      .where(eq(parentReports.id, reportId));
  });
  const link = reportLink(ctx.config.publicUrl, key);
  if (input.sendEmail && email) {
    await sendReportEmail(ctx, teacher, {
      to: email,
      recipientName,
      pupilFirstName: student?.name ?? null,
      link,
      expiresAt,
    });
  }
  return {
    shareableLink: link,
    expiresAt: expiresAt.toISOString(),
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
  const links = await ctx.db
    .select()
    .from(reportLinks)
    .where(and(eq(reportLinks.reportId, reportId), eq(reportLinks.teacherId, teacherId)))
    .orderBy(desc(reportLinks.createdAt), desc(reportLinks.id));
  const stats = await linkViewStats(
    ctx.db,
    { linkId: reportLinkViews.reportLinkId, viewedAt: reportLinkViews.viewedAt },
    links.map((link) => link.id),
  );
  return links.map((link) => ({
    id: link.id,
    recipientName: link.recipientName,
    recipientEmail: link.recipientEmail,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    ...stats(link.id),
  }));
}

export async function revokeReportLink(ctx: AppContext, teacherId: number, linkId: number) {
  const [row] = await ctx.db
    .update(reportLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(reportLinks.id, linkId), eq(reportLinks.teacherId, teacherId)))
    .returning();
  if (!row) throw notFound('Link not found');
}

/**
 * The report behind a live link. Expired, revoked and unknown keys look the same, and so
 * does a deleted report (its links go with it).
 */
export async function findLiveReportLink(ctx: AppContext, key: string, now = new Date()) {
  const invalid = () => notFound(INVALID_REPORT_LINK, 'invalid_link');
  if (!/^[A-Za-z0-9_-]{43}$/.test(key)) throw invalid();
  const [row] = await ctx.db
    .select({ link: reportLinks, report: parentReports, student: students, teacher: teachersTable })
    .from(reportLinks)
    .innerJoin(parentReports, eq(parentReports.id, reportLinks.reportId))
    .innerJoin(teachersTable, eq(teachersTable.id, parentReports.teacherId))
    .leftJoin(students, eq(students.id, parentReports.studentId))
    .where(eq(reportLinks.keyHash, hashToken(key)));
  if (!row || row.link.revokedAt || row.link.expiresAt.getTime() <= now.getTime()) throw invalid();
  return row;
}

/** The address of a link's own API answer, under which its video and captions are served. */
export const sharedReportAddress = (key: string) => `/api/shared/${encodeURIComponent(key)}`;

/**
 * The parent's view. Each opening is logged (only an opening: `countView` is false for a
 * HEAD, which a link checker or a preview bot sends, not a parent).
 */
export async function openSharedReport(ctx: AppContext, key: string, countView: boolean) {
  const row = await findLiveReportLink(ctx, key);
  if (countView) {
    const [view] = await ctx.db
      .insert(reportLinkViews)
      .values({ reportLinkId: row.link.id })
      .returning({ id: reportLinkViews.id });
    await noticeFirstOpen(ctx, { kind: 'report', linkId: row.link.id, viewId: view!.id });
  }
  return presentSharedReport(row.report, row.student, row.teacher, {
    sharedAt: row.link.createdAt,
    viewAddress: sharedReportAddress(key),
  });
}
