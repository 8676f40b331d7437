import { and, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DocumentListQuery, DocumentListTab } from '../../../contract/documents';
import type { Database } from '../../db/client';
import { classroomKeys, files, students } from '../../db/schema';
import {
  containing,
  createdAtExactOf,
  decodeCursor,
  encodeCursor,
} from '../../platform/keyset-page';
import type { DocumentRow } from './service';
import { documents, feedback } from './tables';

/** The columns a list row shows: never the extracted text, which can be megabytes. */
const listColumns = {
  id: documents.id,
  uniqueId: documents.uniqueId,
  teacherId: documents.teacherId,
  studentId: documents.studentId,
  fileId: documents.fileId,
  title: documents.title,
  author: documents.author,
  status: documents.status,
  extractionStatus: documents.extractionStatus,
  extractionError: documents.extractionError,
  totalPages: documents.totalPages,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
  publishedAt: documents.publishedAt,
};

/** What a row shows of its pupil: not their code, notes or parent's address. */
const pupilColumns = {
  id: students.id,
  name: students.name,
  surname: students.surname,
  surnameInitials: students.surnameInitials,
  imageUrl: students.imageUrl,
};

// Counted per row through feedback_document_idx: a page of 50 costs 50 index probes,
// whatever the size of the teacher's whole list. A deleted item pupils still see is not counted.
const feedbackCountOf = sql<number>`(select count(*) from ${feedback} where ${feedback.documentId} = ${documents.id} and ${feedback.deletedAt} is null)::int`;

const createdAtExact = createdAtExactOf(documents.createdAt);

const TAB_STATUSES: Record<Exclude<DocumentListTab, 'all'>, DocumentRow['status'][]> = {
  new: ['new'],
  'under-review': ['under review'],
  // Shared work has been reviewed and sent on, so it belongs with the reviewed.
  reviewed: ['reviewed', 'shared'],
};

/** The documents list's query, optionally narrowed to one pupil (the directory's pupil page). */
export type DocumentListFilter = DocumentListQuery & { studentId?: number };

/**
 * What decides the statement's text; everything else is a parameter. Few enough shapes
 * (4 tabs × search × cursor × pupil) to keep each one prepared.
 */
type Shape = {
  tab: DocumentListTab;
  searching: boolean;
  paging: boolean;
  byPupil: boolean;
};

const param = {
  teacherId: sql.placeholder('teacherId'),
  studentId: sql.placeholder('studentId'),
  pattern: sql.placeholder('pattern'),
  afterCreatedAt: sql.placeholder('afterCreatedAt'),
  afterId: sql.placeholder('afterId'),
  limit: sql.placeholder('limit'),
};

function listFilter(shape: Shape): SQL {
  const conditions: (SQL | undefined)[] = [eq(documents.teacherId, param.teacherId)];
  if (shape.byPupil) conditions.push(eq(documents.studentId, param.studentId));
  if (shape.tab !== 'all') conditions.push(inArray(documents.status, TAB_STATUSES[shape.tab]));
  if (shape.searching) {
    conditions.push(
      or(
        ilike(documents.title, param.pattern),
        ilike(documents.author, param.pattern),
        ilike(sql`concat_ws(' ', ${students.name}, ${students.surname})`, param.pattern),
      ),
    );
  }
  return and(...conditions)!;
}

/** The number of documents the filter matches; a search needs the pupils' names. */
function totalOf(shape: Shape) {
  const filter = listFilter(shape);
  return shape.searching
    ? sql<number>`(select count(*) from ${documents} left join ${students} on ${students.id} = ${documents.studentId} where ${filter})::int`
    : sql<number>`(select count(*) from ${documents} where ${filter})::int`;
}

function pageStatement(db: Database, shape: Shape, name: string) {
  const filter = listFilter(shape);
  const pageFilter = shape.paging
    ? and(
        filter,
        sql`(${documents.createdAt}, ${documents.id}) < (${param.afterCreatedAt}::timestamptz, ${param.afterId})`,
      )
    : filter;
  // The total and the classroom phrase ride along as uncorrelated subqueries, which
  // PostgreSQL runs once per statement: one round trip per page instead of three. Inside
  // the subquery the filter's "documents" columns name the subquery's own table.
  return (
    db
      .select({
        document: listColumns,
        student: pupilColumns,
        file: { id: files.id, originalName: files.originalName, storageKey: files.storageKey },
        feedbackCount: feedbackCountOf,
        createdAtExact,
        total: totalOf(shape),
        classroomPhrase: sql<
          string | null
        >`(select ${classroomKeys.keyPhrase} from ${classroomKeys} where ${classroomKeys.teacherId} = ${param.teacherId})`,
      })
      .from(documents)
      .leftJoin(students, eq(students.id, documents.studentId))
      .leftJoin(files, eq(files.id, documents.fileId))
      .where(pageFilter)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(param.limit)
      // Prepared: built once per process, and on PostgreSQL parsed and planned once per
      // connection instead of on every request.
      .prepare(name)
  );
}

/** The count alone, for a page past the end of the list (no row carries it). */
function totalStatement(db: Database, shape: Shape, name: string) {
  return db
    .select({ n: totalOf(shape) })
    .from(sql`(select 1) as one`)
    .prepare(name);
}

type Statements = {
  page: ReturnType<typeof pageStatement>;
  total: ReturnType<typeof totalStatement>;
};
const prepared = new WeakMap<Database, Map<string, Statements>>();

function statementsFor(db: Database, shape: Shape): Statements {
  const tab = shape.tab.replace('-', '_');
  const name = `documents_list_${tab}_${+shape.searching}${+shape.paging}${+shape.byPupil}`;
  let ofDb = prepared.get(db);
  if (!ofDb) {
    ofDb = new Map();
    prepared.set(db, ofDb);
  }
  let statements = ofDb.get(name);
  if (!statements) {
    statements = {
      page: pageStatement(db, shape, name),
      total: totalStatement(db, shape, `${name}_total`),
    };
    ofDb.set(name, statements);
  }
  return statements;
}

/**
 * One page of the teacher's documents, newest first, with the number of documents the
 * filter matches and the cursor of the next page (null on the last).
 */
export async function listDocuments(db: Database, teacherId: number, query: DocumentListFilter) {
  const needle = query.q?.trim();
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const shape: Shape = {
    tab: query.tab,
    searching: Boolean(needle),
    paging: after !== null,
    byPupil: query.studentId !== undefined,
  };
  const values = {
    teacherId,
    studentId: query.studentId ?? 0,
    pattern: needle ? containing(needle) : '',
    afterCreatedAt: after?.createdAt ?? '',
    afterId: after?.id ?? 0,
    // One more than asked tells whether another page follows.
    limit: query.limit + 1,
  };
  const statements = statementsFor(db, shape);
  const rows = await statements.page.execute(values);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  // An empty page has no row to carry the total: without a cursor it is 0, past the end
  // of the list it takes its own count (rare: a cursor outlived its rows).
  const total =
    rows[0]?.total ?? (after ? ((await statements.total.execute(values))[0]?.n ?? 0) : 0);
  return {
    rows: page.map(
      ({ createdAtExact: _exact, total: _total, classroomPhrase: _phrase, ...row }) => row,
    ),
    total,
    classroomPhrase: rows[0]?.classroomPhrase ?? null,
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor(last.createdAtExact, last.document.id)
        : null,
  };
}
