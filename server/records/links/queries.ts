import { and, asc, count, desc, eq, gte, inArray, lt, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import type { LinkRow } from './links';
import { links, linkViews } from './tables';

type Reader = Pick<Database | Transaction, 'select'>;

/** The links that open any of these documents or reports, oldest first. */
export async function linksOpening(
  db: Reader,
  subjects: { documentIds: number[]; reportIds: number[] },
): Promise<LinkRow[]> {
  const conditions = [
    subjects.documentIds.length ? inArray(links.documentId, subjects.documentIds) : undefined,
    subjects.reportIds.length ? inArray(links.reportId, subjects.reportIds) : undefined,
  ].filter(Boolean);
  if (conditions.length === 0) return [];
  return db
    .select()
    .from(links)
    .where(or(...conditions))
    .orderBy(asc(links.createdAt), asc(links.id));
}

/** Every opening of these links, oldest first. */
export async function viewsOf(db: Reader, linkIds: number[]) {
  if (linkIds.length === 0) return [];
  return db
    .select()
    .from(linkViews)
    .where(inArray(linkViews.linkId, linkIds))
    .orderBy(asc(linkViews.viewedAt), asc(linkViews.id));
}

/** A teacher's newest links of a kind. */
export async function newestLinks(
  db: Reader,
  teacherId: number,
  kind: LinkRow['kind'],
  limit: number,
): Promise<LinkRow[]> {
  return db
    .select()
    .from(links)
    .where(and(eq(links.teacherId, teacherId), eq(links.kind, kind)))
    .orderBy(desc(links.createdAt), desc(links.id))
    .limit(limit);
}

/** How often a teacher's links were opened in [from, to). */
export async function openingsBetween(
  db: Reader,
  teacherId: number,
  from: Date,
  to: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(linkViews)
    .innerJoin(links, eq(links.id, linkViews.linkId))
    .where(
      and(
        eq(links.teacherId, teacherId),
        gte(linkViews.viewedAt, from),
        lt(linkViews.viewedAt, to),
      ),
    );
  return Number(row?.n ?? 0);
}
