import { LESSON_DAYS, type LessonDay } from '../../../contract/lesson-plans';
import { formatTimeSlot, parseTimeSlot, type TimeRange } from '../../../contract/lesson-time';
import {
  type Candidate,
  emptyDayCandidate,
  inGroup,
  listed,
  markingCandidates,
  markingSignal,
  plural,
  prepositionOf,
  subjectCandidates,
} from './candidates';
import { keepSafe, suggestionKeyOf } from './safety';
import type {
  EvidencedLesson,
  EvidencedSuggestion,
  LessonSuggester,
  SuggestionInput,
  WeekLesson,
} from './types';

/*
 * The built-in planner: offline, deterministic, and every suggestion says why. It reads
 * the teacher's recent marking (weaknesses shared by several pupils, candidates.ts) and
 * the week (empty days, clashes, free time, heavy days), and proposes 45-minute lessons
 * in free time within a school day, lunch kept free.
 */

const SCHOOL_DAY = { start: 8 * 60 + 30, end: 15 * 60 + 30 };
const LUNCH: TimeRange = { start: 12 * 60, end: 13 * 60 };
const LESSON_MINUTES = 45;
const STEP_MINUTES = 15;
const MAX_SUGGESTIONS = 5;

const overlaps = (a: TimeRange, b: TimeRange) => a.start < b.end && b.start < a.end;

/** Lessons start on the hour or quarter; 9:00 first, the 8:30 registration slot last. */
const STARTS = Array.from(
  { length: (SCHOOL_DAY.end - LESSON_MINUTES - SCHOOL_DAY.start) / STEP_MINUTES + 1 },
  (_, i) => SCHOOL_DAY.start + i * STEP_MINUTES,
).sort((a, b) => Number(a < 9 * 60) - Number(b < 9 * 60) || a - b);

/** The first 45 minutes of the day that touch no lesson and not lunch. */
function freeSlot(taken: TimeRange[]): TimeRange | null {
  for (const start of STARTS) {
    const slot = { start, end: start + LESSON_MINUTES };
    if (!taken.some((range) => overlaps(range, slot))) return slot;
  }
  return null;
}

function clashesOf(lessons: WeekLesson[]): string[] {
  const sentences: string[] = [];
  for (const day of LESSON_DAYS) {
    const onDay = lessons.filter((lesson) => lesson.day === day);
    for (const [index, a] of onDay.entries()) {
      const x = parseTimeSlot(a.timeSlot);
      for (const b of onDay.slice(index + 1)) {
        const y = parseTimeSlot(b.timeSlot);
        if (x && y && (x.start === y.start || overlaps(x, y)))
          sentences.push(`On ${day}, “${a.title}” and “${b.title}” overlap.`);
      }
    }
  }
  return sentences;
}

export function suggestLessons(input: SuggestionInput): EvidencedSuggestion {
  const { lessons } = input;
  const counts = new Map(
    LESSON_DAYS.map((day) => [day, lessons.filter((l) => l.day === day).length]),
  );
  const taken = new Map<LessonDay, TimeRange[]>(
    LESSON_DAYS.map((day) => [
      day,
      [
        LUNCH,
        ...lessons
          .filter((lesson) => lesson.day === day)
          .flatMap((lesson) => parseTimeSlot(lesson.timeSlot) ?? []),
      ],
    ]),
  );
  const mean = lessons.length / LESSON_DAYS.length;
  const heavy = LESSON_DAYS.filter(
    (day) => counts.get(day)! >= 4 && counts.get(day)! >= mean * 1.5,
  );
  const emptyDays = lessons.length > 0 ? LESSON_DAYS.filter((day) => counts.get(day) === 0) : [];

  const candidates: Candidate[] = markingCandidates(input);
  candidates.push(...subjectCandidates(input, candidates));
  candidates.push(...emptyDays.map(emptyDayCandidate));

  const proposed: EvidencedLesson[] = [];
  // A day's suggestions weigh double, so they spread over the week rather than stack.
  const load = (day: LessonDay) =>
    counts.get(day)! + proposed.filter((suggestion) => suggestion.day === day).length;
  for (const candidate of candidates) {
    if (proposed.length >= MAX_SUGGESTIONS) break;
    if (candidate.kind === 'empty-day' && proposed.some((s) => s.day === candidate.day)) continue;
    // Reviews go on the lightest day with room, later in the week on a tie; never a heavy day.
    const days = candidate.day
      ? [candidate.day]
      : [...LESSON_DAYS]
          .reverse()
          .filter((day) => !heavy.includes(day))
          .sort((a, b) => load(a) - load(b));
    for (const day of days) {
      const slot = freeSlot(taken.get(day)!);
      if (!slot) continue;
      const { title, description, color, reason, feedbackIds } = candidate;
      const timeSlot = formatTimeSlot(slot);
      const suggestion: EvidencedLesson = {
        title,
        description,
        timeSlot,
        day,
        color,
        reason,
        suggestionKey: suggestionKeyOf(candidate.kind, [
          candidate.topic,
          title,
          day,
          timeSlot,
          reason,
        ]),
        feedbackIds,
      };
      if (keepSafe(lessons, [...proposed, suggestion]).length !== proposed.length + 1) continue;
      proposed.push(suggestion);
      taken.get(day)!.push(slot);
      counts.set(day, counts.get(day)! + 1);
      break;
    }
  }
  return {
    message: messageOf(input, proposed, { heavy, emptyDays, clashes: clashesOf(lessons), counts }),
    action: actionOf(proposed),
    suggestedLessons: proposed,
    engine: 'builtin',
  };
}

