import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Activity, RECENT_ACTIVITY_LIMIT } from '../../../contract/activity';
import type { Database } from '../../db/client';
import { documents, lessonPlans, lessons, parentReports, students } from '../../db/schema';
import { newestLinks } from '../../records/links';
import { pupilDisplayName } from '../../records/pupils';

/*
 * Recent Activity: one small query per source, each the teacher's own rows only, newest
 * first and limited, so the merge never reads more than limit × sources rows.
 */

type Student = { name: string; surname: string | null; surnameInitials: string | null } | null;
const pupilName = (student: Student) => (student ? pupilDisplayName(student) : 'Unknown Student');

// A hand-in is finished once reviewed or shared; until then it waits on the teacher.
const HAND_IN_PROGRESS = {
  new: { status: 'in_progress', label: 'New hand-in' },
  'under review': { status: 'in_progress', label: 'Under review' },
  reviewed: { status: 'completed', label: 'Reviewed' },
  shared: { status: 'completed', label: 'Feedback shared' },
} as const;

async function handIns(db: Database, teacherId: number, limit: number): Promise<Activity[]> {
  const rows = await db
    .select({
      id: documents.id,
      title: documents.title,
      author: documents.author,
      status: documents.status,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(eq(documents.teacherId, teacherId))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(limit);
  return rows.map((row) => {
    const progress = HAND_IN_PROGRESS[row.status];
    return {
      id: `hand-in-${row.id}`,
      type: 'document',
      source: 'hand-in',
      targetId: row.id,
      title: row.title,
      description: `Handed in by ${row.author} · ${progress.label}`,
      date: row.createdAt.toISOString(),
      status: progress.status,
    };
  });
}

async function sharedFeedback(db: Database, teacherId: number, limit: number): Promise<Activity[]> {
  const shared = await newestLinks(db, teacherId, 'feedback', limit);
  const documentIds = shared
    .map((link) => link.documentId)
    .filter((id): id is number => id !== null);
  const docs = documentIds.length
    ? await db
        .select({ id: documents.id, title: documents.title, author: documents.author })
        .from(documents)
        .where(and(eq(documents.teacherId, teacherId), inArray(documents.id, documentIds)))
    : [];
  const docById = new Map(docs.map((doc) => [doc.id, doc]));
  const rows = shared.flatMap((link) => {
    const doc = link.documentId === null ? undefined : docById.get(link.documentId);
    return doc
      ? [
          {
            ...link,
            documentId: doc.id,
            studentName: link.recipientName,
            title: doc.title,
            author: doc.author,
          },
        ]
      : [];
  });
  return rows.map((row) => ({
    id: `feedback-shared-${row.id}`,
    type: 'document',
    source: 'feedback-shared',
    targetId: row.documentId,
    title: `Feedback shared: ${row.title}`,
    description: `Shared with ${row.studentName?.trim() || row.author}`,
    date: row.createdAt.toISOString(),
    status: 'completed',
  }));
}

// Plans are never sent anywhere: they stay working drafts the teacher edits or deletes,
// which are exactly the actions a draft has.
async function lessonPlanEdits(
  db: Database,
  teacherId: number,
  limit: number,
): Promise<Activity[]> {
  const rows = await db
    .select({
      id: lessonPlans.id,
      title: lessonPlans.title,
      dateRange: lessonPlans.dateRange,
      createdAt: lessonPlans.createdAt,
      updatedAt: lessonPlans.updatedAt,
      // Counted only for the rows kept by the limit, not for every plan of the teacher,
      // through lessons_plan_idx. Both sides named in full: Drizzle writes a one-table
      // select's columns bare, and a bare "id" inside the subquery is the lesson's own id
      // (it counted lessons whose id equalled their plan's, over the whole table).
      lessonCount:
        sql<number>`(select count(*) from ${lessons} as plan_lessons where plan_lessons.plan_id = ${lessonPlans}.id)`.mapWith(
          Number,
        ),
    })
    .from(lessonPlans)
    .where(eq(lessonPlans.teacherId, teacherId))
    .orderBy(desc(lessonPlans.updatedAt), desc(lessonPlans.id))
    .limit(limit);
  return rows.map((row) => {
    const edited = row.updatedAt.getTime() - row.createdAt.getTime() > 1000;
    const lessonsText = row.lessonCount === 1 ? '1 lesson' : `${row.lessonCount} lessons`;
    return {
      id: `lesson-plan-${row.id}`,
      type: 'lesson',
      source: 'lesson-plan',
      targetId: row.id,
      title: row.title,
      description: `${edited ? 'Plan edited' : 'Plan created'} · ${row.dateRange} · ${lessonsText}`,
      date: row.updatedAt.toISOString(),
      status: 'draft',
    };
  });
}

async function reports(db: Database, teacherId: number, limit: number): Promise<Activity[]> {
  const rows = await db
    .select({
      id: parentReports.id,
      subjects: parentReports.subjects,
      status: parentReports.status,
      updatedAt: parentReports.updatedAt,
      sentAt: parentReports.sentAt,
      student: {
        name: students.name,
        surname: students.surname,
        surnameInitials: students.surnameInitials,
      },
    })
    .from(parentReports)
    .leftJoin(
      students,
      and(eq(students.id, parentReports.studentId), eq(students.teacherId, teacherId)),
    )
    .where(eq(parentReports.teacherId, teacherId))
    .orderBy(desc(parentReports.updatedAt), desc(parentReports.id))
    .limit(limit);
  return rows.map((row) => {
    const sent = row.status === 'sent';
    return {
      id: `report-${row.id}`,
      type: 'report',
      source: 'report',
      targetId: row.id,
      title: `Parent report: ${pupilName(row.student)}`,
      description: `${row.subjects} · ${sent ? 'Sent to parents' : 'Draft'}`,
      date: (sent && row.sentAt ? row.sentAt : row.updatedAt).toISOString(),
      status: sent ? 'completed' : 'draft',
    };
  });
}

export async function recentActivity(
  db: Database,
  teacherId: number,
  limit: number = RECENT_ACTIVITY_LIMIT,
): Promise<Activity[]> {
  const sources = await Promise.all([
    handIns(db, teacherId, limit),
    sharedFeedback(db, teacherId, limit),
    lessonPlanEdits(db, teacherId, limit),
    reports(db, teacherId, limit),
  ]);
  return sources
    .flat()
    .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id))
    .slice(0, limit);
}
