import { and, desc, eq, gte } from 'drizzle-orm';
import type { LessonSuggestion } from '../../../contract/lesson-plans';
import type { MarkingSummary } from '../../ai/lesson-suggestions';
import { type MarkedItem, summariseMarking } from '../../ai/lesson-suggestions/topics';
import { documents, feedback, students } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { documentAnalysisAllowed } from '../settings/ai-switches';
import { getPlan } from './service';

const MARKING_DAYS = 14;
/** Plenty for a fortnight's marking; keeps one request's work bounded. */
const MAX_ITEMS = 2_000;

/**
 * The teacher's marking of the last 14 days as topics and counts. Pupils' names (and the
 * document authors') are gathered only to be left out of the keywords.
 */
export async function markingSummary(
  ctx: AppContext,
  teacherId: number,
  now = new Date(),
  options: { readPupilsWork?: boolean } = {},
): Promise<MarkingSummary> {
  const readPupilsWork = options.readPupilsWork ?? true;
  const since = new Date(now.getTime() - MARKING_DAYS * 24 * 60 * 60 * 1000);
  const rows = await ctx.db
    .select({
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
  const items: MarkedItem[] = rows.map((row) => {
    for (const name of [row.author, row.studentName, row.studentSurname]) {
      for (const part of (name ?? '').toLowerCase().split(/[^\p{L}'-]+/u))
        if (part) names.add(part);
    }
    return {
      pupilKey: row.studentId ? `s${row.studentId}` : `d${row.documentId}`,
      // A spoken comment's words are in its transcript when no note was typed.
      // Without document analysis only the teacher's own words are read, never the
      // pupils' text (the highlighted passage) or the titles they gave their work.
      texts: [
        readPupilsWork ? (row.highlightedText ?? '') : '',
        row.content,
        row.enhancedTranscript ?? row.transcript ?? '',
        readPupilsWork ? row.documentTitle : '',
      ],
      createdAt: row.createdAt,
    };
  });
  return summariseMarking(items, names, now);
}

export async function suggestForPlan(
  ctx: AppContext,
  teacherId: number,
  planId: number,
): Promise<LessonSuggestion> {
  const { plan, lessons } = await getPlan(ctx, teacherId, planId);
  return ctx.ai.lessonSuggester.suggest({
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
    }),
    pupilNames: await pupilNames(ctx, teacherId),
  });
}

async function pupilNames(ctx: AppContext, teacherId: number): Promise<string[]> {
  const rows = await ctx.db
    .select({ name: students.name, surname: students.surname })
    .from(students)
    .where(eq(students.teacherId, teacherId));
  return rows.flatMap((row) => [row.name, row.surname ?? '']).filter(Boolean);
}
