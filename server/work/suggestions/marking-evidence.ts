import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import type { SuggestionEvidence } from '../../../contract/lesson-plans';
import {
  classesOfWeek,
  classOfLesson,
  classOfTitle,
  type FeedbackEvidence,
  sameClass,
  weekSubjectOf,
  yearGroupLabel,
  yearOf,
  yearOfGrade,
} from '../../ai/lesson-suggestions';
import { documents, feedback, students } from '../../db/schema';
import type { AppContext } from '../../records/context';

/*
 * The teacher's marking of the last 14 days as the planner reads it: each feedback item
 * with its pupil, the class it was written in and that class's subject. A pupil's class is
 * one the hand-in's title names, else the teacher's one class of the pupil's year group
 * (the hand-in's year group, else the directory's grade), else the year group itself. A
 * teacher whose week names one class (or none) and whose pupils are of one year group has
 * one class: nothing is split.
 */

const MARKING_DAYS = 14;
/** Plenty for a fortnight's marking; keeps one request's work bounded. */
const MAX_ITEMS = 2_000;
const COMMENT_LENGTH = 160;

type Row = Awaited<ReturnType<typeof markingRows>>[number];
type LessonLike = { title: string; className?: string | null };

function markingRows(ctx: AppContext, teacherId: number, since: Date) {
  // An item the teacher deleted is not their marking, though pupils see it until the next share.
  return ctx.db
    .select({
      feedbackId: feedback.id,
      content: feedback.content,
      highlightedText: feedback.highlightedText,
      enhancedTranscript: feedback.enhancedTranscript,
      transcript: feedback.transcript,
      createdAt: feedback.createdAt,
      documentId: documents.id,
      documentTitle: documents.title,
      author: documents.author,
      studentId: students.id,
      studentName: students.name,
      studentSurname: students.surname,
      yearGroup: students.yearGroup,
      grade: students.grade,
    })
    .from(feedback)
    .innerJoin(documents, eq(documents.id, feedback.documentId))
    .leftJoin(students, eq(students.id, documents.studentId))
    .where(
      and(
        eq(feedback.teacherId, teacherId),
        gte(feedback.createdAt, since),
        isNull(feedback.deletedAt),
      ),
    )
    .orderBy(desc(feedback.createdAt))
    .limit(MAX_ITEMS);
}

/** The class or year group of one hand-in, among the teacher's classes. */
function groupOf(row: Row, classes: string[], readTitle: boolean): string | null {
  const named = readTitle ? classOfTitle(row.documentTitle) : null;
  const ownNamed = classes.find((cls) => sameClass(cls, named));
  if (ownNamed) return ownNamed;
  const year = yearOf(row.yearGroup) ?? yearOfGrade(row.grade) ?? yearOf(named);
  if (year === null) return null;
  const ofYear = classes.filter((cls) => yearOf(cls) === year);
  return ofYear.length === 1 ? ofYear[0]! : yearGroupLabel(year);
}

const commentOf = (row: Row) => {
  const text = [row.content, row.enhancedTranscript ?? row.transcript ?? '']
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return text.length > COMMENT_LENGTH ? `${text.slice(0, COMMENT_LENGTH - 1)}…` : text;
};

export type MarkingEvidence = {
  evidence: FeedbackEvidence[];
  /** Pupils' names (and document authors'): never read as topic words. */
  names: Set<string>;
  /** Each item as the teacher opens it from a suggestion's reason. */
  links: Map<number, SuggestionEvidence>;
  /** The one subject of the week, when it has one. */
  weekSubject: string | null;
};

export async function markingEvidence(
  ctx: AppContext,
  teacherId: number,
  lessons: LessonLike[],
  options: { now: Date; readPupilsWork: boolean },
): Promise<MarkingEvidence> {
  const since = new Date(options.now.getTime() - MARKING_DAYS * 24 * 60 * 60 * 1000);
  const rows = await markingRows(ctx, teacherId, since);
  const classes = classesOfWeek(lessons);
  // Each class's subject, from its lessons' titles ("9Y1 Maths").
  const subjectOfClass = (cls: string | null) =>
    cls
      ? weekSubjectOf(lessons.filter((l) => sameClass(classOfLesson(l), cls)).map((l) => l.title))
      : null;
  const grouped = rows.map((row) => ({
    row,
    group: groupOf(row, classes, options.readPupilsWork),
  }));
  const groups = new Set(grouped.flatMap(({ group }) => (group ? [group.toUpperCase()] : [])));
  const oneClass = classes.length <= 1 && groups.size <= 1;

  const names = new Set<string>();
  const links = new Map<number, SuggestionEvidence>();
  const evidence = grouped.map(({ row, group }): FeedbackEvidence => {
    for (const name of [row.author, row.studentName, row.studentSurname]) {
      for (const part of (name ?? '').toLowerCase().split(/[^\p{L}'-]+/u))
        if (part) names.add(part);
    }
    const pupil = [row.studentName, row.studentSurname].filter(Boolean).join(' ') || row.author;
    links.set(row.feedbackId, {
      feedbackId: row.feedbackId,
      documentId: row.documentId,
      documentTitle: row.documentTitle,
      pupil,
      comment: commentOf(row),
    });
    const ownGroup = oneClass ? null : group;
    return {
      feedbackId: row.feedbackId,
      pupilKey: row.studentId ? `s${row.studentId}` : `d${row.documentId}`,
      // A spoken comment's words are in its transcript when no note was typed.
      text: [row.content, row.enhancedTranscript ?? row.transcript ?? ''].join('\n'),
      // Without document analysis only the teacher's own words are read, never the
      // pupils' text (the highlighted passage) or the titles they gave their work.
      highlightedText: options.readPupilsWork ? row.highlightedText : null,
      documentTitle: options.readPupilsWork ? row.documentTitle : null,
      createdAt: row.createdAt,
      group: ownGroup,
      subject: subjectOfClass(ownGroup),
    };
  });
  return {
    evidence,
    names,
    links,
    weekSubject: weekSubjectOf(lessons.map((lesson) => lesson.title)),
  };
}
