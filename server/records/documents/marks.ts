import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  type DocumentMark,
  type DocumentMarkView,
  isEmptyMark,
  type RubricLevel,
  type RubricRow,
} from '../../../contract/marking';
import type { Database, Transaction } from '../../db/client';
import { students } from '../../db/schema';
import { getTeacherDocument, markUnderReview } from './service';
import { documentMarks, documents } from './tables';

type MarkRow = typeof documentMarks.$inferSelect;

const rubricOf = (rows: { criterion: string; level: string }[] | null | undefined): RubricRow[] =>
  (rows ?? []).map((row) => ({ criterion: row.criterion, level: row.level as RubricLevel }));

const sameRubric = (a: RubricRow[], b: RubricRow[]) => JSON.stringify(a) === JSON.stringify(b);

function presentTeacherMark(row: MarkRow | undefined): DocumentMark {
  if (!row) {
    return { mark: null, rubric: [], sharedAt: null, changedSinceShared: false, updatedAt: null };
  }
  const rubric = rubricOf(row.rubric);
  const shared = row.publishedAt !== null;
  return {
    mark: row.mark,
    rubric,
    sharedAt: row.publishedAt?.toISOString() ?? null,
    changedSinceShared:
      shared &&
      (row.mark !== row.publishedMark || !sameRubric(rubric, rubricOf(row.publishedRubric))),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function markRow(db: Database | Transaction, documentId: number) {
  const [row] = await db
    .select()
    .from(documentMarks)
    .where(eq(documentMarks.documentId, documentId));
  return row;
}

/** The mark of one of the teacher's documents (another teacher's document is 404). */
export async function documentMarkOf(db: Database, teacherId: number, documentId: number) {
  await getTeacherDocument(db, teacherId, { id: documentId });
  return presentTeacherMark(await markRow(db, documentId));
}

/**
 * Sets the document's mark and rubric (a blank mark and no criteria clear it). Pupils and
 * parents see it once the document is shared or marked reviewed, as with feedback.
 */
export async function saveDocumentMark(
  db: Database,
  teacherId: number,
  documentId: number,
  input: { mark: string | null; rubric: RubricRow[] },
) {
  await getTeacherDocument(db, teacherId, { id: documentId });
  const values = { mark: input.mark, rubric: input.rubric, updatedAt: new Date() };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(documentMarks)
      .values({ documentId, teacherId, ...values })
      .onConflictDoUpdate({ target: documentMarks.documentId, set: values })
      .returning();
    // Marking is reviewing: a new document moves to "under review", as with feedback.
    await markUnderReview(tx, documentId);
    return presentTeacherMark(row);
  });
}

/** Sharing or marking reviewed: the mark as it is now becomes the one pupils see. */
export async function publishMark(db: Database | Transaction, documentId: number, now: Date) {
  await db
    .update(documentMarks)
    .set({
      publishedMark: sql`${documentMarks.mark}`,
      publishedRubric: sql`${documentMarks.rubric}`,
      publishedAt: now,
    })
    .where(eq(documentMarks.documentId, documentId));
}

function presentShared(row: MarkRow | undefined): DocumentMarkView | null {
  if (!row?.publishedAt) return null;
  const view = { mark: row.publishedMark, rubric: rubricOf(row.publishedRubric) };
  return isEmptyMark(view) ? null : view;
}

/** What a pupil or a parent sees: the mark as last shared, or null. */
export async function sharedMarkOf(db: Database, documentId: number) {
  return presentShared(await markRow(db, documentId));
}

/** The same for a pupil's list of work, by document id. */
export async function sharedMarksOf(db: Database, documentIds: number[]) {
  const marks = new Map<number, DocumentMarkView>();
  if (documentIds.length === 0) return marks;
  const rows = await db
    .select()
    .from(documentMarks)
    .where(
      and(inArray(documentMarks.documentId, documentIds), isNotNull(documentMarks.publishedAt)),
    );
  for (const row of rows) {
    const view = presentShared(row);
    if (view) marks.set(row.documentId, view);
  }
  return marks;
}

/** The marks of these documents, as stored (for a pupil's records export). */
export async function marksOfDocuments(db: Database | Transaction, documentIds: number[]) {
  if (documentIds.length === 0) return [];
  const rows = await db
    .select()
    .from(documentMarks)
    .where(inArray(documentMarks.documentId, documentIds));
  return rows.map((row) => ({
    documentId: row.documentId,
    mark: row.mark,
    rubric: rubricOf(row.rubric),
    shared: row.publishedAt
      ? {
          mark: row.publishedMark,
          rubric: rubricOf(row.publishedRubric),
          at: row.publishedAt.toISOString(),
        }
      : null,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** The mark for the teacher's own exports: as it is now, shared or not. */
export async function currentMarkOf(db: Database, documentId: number) {
  const row = await markRow(db, documentId);
  const view = row ? { mark: row.mark, rubric: rubricOf(row.rubric) } : null;
  return isEmptyMark(view) ? null : view;
}

/** The criteria of the teacher's last rubric: a class set is marked against the same ones. */
export async function lastRubricCriteria(db: Database, teacherId: number) {
  const [row] = await db
    .select({ rubric: documentMarks.rubric })
    .from(documentMarks)
    .where(
      and(
        eq(documentMarks.teacherId, teacherId),
        sql`jsonb_array_length(${documentMarks.rubric}) > 0`,
      ),
    )
    .orderBy(desc(documentMarks.updatedAt))
    .limit(1);
  return rubricOf(row?.rubric).map((r) => r.criterion);
}

/**
 * Every piece of the teacher's work with its pupil and mark, for the mark sheet: marked or
 * not (a gap in the sheet is a piece still to mark), by assignment title, then pupil.
 */
export async function markSheetRows(db: Database, teacherId: number, title?: string) {
  return db
    .select({
      title: documents.title,
      author: documents.author,
      status: documents.status,
      handedInAt: documents.createdAt,
      pupilName: students.name,
      pupilSurname: students.surname,
      yearGroup: students.yearGroup,
      grade: students.grade,
      mark: documentMarks.mark,
      rubric: documentMarks.rubric,
      sharedAt: documentMarks.publishedAt,
    })
    .from(documents)
    .leftJoin(students, eq(students.id, documents.studentId))
    .leftJoin(documentMarks, eq(documentMarks.documentId, documents.id))
    .where(and(eq(documents.teacherId, teacherId), title ? eq(documents.title, title) : undefined))
    .orderBy(
      sql`lower(${documents.title})`,
      sql`lower(coalesce(${students.surname}, ${documents.author}))`,
      sql`lower(coalesce(${students.name}, ''))`,
      documents.id,
    );
}
export type MarkSheetRow = Awaited<ReturnType<typeof markSheetRows>>[number];
