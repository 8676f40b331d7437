import { LESSON_DAYS, type LessonDay } from '../../../contract/lesson-plans';
import { parseTimeSlot, type TimeRange } from '../../../contract/lesson-time';
import { PRIMARY_DAY, periodRange, periodTimeSlot } from '../../../contract/school-day';
import {
  type Candidate,
  emptyDayCandidate,
  markingCandidates,
  markingSignal,
  namesClasses,
  subjectCandidates,
} from './candidates';
import { messageOf } from './message';
import { type Placement, type PlannedLesson, place, type Week, weekOf, whereOf } from './placement';
import { keepSafe, suggestionKeyOf } from './safety';
import type {
  EvidencedLesson,
  EvidencedSuggestion,
  LessonSuggester,
  SuggestionInput,
} from './types';

/*
 * The built-in planner: offline, deterministic, and every suggestion says why. It reads
 * the teacher's recent marking (weaknesses shared by several pupils of one class,
 * candidates.ts) and puts each where that class is taught (placement.ts): a free lesson
 * period of the school day for a class teacher, else a change to a lesson the class
 * already has. General ideas only when the marking offers nothing and the teacher asked.
 */

const MAX_SUGGESTIONS = 5;

function suggestionOf(candidate: Candidate, placement: Placement, week: Week): EvidencedLesson {
  const common = {
    color: candidate.color,
    reason: candidate.reason,
    className: candidate.group,
    topicId: candidate.topicId,
    feedbackIds: candidate.feedbackIds,
  };
  if (placement.kind === 'new') {
    const timeSlot = periodTimeSlot(placement.period);
    return {
      ...common,
      title: candidate.title,
      description: candidate.description,
      timeSlot,
      day: placement.day,
      suggestionKey: suggestionKeyOf(candidate.kind, [
        candidate.topic,
        candidate.group,
        candidate.title,
        placement.day,
        timeSlot,
        candidate.reason,
      ]),
      change: null,
    };
  }
  if (placement.kind !== 'change') throw new Error('A suggestion needs a place');
  const { lesson } = placement;
  const starter = placement.how === 'starter';
  const addition = starter ? candidate.starter : candidate.addTo;
  const where = `${whereOf(lesson, week.schoolDay)} (“${lesson.title}”)`;
  return {
    ...common,
    color: lesson.color,
    title: lesson.title,
    description: `${lesson.description}\n\n${addition}`,
    timeSlot: lesson.timeSlot,
    day: lesson.day,
    suggestionKey: suggestionKeyOf('change', [
      candidate.topicId,
      candidate.group,
      lesson.id,
      addition,
      candidate.reason,
    ]),
    change: {
      lessonId: lesson.id ?? 0,
      addition,
      summary: starter
        ? `Turn the starter of ${where} into a 15-minute re-teach of ${candidate.topic}`
        : `Add a re-teach of ${candidate.topic} to ${where}, which already covers it`,
    },
  };
}

export function suggestLessons(input: SuggestionInput): EvidencedSuggestion {
  const { lessons } = input;
  const schoolDay = input.schoolDay ?? PRIMARY_DAY;
  const signal = markingSignal(input);
  const week = weekOf(
    lessons,
    schoolDay,
    signal.map((topic) => topic.group),
    input.firstDay,
  );
  const counts = new Map(
    LESSON_DAYS.map((day) => [day, lessons.filter((l) => l.day === day).length]),
  );
  const taken = new Map<LessonDay, TimeRange[]>(
    LESSON_DAYS.map((day) => [
      day,
      lessons
        .filter((lesson) => lesson.day === day)
        .flatMap((l) => parseTimeSlot(l.timeSlot) ?? []),
    ]),
  );
  const mean = lessons.length / LESSON_DAYS.length;
  const heavy = LESSON_DAYS.filter(
    (day) => counts.get(day)! >= 4 && counts.get(day)! >= mean * 1.5,
  );
  const firstDay = LESSON_DAYS.indexOf(input.firstDay ?? 'Monday');
  const emptyDays =
    lessons.length > 0
      ? LESSON_DAYS.filter((day, index) => counts.get(day) === 0 && index >= firstDay)
      : [];
  const askedForIdeas = input.options?.generalIdeas === true;
  const ideasPossible = signal.length === 0 && week.singleClass && lessons.length > 0;

  const candidates: Candidate[] = markingCandidates(input);
  if (ideasPossible && askedForIdeas) {
    candidates.push(...subjectCandidates(input));
    candidates.push(...emptyDays.map(emptyDayCandidate));
  }
  const declinedKeys = new Set((input.declined ?? []).map((answer) => answer.suggestionKey));

  const proposed: EvidencedLesson[] = [];
  const unplaced: { candidate: Candidate; why: string }[] = [];
  const changed = new Set<PlannedLesson>();
  // A day's suggestions weigh double, so they spread over the week rather than stack.
  const load = (day: LessonDay) => counts.get(day)! + proposed.filter((s) => s.day === day).length;
  for (const candidate of candidates) {
    if (proposed.length >= MAX_SUGGESTIONS) break;
    const placement = place(candidate, week, { taken, changed, load, heavy });
    if (placement.kind === 'none') {
      unplaced.push({ candidate, why: placement.why });
      continue;
    }
    const suggestion = suggestionOf(candidate, placement, week);
    if (declinedKeys.has(suggestion.suggestionKey)) continue;
    if (keepSafe(lessons, [...proposed, suggestion]).length !== proposed.length + 1) continue;
    proposed.push(suggestion);
    if (placement.kind === 'new') {
      taken.get(placement.day)!.push(periodRange(placement.period));
      counts.set(placement.day, counts.get(placement.day)! + 1);
    } else changed.add(placement.lesson);
  }
  return {
    message: messageOf(input, proposed, {
      heavy,
      emptyDays,
      counts,
      unplaced,
      namesClasses: namesClasses(input),
      singleClass: week.singleClass,
      schoolDay,
    }),
    action: actionOf(proposed),
    suggestedLessons: proposed,
    engine: 'builtin',
    generalIdeasAvailable: ideasPossible && !askedForIdeas,
  };
}

export function actionOf(proposed: { title: string; change: unknown }[]): string {
  if (proposed.length === 0) return 'OK';
  const changes = proposed.filter((s) => s.change).length;
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  if (changes === proposed.length) return `Change ${count(changes, 'lesson')}`;
  if (changes > 0) return `Apply ${count(proposed.length, 'suggestion')}`;
  const reviews = proposed.every((s) => / review( \(.+\))?$/.test(s.title));
  return `Add ${count(proposed.length, reviews ? 'review lesson' : 'lesson')}`;
}

export const builtinLessonSuggester: LessonSuggester = {
  suggest: async (input) => suggestLessons(input),
};
