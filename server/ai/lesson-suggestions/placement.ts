import { LESSON_DAYS, type LessonDay } from '../../../contract/lesson-plans';
import { parseTimeSlot, type TimeRange } from '../../../contract/lesson-time';
import {
  clockMinutes,
  isNonContact,
  lessonPeriods,
  periodOfSlot,
  periodRange,
  type SchoolDay,
  type SchoolPeriod,
} from '../../../contract/school-day';
import type { Candidate } from './candidates';
import { classesOfWeek, classOfLesson, sameClass, yearOf } from './classes';
import { hasAdditionFor, topicsOfLesson } from './coverage';
import type { WeekLesson } from './types';
import { subjectOfTitle } from './vocabulary';

/*
 * Where a suggestion goes. A teacher with one class (a primary class teacher) teaches it
 * all day: a review may take a free lesson period of the school day that is not
 * non-contact time. A teacher with several classes teaches a class only in its lessons:
 * a review changes that class's next lesson of the subject (its starter becomes a re-teach).
 * A lesson that already covers the weakness gets the re-teach added to it instead of a new
 * lesson, and one that already has it means nothing is suggested.
 */

export type PlannedLesson = WeekLesson & {
  cls: string | null;
  subject: string | null;
  range: TimeRange | null;
  covers: Set<string>;
};

export type Week = {
  lessons: PlannedLesson[];
  classes: string[];
  /** One class (or none named) and evidence from one group: free periods are the class's. */
  singleClass: boolean;
  schoolDay: SchoolDay;
  /** The first day still to come when the plan is this week's; earlier days have passed. */
  firstDay: LessonDay;
};

export type Placement =
  | { kind: 'new'; day: LessonDay; period: SchoolPeriod }
  | { kind: 'change'; lesson: PlannedLesson; how: 'starter' | 'add-to' }
  | { kind: 'none'; why: 'done' | 'no-lesson' | 'no-room' | 'unknown-class' };

const overlaps = (a: TimeRange, b: TimeRange) => a.start < b.end && b.start < a.end;

export function weekOf(
  lessons: WeekLesson[],
  schoolDay: SchoolDay,
  evidenceGroups: (string | null)[],
  firstDay: LessonDay = 'Monday',
): Week {
  const classes = classesOfWeek(lessons);
  // A class's subject is what its lessons' titles name ("9Y1 Maths"); ambiguous words in
  // its lessons are read in that subject.
  const subjectOfClass = new Map<string, string>();
  for (const lesson of lessons) {
    const cls = classOfLesson(lesson);
    const subject = subjectOfTitle(lesson.title)?.id;
    if (cls && subject && !subjectOfClass.has(cls.toUpperCase()))
      subjectOfClass.set(cls.toUpperCase(), subject);
  }
  const planned = lessons
    .map((lesson): PlannedLesson => {
      const cls = classOfLesson(lesson);
      const subject =
        subjectOfTitle(lesson.title)?.id ?? subjectOfClass.get(cls?.toUpperCase() ?? '') ?? null;
      return {
        ...lesson,
        cls,
        subject,
        range: parseTimeSlot(lesson.timeSlot),
        covers: topicsOfLesson(lesson, subject),
      };
    })
    .sort(
      (a, b) =>
        LESSON_DAYS.indexOf(a.day) - LESSON_DAYS.indexOf(b.day) ||
        (a.range?.start ?? 24 * 60) - (b.range?.start ?? 24 * 60),
    );
  const groups = new Set(evidenceGroups.filter(Boolean).map((g) => g!.toUpperCase()));
  return {
    lessons: planned,
    classes,
    singleClass: classes.length <= 1 && groups.size <= 1,
    schoolDay,
    firstDay,
  };
}

/** The lessons where the candidate's class is taught. */
function lessonsOfGroup(week: Week, group: string | null): PlannedLesson[] {
  if (week.singleClass) return week.lessons;
  if (!group) return [];
  const own = week.lessons.filter((lesson) => sameClass(lesson.cls, group));
  if (own.length > 0) return own;
  // A year group ("Year 9") whose pupils' class is not known: the one class of that year.
  const year = yearOf(group);
  const ofYear = week.classes.filter((cls) => year !== null && yearOf(cls) === year);
  return ofYear.length === 1
    ? week.lessons.filter((lesson) => sameClass(lesson.cls, ofYear[0]))
    : [];
}

