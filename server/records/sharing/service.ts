import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { shareFeedbackSchema } from '../../../contract/sharing';
import {
  documents,
  feedback,
  files,
  type teachers,
  teachers as teachersTable,
} from '../../db/schema';
import { notFound } from '../../platform/errors';
import { REMOVE_STORED_FILES_JOB } from '../../platform/file-removal';
import { escapeHtml } from '../../platform/mail';
import type { ThrottleRule } from '../../platform/throttle';
import type { AppContext } from '../context';
import {
  currentMarkOf,
  getTeacherDocument,
  publishFeedback,
  sharedMarkOf,
  updateDocuments,
} from '../documents';
import { asPublished } from '../feedback';
import { createLink, findLiveLink, linkPageUrl, listLinks, revokeLink } from '../links';

const DAY_MS = 24 * 60 * 60 * 1000;
const SHARE_MAILS_PER_TEACHER: ThrottleRule = { limit: 50, windowMs: DAY_MS };

export const INVALID_LINK_MESSAGE = 'This feedback link may have expired or does not exist.';
const invalidLink = () => notFound(INVALID_LINK_MESSAGE, 'invalid_link');

/**
 * Creates an expiring link to a document's feedback, marks the document shared, and
 * e-mails the link when asked. The key is returned once, here.
 */
export async function shareFeedback(
  ctx: AppContext,
  teacher: typeof teachers.$inferSelect,
  documentId: number,
  input: z.output<typeof shareFeedbackSchema>,
) {
  const { document } = await getTeacherDocument(ctx.db, teacher.id, { id: documentId });
  const email = input.studentEmail?.trim() || null;
  if (input.sendEmail && email) {
    // Registration is open, so share e-mails must not become a way to send spam.
    await ctx.throttle.hit(`share-mail:teacher:${teacher.id}`, SHARE_MAILS_PER_TEACHER);
  }
  const now = new Date();
  const { key, link, filesToRemove } = await ctx.db.transaction(async (tx) => {
    const made = await createLink(tx, {
      teacherId: teacher.id,
      subject: { kind: 'feedback', documentId },
      recipientName: input.studentName?.trim() || null,
      recipientEmail: email,
      expiryDays: input.expiryDays,
      now,
    });
    // A reviewed document stays reviewed (and read-only); anything else becomes shared.
    await updateDocuments(tx, documentId, {
      status: document.status === 'reviewed' ? 'reviewed' : 'shared',
      sharedAt: now,
      updatedAt: now,
    });
    const { filesToRemove } = await publishFeedback(tx, documentId, now);
    return { ...made, filesToRemove };
  });
  if (filesToRemove) ctx.jobs.poke(REMOVE_STORED_FILES_JOB);
  const shareableLink = linkPageUrl(ctx.config.publicUrl, 'feedback', key);
  let emailSent = false;
  if (input.sendEmail && email) {
    await sendShareEmail(ctx, teacher, {
      to: email,
      studentName: input.studentName ?? null,
      title: document.title,
      link: shareableLink,
      expiresAt: link.expiresAt,
    });
    emailSent = true;
  }
  return { shareableLink, expiresAt: link.expiresAt.toISOString(), emailSent };
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
  const rows = await listLinks(ctx.db, teacherId, { kind: 'feedback', documentId });
  return rows.map((link) => ({
    id: link.id,
    studentName: link.recipientName,
    studentEmail: link.recipientEmail,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    viewCount: link.viewCount,
    lastViewedAt: link.lastViewedAt?.toISOString() ?? null,
  }));
}

export async function revokeShareLink(ctx: AppContext, teacherId: number, linkId: number) {
  await revokeLink(ctx.db, teacherId, 'feedback', linkId);
}

/** The live feedback link for an access key; expired, revoked and unknown keys look the same. */
export async function findLiveFeedbackLink(ctx: AppContext, accessKey: string) {
  const link = await findLiveLink(ctx.db, 'feedback', accessKey, invalidLink);
  if (link.documentId === null) throw invalidLink();
  return { ...link, documentId: link.documentId };
}

/**
 * The document, its teacher's name and its feedback. Pupils and parents get the state last
 * published: the published items with their comments as shared, including items the teacher
 * has deleted since (until the next share). The teacher's own download gets the working
 * state: drafts and edits, without what they deleted.
 */
export async function loadSharedDocument(
  ctx: AppContext,
  documentId: number,
  { publishedOnly }: { publishedOnly: boolean },
) {
  const [row] = await ctx.db
    .select({ document: documents, teacher: teachersTable, file: files })
    .from(documents)
    .innerJoin(teachersTable, eq(teachersTable.id, documents.teacherId))
    .leftJoin(files, eq(files.id, documents.fileId))
    .where(eq(documents.id, documentId));
  if (!row) throw invalidLink();
  const rows = await ctx.db
    .select()
    .from(feedback)
    .where(
      and(
        eq(feedback.documentId, documentId),
        publishedOnly ? isNotNull(feedback.publishedAt) : isNull(feedback.deletedAt),
      ),
    )
    .orderBy(asc(feedback.pageNumber), asc(feedback.startOffset), asc(feedback.id));
  const items = publishedOnly ? rows.map(asPublished) : rows;
  // Pupils and parents see the mark as last shared; the teacher's own download, as it is now.
  const mark = publishedOnly
    ? await sharedMarkOf(ctx.db, documentId)
    : await currentMarkOf(ctx.db, documentId);
  return { ...row, items, mark };
}
