import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { shareFeedbackSchema } from '../../../contract/sharing';
import { documents, feedback, files, shareLinks, shareLinkViews, teachers } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { linkViewStats } from '../../platform/link-views';
import { escapeHtml } from '../../platform/mail';
import { hashToken, newToken } from '../../platform/secrets';
import type { ThrottleRule } from '../../platform/throttle';
import type { AppContext } from '../../records/context';
import { noticeFirstOpen } from '../../work/notifications';
import { getTeacherDocument, publishFeedback } from '../documents';

const DAY_MS = 24 * 60 * 60 * 1000;
const SHARE_MAILS_PER_TEACHER: ThrottleRule = { limit: 50, windowMs: DAY_MS };

export function shareableLink(origin: string, accessKey: string): string {
  return `${origin}/feedback-view/${accessKey}`;
}

/**
 * Creates an expiring link (256 random bits; only the hash is stored), marks the
 * document shared, and e-mails the link when asked. The key is returned once, here.
 */
export async function shareFeedback(
  ctx: AppContext,
  teacher: typeof teachers.$inferSelect,
  documentId: number,
  input: z.output<typeof shareFeedbackSchema>,
) {
  const { document } = await getTeacherDocument(ctx.db, teacher.id, { id: documentId });
  const accessKey = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + input.expiryDays * DAY_MS);
  const email = input.studentEmail?.trim() || null;
  if (input.sendEmail && email) {
    // Registration is open, so share e-mails must not become a way to send spam.
    await ctx.throttle.hit(`share-mail:teacher:${teacher.id}`, SHARE_MAILS_PER_TEACHER);
  }
  await ctx.db.transaction(async (tx) => {
    await tx.insert(shareLinks).values({
      teacherId: teacher.id,
      documentId,
      keyHash: hashToken(accessKey),
      studentName: input.studentName?.trim() || null,
      studentEmail: email,
      expiresAt,
    });
    // A reviewed document stays reviewed (and read-only); anything else becomes shared.
    await tx
      .update(documents)
      .set({
        status: document.status === 'reviewed' ? 'reviewed' : 'shared',
        sharedAt: now,
        updatedAt: now,
      })
      .where(eq(documents.id, documentId));
    await publishFeedback(tx, documentId, now);
  });
  const link = shareableLink(ctx.config.publicUrl, accessKey);
  let emailSent = false;
  if (input.sendEmail && email) {
    await sendShareEmail(ctx, teacher, {
      to: email,
      studentName: input.studentName ?? null,
      title: document.title,
      link,
      expiresAt,
    });
    emailSent = true;
  }
  return { shareableLink: link, expiresAt: expiresAt.toISOString(), emailSent };
}

async function sendShareEmail(
  ctx: AppContext,
  teacher: typeof teachers.$inferSelect,
  mail: { to: string; studentName: string | null; title: string; link: string; expiresAt: Date },
) {
  const teacherName =
    [teacher.firstName, teacher.lastName].filter(Boolean).join(' ') || 'Your teacher';
  const greeting = mail.studentName ? `Hello ${mail.studentName},` : 'Hello,';
  const until = mail.expiresAt.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  await ctx.mailer.send({
    teacherId: teacher.id,
    to: mail.to,
    subject: `Feedback on "${mail.title}"`,
    text: `${greeting}\n\n${teacherName} has shared feedback on "${mail.title}".\n\nOpen it here:\n${mail.link}\n\nThe link works until ${until}.\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(teacherName)} has shared feedback on “${escapeHtml(mail.title)}”.</p><p><a href="${escapeHtml(mail.link)}">Open the feedback</a></p><p>The link works until ${escapeHtml(until)}.</p>`,
  });
}

export async function listShareLinks(ctx: AppContext, teacherId: number, documentId: number) {
  await getTeacherDocument(ctx.db, teacherId, { id: documentId });
  const links = await ctx.db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.documentId, documentId), eq(shareLinks.teacherId, teacherId)))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  const stats = await linkViewStats(
    ctx.db,
    { linkId: shareLinkViews.shareLinkId, viewedAt: shareLinkViews.viewedAt },
    links.map((link) => link.id),
  );
  return links.map((link) => ({
    id: link.id,
    studentName: link.studentName,
    studentEmail: link.studentEmail,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    ...stats(link.id),
  }));
}

export async function revokeShareLink(ctx: AppContext, teacherId: number, linkId: number) {
  const [row] = await ctx.db
    .update(shareLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(shareLinks.id, linkId), eq(shareLinks.teacherId, teacherId)))
    .returning();
  if (!row) throw notFound('Link not found');
}

export const INVALID_LINK_MESSAGE = 'This feedback link may have expired or does not exist.';

/** The live link for an access key; expired, revoked and unknown keys look the same. */
export async function findLiveLink(ctx: AppContext, accessKey: string, now = new Date()) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(accessKey)) throw notFound(INVALID_LINK_MESSAGE, 'invalid_link');
  const [link] = await ctx.db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.keyHash, hashToken(accessKey)));
  if (!link || link.revokedAt || link.expiresAt.getTime() <= now.getTime()) {
    throw notFound(INVALID_LINK_MESSAGE, 'invalid_link');
  }
  return link;
}

export async function recordView(ctx: AppContext, linkId: number) {
  const [view] = await ctx.db
    .insert(shareLinkViews)
    .values({ shareLinkId: linkId })
    .returning({ id: shareLinkViews.id });
  await noticeFirstOpen(ctx, { kind: 'feedback', linkId, viewId: view!.id });
}

/**
 * The document, its teacher's name and its feedback. Pupils and parents get only the
 * published items; the teacher's own download gets drafts too.
 */
export async function loadSharedDocument(
  ctx: AppContext,
  documentId: number,
  { publishedOnly }: { publishedOnly: boolean },
) {
  const [row] = await ctx.db
    .select({ document: documents, teacher: teachers, file: files })
    .from(documents)
    .innerJoin(teachers, eq(teachers.id, documents.teacherId))
    .leftJoin(files, eq(files.id, documents.fileId))
    .where(eq(documents.id, documentId));
  if (!row) throw notFound(INVALID_LINK_MESSAGE, 'invalid_link');
  const items = await ctx.db
    .select()
    .from(feedback)
    .where(
      publishedOnly
        ? and(eq(feedback.documentId, documentId), isNotNull(feedback.publishedAt))
        : eq(feedback.documentId, documentId),
    )
    .orderBy(asc(feedback.pageNumber), asc(feedback.startOffset), asc(feedback.id));
  return { ...row, items };
}
