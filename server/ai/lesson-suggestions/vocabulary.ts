import { type Match, PhraseSet, type Token, tokenise } from './phrase-match';
import {
  MARKING_CODES,
  PLACE_REFERENCES,
  SUBJECTS,
  type SubjectEntry,
  TOPIC_GROUPS,
  TOPICS,
  type TopicEntry,
  type TopicGroupEntry,
} from './topic-vocabulary';

/*
 * The vocabulary of topic-vocabulary.ts made ready to read text with: phrase sets, look-ups
 * by id, and the rule for choosing between topics named in the same clause.
 */

export type TopicPhrase = {
  topic: TopicEntry;
  /** The subject, topic or group the text must be about for the phrase to count; null: always. */
  when: string | null;
};

export const subjectById = new Map<string, SubjectEntry>(SUBJECTS.map((s) => [s.id, s]));
export const topicById = new Map<string, TopicEntry>(TOPICS.map((t) => [t.id, t]));
export const groupById = new Map<string, TopicGroupEntry>(TOPIC_GROUPS.map((g) => [g.id, g]));

const topicPhrases = new PhraseSet<TopicPhrase>(
  TOPICS.flatMap((topic) => [
    ...topic.phrases.map((phrase): [string, TopicPhrase] => [phrase, { topic, when: null }]),
    ...Object.entries(topic.inContext ?? {}).flatMap(([when, phrases]) =>
      phrases.map((phrase): [string, TopicPhrase] => [phrase, { topic, when }]),
    ),
  ]),
);
const placeReferences = new PhraseSet<true>(PLACE_REFERENCES.map((phrase) => [phrase, true]));
const subjectNames = new PhraseSet<SubjectEntry>(
  SUBJECTS.flatMap((subject) =>
    subject.names.map((name): [string, SubjectEntry] => [name, subject]),
  ),
);
const subjectMarkers = new PhraseSet<SubjectEntry>(
  SUBJECTS.flatMap((subject) =>
    subject.markers.map((marker): [string, SubjectEntry] => [marker, subject]),
  ),
);

/** The subject a context id belongs to: itself, or the subject of its topic or group. */
export function subjectOfContextId(id: string): string | undefined {
  return subjectById.get(id)?.id ?? topicById.get(id)?.subject ?? groupById.get(id)?.subject;
}

/** A topic's id and its group's: what a document about it is about. */
export const contextIdsOf = (topic: TopicEntry) =>
  topic.group ? [topic.id, topic.group] : [topic.id];

/**
 * The topic phrases in the tokens that count in this context (a set of context ids),
 * leaving out those inside a reference to a place in the work ("this paragraph").
 */
export function topicMatches(tokens: Token[], context: ReadonlySet<string>): Match<TopicPhrase>[] {
  const places = placeReferences.all(tokens);
  return topicPhrases
    .all(tokens)
    .filter((match) => match.value.when === null || context.has(match.value.when))
    .filter(
      (match) => !places.some((place) => place.start <= match.start && match.end <= place.end),
    );
}

/**
 * The topic a clause is about, of the phrases it names: one that needs no context before
 * one that does (a plain "spelling" outweighs "quarter" in a fractions homework), then
 * one the document is about ("signs" and "expand" in an expanding-brackets homework),
 * then the longer phrase (the more specific), then the earlier.
 */
export function bestTopic(
  matches: Match<TopicPhrase>[],
  context: ReadonlySet<string> = new Set(),
): TopicEntry | null {
  const inContext = (match: Match<TopicPhrase>) =>
    contextIdsOf(match.value.topic).some((id) => context.has(id));
  const ranked = [...matches].sort(
    (a, b) =>
      Number(a.value.when !== null) - Number(b.value.when !== null) ||
      Number(inContext(b)) - Number(inContext(a)) ||
      b.phrase.length - a.phrase.length ||
      a.start - b.start,
  );
  return ranked[0]?.value.topic ?? null;
}

export const subjectsNamedIn = (tokens: Token[]) =>
  new Set(subjectNames.all(tokens).map((match) => match.value.id));

export const subjectsMarkedIn = (tokens: Token[]) =>
  new Set(subjectMarkers.all(tokens).map((match) => match.value.id));

/** Subjects of the topics named by phrases that need no context. */
export const subjectsOfPlainTopics = (tokens: Token[]) =>
  new Set(topicMatches(tokens, new Set()).map((match) => match.value.topic.subject));

/**
 * The subject every context-bound word of a short text agrees on ("Area" is maths,
 * "Forces" science; "Variables" could be either, so none).
 */
export function subjectAgreedByContextWords(tokens: Token[]): string | null {
  const subjectsAt = new Map<number, Set<string>>();
  for (const match of topicPhrases.all(tokens)) {
    const subject = match.value.when === null ? undefined : subjectOfContextId(match.value.when);
    if (subject)
      subjectsAt.set(match.start, (subjectsAt.get(match.start) ?? new Set()).add(subject));
  }
  let agreed: string[] | null = null;
  for (const possible of subjectsAt.values())
    agreed = (agreed ?? [...possible]).filter((subject) => possible.has(subject));
  return agreed?.length === 1 ? agreed[0]! : null;
}

/** The topic a marking code stands for when it is the whole comment ("sp", "//"). */
export function topicOfCode(text: string): TopicEntry | null {
  const id = MARKING_CODES[text.trim().toLowerCase().replace(/\.$/, '')];
  return id ? (topicById.get(id) ?? null) : null;
}

/** The first topic (in vocabulary order) whose notation shows in a pupil's working. */
export function topicOfNotation(passage: string): TopicEntry | null {
  return TOPICS.find((topic) => topic.notation?.some((pattern) => pattern.test(passage))) ?? null;
}

/** The subject a lesson's title names ("Year 9 Maths", "Guided reading"), if any. */
export function subjectOfTitle(title: string): SubjectEntry | null {
  const tokens = tokenise(title);
  const named = [...subjectsNamedIn(tokens), ...subjectsMarkedIn(tokens)];
  const id =
    named[0] ?? [...subjectsOfPlainTopics(tokens)][0] ?? subjectAgreedByContextWords(tokens);
  return id ? (subjectById.get(id) ?? null) : null;
}
