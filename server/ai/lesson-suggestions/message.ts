import { LESSON_DAYS, type LessonDay } from '../../../contract/lesson-plans';
import { slotsOverlap } from '../../../contract/lesson-time';
import type { SchoolDay } from '../../../contract/school-day';
import {
  type Candidate,
  inGroup,
  listed,
  markingSignal,
  plural,
  prepositionOf,
} from './candidates';
import type { EvidencedLesson, SuggestionInput, WeekLesson } from './types';

/*
 * The banner's message: what the marking shows (with the same counts as the reasons),
 * what is odd about the week (clashes, heavy and empty days), and what was or could not
 * be suggested, and why.
 */

function clashesOf(lessons: WeekLesson[]): string[] {
  const sentences: string[] = [];
  for (const day of LESSON_DAYS) {
    const onDay = lessons.filter((lesson) => lesson.day === day);
    for (const [index, a] of onDay.entries()) {
      for (const b of onDay.slice(index + 1))
        if (slotsOverlap(a.timeSlot, b.timeSlot))
          sentences.push(`On ${day}, “${a.title}” and “${b.title}” overlap.`);
    }
  }
  return sentences;
}

type WeekFacts = {
  heavy: LessonDay[];
  emptyDays: LessonDay[];
  counts: Map<LessonDay, number>;
  unplaced: { candidate: Candidate; why: string }[];
  namesClasses: boolean;
  singleClass: boolean;
  schoolDay: SchoolDay;
};

function unplacedSentences(week: WeekFacts): string[] {
  const sentences: string[] = [];
  const marking = week.unplaced.filter((entry) => entry.candidate.kind === 'marking');
  const noLesson = marking.filter((entry) => entry.why === 'no-lesson');
  for (const group of new Set(noLesson.map((entry) => entry.candidate.group))) {
    if (!group) continue;
    const topics = noLesson
      .filter((e) => e.candidate.group === group)
      .map((e) => e.candidate.topic);
    sentences.push(
      `${group} has no lesson in this plan, so nothing is suggested for its ${listed(topics)}.`,
    );
  }
  if (marking.some((entry) => entry.why === 'unknown-class'))
    sentences.push(
      'Your marking comes from more than one year group: give each lesson its class (the ' +
        'Class field, or in its title, “9Y1 Maths”) so suggestions go where that class is taught.',
    );
  const done = marking.filter((entry) => entry.why === 'done').map((e) => e.candidate);
  if (done.length > 0)
    sentences.push(`Already in your plan: ${listed(done.map((c) => `${c.topic}${inGroup(c)}`))}.`);
  return sentences;
}

export function messageOf(
  input: SuggestionInput,
  proposed: EvidencedLesson[],
  week: WeekFacts,
): string {
  const sentences: string[] = [];
  const { lessons } = input;
  const topics = markingSignal(input).slice(0, 3);
  if (topics.length > 0) {
    const parts = topics.map(
      (topic, index) =>
        `${index === 0 ? plural(topic.pupils, 'pupil') : topic.pupils}${inGroup(topic)}` +
        `${index === 0 ? ' had a correction or next step' : ''} ${prepositionOf(topic)} ${topic.topic}`,
    );
    sentences.push(`In your marking of the last 14 days, ${listed(parts)}.`);
  } else if (input.marking.items > 0) {
    sentences.push(
      'Your marking of the last 14 days shows no weakness shared by two pupils of a class.',
    );
  }
  sentences.push(...clashesOf(lessons).slice(0, 2));
  for (const day of week.heavy)
    sentences.push(`${day} has ${week.counts.get(day)} lessons, more than the other days.`);
  if (week.emptyDays.length > 0 && week.singleClass)
    sentences.push(
      `${listed(week.emptyDays)} ${week.emptyDays.length === 1 ? 'has' : 'have'} no lessons yet.`,
    );
  sentences.push(...unplacedSentences(week));

  const changes = proposed.filter((s) => s.change).length;
  const added = proposed.length - changes;
  if (proposed.length > 0) {
    const what = [
      added > 0 ? `${plural(added, 'lesson')} for free periods of your school day` : '',
      changes > 0 ? `${plural(changes, 'change')} to lessons you have planned` : '',
    ].filter(Boolean);
    sentences.push(`Here ${proposed.length === 1 ? 'is' : 'are'} ${listed(what)}.`);
  } else if (lessons.length === 0 && input.marking.items === 0) {
    sentences.push(
      'This plan has no lessons yet. Add your timetable and mark some work, and suggestions will follow.',
    );
  } else if (topics.length > 0 && week.unplaced.some((entry) => entry.why === 'no-room')) {
    sentences.push('Your school day has no free lesson period and no lesson to add a re-teach to.');
  } else if (topics.length === 0) {
    sentences.push('Nothing to add for now.');
  }
  return sentences.join(' ');
}