const isPast = (week: Week, day: LessonDay) =>
  LESSON_DAYS.indexOf(day) < LESSON_DAYS.indexOf(week.firstDay);

const coversCandidate = (lesson: PlannedLesson, candidate: Candidate) =>
  candidate.topicId !== null &&
  [candidate.topicId, ...candidate.partIds].some((id) => lesson.covers.has(id));

/** The first free lesson period on the lightest day, later in the week on a tie. */
function freePeriod(
  week: Week,
  taken: Map<LessonDay, TimeRange[]>,
  load: (day: LessonDay) => number,
  heavy: LessonDay[],
): { day: LessonDay; period: SchoolPeriod } | null {
  const home = clockMinutes(week.schoolDay.homeTime);
  const days = [...LESSON_DAYS]
    .reverse()
    .filter((day) => !heavy.includes(day) && !isPast(week, day))
    .sort((a, b) => load(a) - load(b));
  for (const day of days) {
    for (const period of lessonPeriods(week.schoolDay)) {
      const range = periodRange(period);
      if (range.end > home || isNonContact(week.schoolDay, day, period.name)) continue;
      if ((taken.get(day) ?? []).some((other) => overlaps(other, range))) continue;
      return { day, period };
    }
  }
  return null;
}

export function place(
  candidate: Candidate,
  week: Week,
  state: {
    taken: Map<LessonDay, TimeRange[]>;
    changed: Set<PlannedLesson>;
    load: (day: LessonDay) => number;
    heavy: LessonDay[];
  },
): Placement {
  if (!week.singleClass && candidate.kind !== 'marking') return { kind: 'none', why: 'no-room' };
  if (!week.singleClass && week.classes.length === 0) return { kind: 'none', why: 'unknown-class' };
  const ofClass = lessonsOfGroup(week, candidate.group);
  const covering = ofClass.filter((lesson) => coversCandidate(lesson, candidate));
  if (
    covering.some(
      (lesson) => hasAdditionFor(lesson.description, candidate.topic) || lesson.suggestionKey,
    )
  )
    return { kind: 'none', why: 'done' };
  // A lesson already taught this week can no longer change.
  const open = (lesson: PlannedLesson) => !state.changed.has(lesson) && !isPast(week, lesson.day);
  const firstCovering = covering.find(open);
  if (firstCovering) return { kind: 'change', lesson: firstCovering, how: 'add-to' };
  if (covering.some((lesson) => !isPast(week, lesson.day))) return { kind: 'none', why: 'done' };

  if (week.singleClass) {
    const free = candidate.day
      ? isPast(week, candidate.day)
        ? null
        : freeOn(week, state.taken, candidate.day)
      : freePeriod(week, state.taken, state.load, state.heavy);
    if (free) return { kind: 'new', ...free };
    if (candidate.kind !== 'marking') return { kind: 'none', why: 'no-room' };
  }
  if (!ofClass.some((lesson) => !isPast(week, lesson.day)))
    return { kind: 'none', why: 'no-lesson' };
  // A class teacher's lesson of another (or no named) subject is not the place for it; a
  // subject teacher's lessons of a class are their subject even when titled "9Y1".
  const sameSubject = ofClass.filter(
    (lesson) =>
      open(lesson) &&
      (lesson.subject === candidate.subject || (!week.singleClass && lesson.subject === null)),
  );
  const lesson = sameSubject[0];
  return lesson ? { kind: 'change', lesson, how: 'starter' } : { kind: 'none', why: 'no-room' };
}

function freeOn(week: Week, taken: Map<LessonDay, TimeRange[]>, day: LessonDay) {
  const home = clockMinutes(week.schoolDay.homeTime);
  const period = lessonPeriods(week.schoolDay).find((candidate) => {
    const range = periodRange(candidate);
    return (
      range.end <= home &&
      !isNonContact(week.schoolDay, day, candidate.name) &&
      !(taken.get(day) ?? []).some((other) => overlaps(other, range))
    );
  });
  return period ? { day, period } : null;
}

/** "Thursday P3" when the lesson's slot is a period of the school day, else "Thursday 2:00 - 3:00 PM". */
export function whereOf(lesson: WeekLesson, schoolDay: SchoolDay): string {
  const period = periodOfSlot(schoolDay, lesson.timeSlot);
  return `${lesson.day} ${period && period.kind === 'lesson' ? period.name : lesson.timeSlot}`;
}
