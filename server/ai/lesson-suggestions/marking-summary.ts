import { readFeedback } from './read-feedback';
import type { TopicEntry } from './topic-vocabulary';
import type { FeedbackEvidence, MarkingSummary, MarkingTopic } from './types';
import { contextIdsOf, groupById, subjectById, subjectOfTitle } from './vocabulary';

/*
 * The teacher's marking as weaknesses shared by pupils. Each feedback item is read
 * (read-feedback.ts); praise and items that name no topic are not counted. A topic's
 * count is the number of distinct pupils with a weakness or next step on it, within one
 * class when the evidence names classes. Ranked by that count, then by how recent the
 * newest item is: never by name.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_TOPICS = 12;

type Tally = {
  topic: TopicEntry;
  group: string | null;
  pupils: Set<string>;
  items: FeedbackEvidence[];
};

const newestFirst = (a: FeedbackEvidence, b: FeedbackEvidence) =>
  b.createdAt.getTime() - a.createdAt.getTime() || b.feedbackId - a.feedbackId;

/** Most pupils, then the most recent item, then more items, then the newest item's id. */
export function byEvidence(a: MarkingTopic, b: MarkingTopic): number {
  return (
    b.pupils - a.pupils ||
    b.latestAt.getTime() - a.latestAt.getTime() ||
    b.items - a.items ||
    (b.feedbackIds[0] ?? 0) - (a.feedbackIds[0] ?? 0)
  );
}

function toTopic(
  id: string,
  label: string,
  subject: string,
  tallies: Tally[],
  weekAgo: number,
): MarkingTopic {
  const items = [...new Set(tallies.flatMap((tally) => tally.items))].sort(newestFirst);
  return {
    id,
    topic: label,
    subject: subjectById.get(subject)?.label ?? subject,
    group: tallies[0]?.group ?? null,
    pupils: new Set(tallies.flatMap((tally) => [...tally.pupils])).size,
    items: items.length,
    feedbackIds: items.map((item) => item.feedbackId),
    latestAt: items[0]!.createdAt,
    withinWeek: items.every((item) => item.createdAt.getTime() >= weekAgo),
    parts: [],
  };
}

/**
 * A class's topics of one strand (algebra: notation, like terms, brackets...) are one
 * lesson when together they reach more pupils than the strand's largest topic alone:
 * five pupils' algebra errors are more evidence than three pupils' bracket errors.
 */
function withStrands(tallies: Tally[], weekAgo: number): MarkingTopic[] {
  const topics: MarkingTopic[] = [];
  const byStrand = new Map<string, Tally[]>();
  for (const tally of tallies) {
    if (!tally.topic.group) {
      topics.push(
        toTopic(tally.topic.id, tally.topic.label, tally.topic.subject, [tally], weekAgo),
      );
      continue;
    }
    const key = `${tally.group ?? ''}\u0000${tally.topic.group}`;
    byStrand.set(key, [...(byStrand.get(key) ?? []), tally]);
  }
  for (const members of byStrand.values()) {
    const single = members.map((tally) =>
      toTopic(tally.topic.id, tally.topic.label, tally.topic.subject, [tally], weekAgo),
    );
    const strand = groupById.get(members[0]!.topic.group!)!;
    const whole = toTopic(strand.id, strand.label, strand.subject, members, weekAgo);
    if (members.length < 2 || whole.pupils <= Math.max(...single.map((t) => t.pupils))) {
      topics.push(...single);
      continue;
    }
    whole.parts = single
      .filter((topic) => topic.id !== strand.id)
      .sort(byEvidence)
      .map(({ id, topic, pupils }) => ({ id, topic, pupils }));
    topics.push(whole);
  }
  return topics;
}

/** The one reviewable subject of the week's lessons, when it has exactly one. */
export function weekSubjectOf(lessonTitles: string[]): string | null {
  const subjects = new Set(
    lessonTitles
      .map((title) => subjectOfTitle(title))
      .filter((subject) => subject?.reviewable)
      .map((subject) => subject!.id),
  );
  return subjects.size === 1 ? [...subjects][0]! : null;
}

/** Items a teacher said were wrongly read as a topic (or strand): not counted under it again. */
export type WrongReading = { topicId: string | null; feedbackIds: number[] };

export function summariseMarking(
  evidence: FeedbackEvidence[],
  options: {
    now: Date;
    excludedWords?: Iterable<string>;
    weekSubject?: string | null;
    wrongReadings?: WrongReading[];
  },
): MarkingSummary {
  const excludedWords = new Set([...(options.excludedWords ?? [])].map((w) => w.toLowerCase()));
  const weekAgo = options.now.getTime() - 7 * DAY_MS;
  const wrong = new Set(
    (options.wrongReadings ?? []).flatMap((reading) =>
      reading.topicId ? reading.feedbackIds.map((id) => `${reading.topicId}\u0000${id}`) : [],
    ),
  );
  const tallies = new Map<string, Tally>();
  for (const item of evidence) {
    const { kind, topic } = readFeedback({
      text: item.text,
      highlightedText: item.highlightedText,
      documentTitle: item.documentTitle,
      subject: item.subject,
      weekSubject: options.weekSubject,
      excludedWords,
    });
    if (kind === 'praise' || !topic) continue;
    if (contextIdsOf(topic).some((id) => wrong.has(`${id}\u0000${item.feedbackId}`))) continue;
    const group = item.group?.trim() || null;
    const key = `${group ?? ''}\u0000${topic.id}`;
    const tally = tallies.get(key) ?? { topic, group, pupils: new Set(), items: [] };
    tally.pupils.add(item.pupilKey);
    tally.items.push(item);
    tallies.set(key, tally);
  }
  return {
    items: evidence.length,
    pupils: new Set(evidence.map((item) => item.pupilKey)).size,
    topics: withStrands([...tallies.values()], weekAgo)
      .sort(byEvidence)
      .slice(0, MAX_TOPICS),
    withinWeek: evidence.every((item) => item.createdAt.getTime() >= weekAgo),
  };
}
