import type { LessonColor, LessonDay } from '../../../contract/lesson-plans';
import { classOfLesson } from './classes';
import { additionOpening } from './coverage';
import type { MarkingTopic, SuggestionInput, SuggestionResponse } from './types';
import { subjectById, subjectOfTitle } from './vocabulary';

/*
 * What the built-in planner proposes, and the reason it gives. First the weaknesses the
 * marking shows, shared by at least two pupils (of one class), in the marking summary's
 * order (most pupils, then most recent). General ideas (reviews of subjects taught often,
 * a catch-up on an empty day) only when the marking offers nothing and the teacher asked.
 * Every number in a reason is a count from the evidence, and each marking suggestion
 * carries the ids of the feedback items it rests on.
 */

export const MIN_PUPILS = 2;
export const REVIEW_WORDS = /\b(review|revision|revise|recap|consolidat\w*|catch-?up|quiz)\b/i;

export type Candidate = {
  kind: 'marking' | 'subject' | 'empty-day';
  /** What the lesson reviews: a topic's label, a subject, a day. */
  topic: string;
  /** The marking topic's id, its strand parts' ids (what else a lesson may cover). */
  topicId: string | null;
  partIds: string[];
  /** The class or year group the evidence is from; null when the teacher has one class. */
  group: string | null;
  title: string;
  description: string;
  /** For a change to a lesson: what is appended, as the starter or as an addition. */
  starter: string;
  addTo: string;
  color: LessonColor;
  reason: string;
  feedbackIds: number[];
  day?: LessonDay;
  /** The subject's id ("maths"): where a re-teach may go, and no subject review beside it. */
  subject?: string;
};

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function listed(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const subjectIdOf = (label: string) =>
  [...subjectById.values()].find((subject) => subject.label === label)?.id;
const colorOf = (subjectLabel: string): LessonColor =>
  subjectById.get(subjectIdOf(subjectLabel) ?? '')?.color ?? 'yellow';

/** "on fractions"; "in algebra" for a strand counted as one. */
export const prepositionOf = (topic: MarkingTopic) => (topic.parts.length > 0 ? 'in' : 'on');
export const inGroup = (topic: { group: string | null }) =>
  topic.group ? ` in ${topic.group}` : '';

/** "3 pupils in 9Y1 had a correction or next step on expanding brackets this week". */
export function markingReason(topic: MarkingTopic): string {
  const when = topic.withinWeek ? 'this week' : 'in the last two weeks';
  const parts = topic.parts.map((part) => `${part.topic} (${plural(part.pupils, 'pupil')})`);
  return (
    `${plural(topic.pupils, 'pupil')}${inGroup(topic)} had a correction or next step ` +
    `${prepositionOf(topic)} ${topic.topic} ${when}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`
  );
}

/** A suggestion the teacher declined for exactly this evidence (or wrong for part of it). */
function declinedFor(topic: MarkingTopic, declined: SuggestionResponse[]): boolean {
  return declined.some(
    (answer) =>
      answer.topicId === topic.id &&
      (answer.className ?? null) === (topic.group ?? null) &&
      topic.feedbackIds.every((id) => answer.feedbackIds.includes(id)),
  );
}

/** The weaknesses worth a lesson: two pupils or more, not declined for this evidence. */
export const markingSignal = (input: SuggestionInput) =>
  input.marking.topics.filter(
    (topic) => topic.pupils >= MIN_PUPILS && !declinedFor(topic, input.declined ?? []),
  );

export function markingCandidates(input: SuggestionInput): Candidate[] {
  return markingSignal(input).map((topic) => {
    const focus =
      topic.parts.length > 0 ? ` (${listed(topic.parts.map((part) => part.topic))})` : '';
    const opening = additionOpening(topic.topic);
    return {
      kind: 'marking',
      topic: topic.topic,
      topicId: topic.id,
      partIds: topic.parts.map((part) => part.id),
      group: topic.group,
      title: `${capitalise(topic.topic)} review${topic.group ? ` (${topic.group})` : ''}`,
      description:
        `${opening} a whole-class review of the common mistakes${focus}; model a corrected ` +
        'example together, then short independent practice.',
      starter:
        `${opening} a 15-minute re-teach as the starter${focus}; model a corrected example ` +
        'of the common mistake, then pupils correct their own work.',
      addTo:
        `${opening} start with the mistakes pupils made${focus}; model a corrected example, ` +
        'then pupils correct their own work.',
      color: colorOf(topic.subject),
      subject: subjectIdOf(topic.subject),
      reason: markingReason(topic),
      feedbackIds: topic.feedbackIds,
    };
  });
}

const noChange = { starter: '', addTo: '', topicId: null, partIds: [], group: null };

/**
 * General ideas, only when the marking offers nothing and the teacher asked: reviews of
 * subjects taught at least twice this week with no review lesson, for subjects a review
 * suits (not PE or music).
 */
export function subjectCandidates(input: SuggestionInput): Candidate[] {
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
    .sort(([, x], [, y]) => y.count - x.count)
    .slice(0, 2)
    .map(([subject, entry]) => ({
      ...noChange,
      kind: 'subject',
      topic: subject,
      subject: subjectIdOf(subject),
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
    ...noChange,
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

/** Whether the week names its classes: a lesson's Class field or a class in its title. */
export const namesClasses = (input: SuggestionInput) =>
  input.lessons.some((lesson) => classOfLesson(lesson) !== null);
