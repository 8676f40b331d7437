import { and, count, desc, eq, inArray, max } from 'drizzle-orm';
import { LINK_KEY_PATTERN } from '../../../contract/addresses';
import type { Database, Transaction } from '../../db/client';
import { notFound } from '../../platform/errors';
import { hashToken, newToken } from '../../platform/secrets';
import { links, linkViews } from './tables';

/*
 * Capability links: an expiring address that opens one thing without an account — a
 * document's shared feedback or a parent report. The key (256 random bits) is handed out
 * once, when the link is made; only its hash is kept. Expired, revoked and unknown keys,
 * and a link whose document or report was deleted, all read as "no such link".
 */

export type LinkRow = typeof links.$inferSelect;
export type LinkSubject =
  | { kind: 'feedback'; documentId: number }
  | { kind: 'report'; reportId: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The key's shape: 32 random bytes in base64url. */
export { LINK_KEY_PATTERN };

/** Where each kind of link opens, on the site and in the API. */
const PAGE_PATH = { feedback: '/feedback-view', report: '/shared' } as const;
const API_PATH = { feedback: '/api/feedback-view', report: '/api/shared' } as const;

export const linkPageUrl = (origin: string, kind: LinkRow['kind'], key: string) =>
  `${origin}${PAGE_PATH[kind]}/${key}`;
/** The link's own API address: its media are served under it, and stop with it. */
export const linkApiPath = (kind: LinkRow['kind'], key: string) =>
  `${API_PATH[kind]}/${encodeURIComponent(key)}`;

/** Makes a link in the caller's transaction; the key is returned once, here. */
export async function createLink(
  tx: Transaction,
  input: {
    teacherId: number;
    subject: LinkSubject;
    recipientName: string | null;
    recipientEmail: string | null;
    expiryDays: number;
    now?: Date;
  },
) {
  const key = newToken();
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + input.expiryDays * DAY_MS);
  const [row] = await tx
    .insert(links)
    .values({
      teacherId: input.teacherId,
      kind: input.subject.kind,
      documentId: input.subject.kind === 'feedback' ? input.subject.documentId : null,
      reportId: input.subject.kind === 'report' ? input.subject.reportId : null,
      keyHash: hashToken(key),
      recipientName: input.recipientName,
      recipientEmail: input.recipientEmail,
      expiresAt,
    })
    .returning();
  return { key, link: row! };
}

export type LinkWithViews = LinkRow & { viewCount: number; lastViewedAt: Date | null };

/** A document's or report's links, newest first, each with how often and when last opened. */
export async function listLinks(
  db: Database,
  teacherId: number,
  subject: LinkSubject,
): Promise<LinkWithViews[]> {
  const rows = await db
    .select()
    .from(links)
    .where(and(eq(links.teacherId, teacherId), subjectIs(subject)))
    .orderBy(desc(links.createdAt), desc(links.id));
  const stats = rows.length
    ? await db
        .select({ linkId: linkViews.linkId, n: count(), last: max(linkViews.viewedAt) })
        .from(linkViews)
        .where(
          inArray(
            linkViews.linkId,
            rows.map((row) => row.id),
          ),
        )
        .groupBy(linkViews.linkId)
    : [];
  const byLink = new Map(stats.map((s) => [s.linkId, s]));
  return rows.map((row) => {
    const seen = byLink.get(row.id);
    return {
      ...row,
      viewCount: Number(seen?.n ?? 0),
      lastViewedAt: seen?.last ? new Date(seen.last) : null,
    };
  });
}

const subjectIs = (subject: LinkSubject) =>
  subject.kind === 'feedback'
    ? and(eq(links.kind, 'feedback'), eq(links.documentId, subject.documentId))
    : and(eq(links.kind, 'report'), eq(links.reportId, subject.reportId));

/** Revokes one of the teacher's links of this kind; anyone else's (or another kind) is 404. */
export async function revokeLink(
  db: Database,
  teacherId: number,
  kind: LinkRow['kind'],
  linkId: number,
) {
  const [row] = await db
    .update(links)
    .set({ revokedAt: new Date() })
    .where(and(eq(links.id, linkId), eq(links.teacherId, teacherId), eq(links.kind, kind)))
    .returning({ id: links.id });
  if (!row) throw notFound('Link not found');
}

/**
 * The live link for a key, or the kind's "invalid link" answer (404) for an expired,
 * revoked or unknown key alike.
 */
export async function findLiveLink(
  db: Database,
  kind: LinkRow['kind'],
  key: string,
  invalid: () => Error,
  now = new Date(),
): Promise<LinkRow> {
  if (!LINK_KEY_PATTERN.test(key)) throw invalid();
  const [row] = await db
    .select()
    .from(links)
    .where(and(eq(links.keyHash, hashToken(key)), eq(links.kind, kind)));
  if (!row || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) throw invalid();
  return row;
}