export function actionOf(proposed: { title: string }[]): string {
  if (proposed.length === 0) return 'OK';
  const reviews = proposed.every((s) => / review( \(.+\))?$/.test(s.title));
  return `Add ${plural(proposed.length, reviews ? 'review lesson' : 'lesson')}`;
}

function messageOf(
  input: SuggestionInput,
  proposed: EvidencedLesson[],
  week: {
    heavy: LessonDay[];
    emptyDays: LessonDay[];
    clashes: string[];
    counts: Map<LessonDay, number>;
  },
): string {
  const sentences: string[] = [];
  const { marking, lessons } = input;
  const topics = markingSignal(input).slice(0, 3);
  if (topics.length > 0) {
    const parts = topics.map(
      (topic, index) =>
        `${index === 0 ? plural(topic.pupils, 'pupil') : topic.pupils}${inGroup(topic)}` +
        `${index === 0 ? ' had a correction or next step' : ''} ${prepositionOf(topic)} ${topic.topic}`,
    );
    sentences.push(`In your marking of the last 14 days, ${listed(parts)}.`);
  }
  sentences.push(...week.clashes.slice(0, 2));
  for (const day of week.heavy)
    sentences.push(`${day} has ${week.counts.get(day)} lessons, more than the other days.`);
  if (week.emptyDays.length > 0)
    sentences.push(
      `${listed(week.emptyDays)} ${week.emptyDays.length === 1 ? 'has' : 'have'} no lessons yet.`,
    );

  if (proposed.length > 0) {
    sentences.push(
      `Here ${proposed.length === 1 ? 'is a lesson' : `are ${proposed.length} lessons`} that ${proposed.length === 1 ? 'fits' : 'fit'} free time in your week.`,
    );
  } else if (lessons.length === 0 && marking.items === 0) {
    sentences.push(
      'This plan has no lessons yet. Add your timetable and mark some work, and suggestions will follow.',
    );
  } else if (candidatesWanted(input) && !hasFreeTime(lessons)) {
    sentences.push(
      'Your week has no free 45 minutes between 8:30 and 3:30, so there is nothing to add.',
    );
  } else {
    sentences.push('Your week looks balanced: nothing to add for now.');
  }
  return sentences.join(' ');
}

const candidatesWanted = (input: SuggestionInput) =>
  markingSignal(input).length > 0 || input.lessons.length > 0;

function hasFreeTime(lessons: WeekLesson[]): boolean {
  return LESSON_DAYS.some(
    (day) =>
      freeSlot([
        LUNCH,
        ...lessons.filter((l) => l.day === day).flatMap((l) => parseTimeSlot(l.timeSlot) ?? []),
      ]) !== null,
  );
}

export const builtinLessonSuggester: LessonSuggester = {
  suggest: async (input) => suggestLessons(input),
};
