import type { LessonColor, LessonDay } from '../../../contract/lesson-plans';
import type { MarkingTopic, SuggestionInput, WeekLesson } from './types';
import { subjectById, subjectOfTitle } from './vocabulary';

/*
 * What the built-in planner proposes, and the reason it gives. First the weaknesses the
 * marking shows, shared by at least two pupils, in the marking summary's order (most
 * pupils, then most recent); reviews of subjects taught often only when the marking shows
 * nothing or the teacher asked for general ideas; then days with no lessons. Every number
 * in a reason is a count from the evidence, and each marking lesson carries the ids of
 * the feedback items it rests on.
 */

export const MIN_PUPILS = 2;
export const REVIEW_WORDS = /\b(review|revision|revise|recap|consolidat\w*|catch-?up|quiz)\b/i;

export type Candidate = {
  kind: 'marking' | 'subject' | 'empty-day';
  /** What the lesson reviews: a topic's label, a subject, a day. */
  topic: string;
  title: string;
  description: string;
  color: LessonColor;
  reason: string;
  feedbackIds: number[];
  day?: LessonDay;
  /** The subject's label ("Maths"): a subject review is not proposed beside its topic's. */
  subject?: string;
};

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function listed(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const colorOf = (subjectLabel: string): LessonColor =>
  [...subjectById.values()].find((subject) => subject.label === subjectLabel)?.color ?? 'yellow';

/** "on fractions"; "in algebra" for a strand counted as one. */
export const prepositionOf = (topic: MarkingTopic) => (topic.parts.length > 0 ? 'in' : 'on');
export const inGroup = (topic: MarkingTopic) => (topic.group ? ` in ${topic.group}` : '');

/** "3 pupils in 9Y1 had a correction or next step on expanding brackets this week". */
export function markingReason(topic: MarkingTopic): string {
  const when = topic.withinWeek ? 'this week' : 'in the last two weeks';
  const parts = topic.parts.map((part) => `${part.topic} (${plural(part.pupils, 'pupil')})`);
  return (
    `${plural(topic.pupils, 'pupil')}${inGroup(topic)} had a correction or next step ` +
    `${prepositionOf(topic)} ${topic.topic} ${when}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`
  );
}

function alreadyReviewed(lessons: WeekLesson[], topic: MarkingTopic): boolean {
  return lessons.some((lesson) => {
    const title = lesson.title.toLowerCase();
    return (
      title.includes(topic.topic.toLowerCase()) &&
      (!topic.group || title.includes(topic.group.toLowerCase())) &&
      (REVIEW_WORDS.test(lesson.title) || lesson.suggestionKey !== null)
    );
  });
}

export const markingSignal = (input: SuggestionInput) =>
  input.marking.topics.filter((topic) => topic.pupils >= MIN_PUPILS);

export function markingCandidates(input: SuggestionInput): Candidate[] {
  return markingSignal(input)
    .filter((topic) => !alreadyReviewed(input.lessons, topic))
    .map((topic) => {
      const focus =
        topic.parts.length > 0 ? ` (${listed(topic.parts.map((part) => part.topic))})` : '';
      return {
        kind: 'marking',
        topic: topic.topic,
        title: `${capitalise(topic.topic)} review${topic.group ? ` (${topic.group})` : ''}`,
        description:
          `Whole-class review of ${topic.topic}${focus}: go over the common mistakes from ` +
          'recent marking, model a corrected example together, then short independent practice.',
        color: colorOf(topic.subject),
        subject: topic.subject,
        reason: markingReason(topic),
        feedbackIds: topic.feedbackIds,
      };
    });
}

/**
 * Subjects taught at least twice this week with no review lesson, for subjects a review
 * lesson suits (not PE or music). Only when the marking shows nothing, unless the
 * teacher asked for general ideas.
 */
export function subjectCandidates(input: SuggestionInput, taken: Candidate[]): Candidate[] {
  if (markingSignal(input).length > 0 && !input.options?.generalIdeas) return [];
  const taught = new Map<string, { count: number; reviewed: boolean; color: LessonColor }>();
  for (const lesson of input.lessons) {
    const subject = subjectOfTitle(lesson.title);
    if (!subject?.reviewable) continue;
    const entry = taught.get(subject.label) ?? { count: 0, reviewed: false, color: subject.color };
    entry.count += 1;
    entry.reviewed ||= REVIEW_WORDS.test(lesson.title);
    taught.set(subject.label, entry);
  }
  return [...taught.entries()]
    .filter(([, entry]) => entry.count >= 2 && !entry.reviewed)
    .filter(([subject]) => !taken.some((candidate) => candidate.subject === subject))
    .sort(([, x], [, y]) => y.count - x.count)
    .slice(0, 2)
    .map(([subject, entry]) => ({
      kind: 'subject',
      topic: subject,
      subject,
      title: `${subject} review`,
      description:
        `Review of this week’s ${subject}: a short quiz on the key points, go over what was ` +
        'missed, then practice at two levels of challenge.',
      color: entry.color,
      reason: `${subject} is taught ${entry.count} times this week with no review lesson`,
      feedbackIds: [],
    }));
}

export function emptyDayCandidate(day: LessonDay): Candidate {
  return {
    kind: 'empty-day',
    topic: day,
    day,
    title: 'Catch-up and consolidation',
    description:
      'Pupils finish and correct recent work using the feedback they were given; ' +
      'small-group support for those who need it.',
    color: 'yellow',
    reason: `${day} has no lessons yet`,
    feedbackIds: [],
  };
}
