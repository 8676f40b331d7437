import { and, desc, eq, gte } from 'drizzle-orm';
import type { LessonSuggestion } from '../../../contract/lesson-plans';
import {
  type FeedbackEvidence,
  type MarkingSummary,
  summariseMarking,
  weekSubjectOf,
} from '../../ai/lesson-suggestions';
import { documents, feedback, students } from '../../db/schema';
import type { AppContext } from '../../records/context';
import { getPlan, presentSuggestion } from '../../records/plans';
import { documentAnalysisAllowed } from '../../records/settings';

const MARKING_DAYS = 14;
/** Plenty for a fortnight's marking; keeps one request's work bounded. */
const MAX_ITEMS = 2_000;

/**
 * The teacher's marking of the last 14 days as weaknesses and counts. Pupils' names (and
 * the document authors') are gathered only so they are never read as topic words; the
 * week's lesson titles tell the subject when the teacher teaches only one.
 */
export async function markingSummary(
  ctx: AppContext,
  teacherId: number,
  now = new Date(),
  options: { readPupilsWork?: boolean; lessonTitles?: string[] } = {},
): Promise<MarkingSummary> {
  const readPupilsWork = options.readPupilsWork ?? true;
  const since = new Date(now.getTime() - MARKING_DAYS * 24 * 60 * 60 * 1000);
  const rows = await ctx.db
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
    })
    .from(feedback)
    .innerJoin(documents, eq(documents.id, feedback.documentId))
    .leftJoin(students, eq(students.id, documents.studentId))
    .where(and(eq(feedback.teacherId, teacherId), gte(feedback.createdAt, since)))
    .orderBy(desc(feedback.createdAt))
    .limit(MAX_ITEMS);
  const names = new Set<string>();
  const evidence: FeedbackEvidence[] = rows.map((row) => {
    for (const name of [row.author, row.studentName, row.studentSurname]) {
      for (const part of (name ?? '').toLowerCase().split(/[^\p{L}'-]+/u))
        if (part) names.add(part);
    }
    return {
      feedbackId: row.feedbackId,
      pupilKey: row.studentId ? `s${row.studentId}` : `d${row.documentId}`,
      // A spoken comment's words are in its transcript when no note was typed.
      text: [row.content, row.enhancedTranscript ?? row.transcript ?? ''].join('\n'),
      // Without document analysis only the teacher's own words are read, never the
      // pupils' text (the highlighted passage) or the titles they gave their work.
      highlightedText: readPupilsWork ? row.highlightedText : null,
      documentTitle: readPupilsWork ? row.documentTitle : null,
      createdAt: row.createdAt,
    };
  });
  return summariseMarking(evidence, {
    now,
    excludedWords: names,
    weekSubject: weekSubjectOf(options.lessonTitles ?? []),
  });
}

export async function suggestForPlan(
  ctx: AppContext,
  teacherId: number,
  planId: number,
): Promise<LessonSuggestion> {
  const { plan, lessons } = await getPlan(ctx, teacherId, planId);
  const suggestion = await ctx.ai.lessonSuggester.suggest({
    plan: { title: plan.title, dateRange: plan.dateRange },
    lessons: lessons.map(({ title, description, timeSlot, day, color, suggestionKey }) => ({
      title,
      description,
      timeSlot,
      day,
      color,
      suggestionKey,
    })),
    marking: await markingSummary(ctx, teacherId, new Date(), {
      readPupilsWork: await documentAnalysisAllowed(ctx, teacherId),
      lessonTitles: lessons.map((lesson) => lesson.title),
    }),
    pupilNames: await pupilNames(ctx, teacherId),
  });
  return presentSuggestion(suggestion);
}

async function pupilNames(ctx: AppContext, teacherId: number): Promise<string[]> {
  const rows = await ctx.db
    .select({ name: students.name, surname: students.surname })
    .from(students)
    .where(eq(students.teacherId, teacherId));
  return rows.flatMap((row) => [row.name, row.surname ?? '']).filter(Boolean);
}
