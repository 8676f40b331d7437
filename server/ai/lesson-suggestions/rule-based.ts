import {
  LESSON_DAYS,
  type LessonColor,
  type LessonDay,
  type LessonSuggestion,
  type SuggestedLesson,
} from '../../../contract/lesson-plans';
import { formatTimeSlot, parseTimeSlot, type TimeRange } from '../../../contract/lesson-time';
import { keepSafe, suggestionKeyOf } from './safety';
import { REVIEW_WORDS, subjectOf } from './topics';
import type { LessonSuggester, MarkingTopic, SuggestionInput, WeekLesson } from './types';

/*
 * The built-in planner: offline, deterministic, and every suggestion says why. It reads
 * the week (empty days, clashes, free time, subjects without a review, heavy days) and
 * the teacher's recent marking (topics that drew feedback, for how many pupils), and
 * proposes 45-minute lessons in free time within a school day, lunch kept free.
 */

const SCHOOL_DAY = { start: 8 * 60 + 30, end: 15 * 60 + 30 };
const LUNCH: TimeRange = { start: 12 * 60, end: 13 * 60 };
const LESSON_MINUTES = 45;
const STEP_MINUTES = 15;
const MAX_SUGGESTIONS = 5;
const MAX_MARKING_REVIEWS = 3;

const SUBJECT_COLORS: Record<string, LessonColor> = {
  Maths: 'blue',
  English: 'green',
  Science: 'purple',
  History: 'yellow',
  Geography: 'yellow',
};

type Kind = 'marking' | 'subject' | 'empty-day';
type Candidate = {
  kind: Kind;
  subject: string | null;
  topic: string;
  reason: string;
  day?: LessonDay;
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const overlaps = (a: TimeRange, b: TimeRange) => a.start < b.end && b.start < a.end;

function listed(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

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

function markingCandidates(input: SuggestionInput): Candidate[] {
  const when = input.marking.withinWeek ? 'this week' : 'in the last two weeks';
  const alreadyReviewed = (topic: MarkingTopic) =>
    input.lessons.some(
      (lesson) =>
        lesson.title.toLowerCase().includes(topic.topic) &&
        (REVIEW_WORDS.test(lesson.title) || lesson.suggestionKey !== null),
    );
  return input.marking.topics
    .filter((topic) => topic.pupils >= 2 && !alreadyReviewed(topic))
    .slice(0, MAX_MARKING_REVIEWS)
    .map((topic) => ({
      kind: 'marking',
      subject: topic.subject,
      topic: topic.topic,
      reason: `${plural(topic.pupils, 'pupil')} had feedback on ${topic.topic} ${when}`,
    }));
}

function subjectCandidates(lessons: WeekLesson[], taken: Candidate[]): Candidate[] {
  const taught = new Map<string, { count: number; reviewed: boolean }>();
  for (const lesson of lessons) {
    const subject = subjectOf(lesson.title);
    if (!subject) continue;
    const entry = taught.get(subject) ?? { count: 0, reviewed: false };
    entry.count += 1;
    entry.reviewed ||= REVIEW_WORDS.test(lesson.title);
    taught.set(subject, entry);
  }
  return [...taught.entries()]
    .filter(([, entry]) => entry.count >= 2 && !entry.reviewed)
    .filter(([subject]) => !taken.some((candidate) => candidate.subject === subject))
    .sort(([a, x], [b, y]) => y.count - x.count || a.localeCompare(b))
    .slice(0, 2)
    .map(([subject, entry]) => ({
      kind: 'subject',
      subject,
      topic: subject,
      reason: `${subject} is taught ${entry.count} times this week with no review lesson`,
    }));
}

function lessonFor(
  candidate: Candidate,
  day: LessonDay,
  slot: TimeRange,
): Omit<SuggestedLesson, 'suggestionKey'> {
  const color = SUBJECT_COLORS[candidate.subject ?? ''] ?? 'yellow';
  const timeSlot = formatTimeSlot(slot);
  if (candidate.kind === 'empty-day') {
    return {
      title: 'Catch-up and consolidation',
      description:
        'Pupils finish and correct recent work using the feedback they were given; ' +
        'small-group support for those who need it.',
      timeSlot,
      day,
      color: 'yellow',
      reason: candidate.reason,
    };
  }
  const what = candidate.kind === 'marking' ? candidate.topic : candidate.subject!;
  return {
    title: `${capitalise(what)} review`,
    description:
      candidate.kind === 'marking'
        ? `Whole-class review of ${what}: go over the common mistakes from recent marking, ` +
          'model a corrected example together, then short independent practice.'
        : `Review of this week’s ${what}: a short quiz on the key points, go over what was ` +
          'missed, then practice at two levels of challenge.',
    timeSlot,
    day,
    color,
    reason: candidate.reason,
  };
}

export function suggestLessons(input: SuggestionInput): LessonSuggestion {
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

  const candidates = markingCandidates(input);
  candidates.push(...subjectCandidates(lessons, candidates));
  for (const day of emptyDays) {
    candidates.push({
      kind: 'empty-day',
      subject: null,
      topic: day,
      day,
      reason: `${day} has no lessons yet`,
    });
  }

  const proposed: SuggestedLesson[] = [];
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
      const lesson = lessonFor(candidate, day, slot);
      const suggestion = {
        ...lesson,
        suggestionKey: suggestionKeyOf(candidate.kind, [
          candidate.topic,
          lesson.title,
          day,
          lesson.timeSlot,
          lesson.reason,
        ]),
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

export function actionOf(proposed: SuggestedLesson[]): string {
  if (proposed.length === 0) return 'OK';
  const reviews = proposed.every((s) => / review$/.test(s.title));
  return `Add ${plural(proposed.length, reviews ? 'review lesson' : 'lesson')}`;
}

function messageOf(
  input: SuggestionInput,
  proposed: SuggestedLesson[],
  week: {
    heavy: LessonDay[];
    emptyDays: LessonDay[];
    clashes: string[];
    counts: Map<LessonDay, number>;
  },
): string {
  const sentences: string[] = [];
  const { marking, lessons } = input;
  const topics = marking.topics.filter((topic) => topic.pupils >= 2).slice(0, 3);
  if (topics.length > 0) {
    const parts = topics.map((topic, index) =>
      index === 0
        ? `${plural(topic.pupils, 'pupil')} had feedback on ${topic.topic}`
        : `${topic.pupils} on ${topic.topic}`,
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
  input.marking.topics.some((topic) => topic.pupils >= 2) || input.lessons.length > 0;

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
