import type { MarkingSummary, MarkingTopic } from './types';

/*
 * What the teacher's marking was about, by simple keyword extraction: a small list of
 * school topics (with the words that name them) first; otherwise the words that recur
 * across feedback items, once stop words, feedback talk and pupils' names are removed.
 */

type KnownTopic = { topic: string; subject: string; words: RegExp };

const KNOWN_TOPICS: KnownTopic[] = [
  { topic: 'fractions', subject: 'Maths', words: /\b(fractions?|numerators?|denominators?)\b/ },
  { topic: 'decimals', subject: 'Maths', words: /\b(decimals?|decimal points?)\b/ },
  { topic: 'percentages', subject: 'Maths', words: /\bpercent(age)?s?\b/ },
  {
    topic: 'times tables',
    subject: 'Maths',
    words: /\b(times tables?|multiplications?|multiply(ing)?)\b/,
  },
  { topic: 'division', subject: 'Maths', words: /\b(division|divid(e|ing)|remainders?)\b/ },
  { topic: 'place value', subject: 'Maths', words: /\bplace values?\b/ },
  { topic: 'angles', subject: 'Maths', words: /\b(angles?|protractors?)\b/ },
  { topic: 'area and perimeter', subject: 'Maths', words: /\b(area|perimeters?)\b/ },
  { topic: 'word problems', subject: 'Maths', words: /\bword problems?\b/ },
  { topic: 'showing working', subject: 'Maths', words: /\b(show (your )?working|working out)\b/ },
  { topic: 'spelling', subject: 'English', words: /\b(spell(ing|ings|t|ed)?|misspel\w*)\b/ },
  {
    topic: 'punctuation',
    subject: 'English',
    words: /\b(punctuation|commas?|full stops?|semi-?colons?|colons?|question marks?)\b/,
  },
  { topic: 'apostrophes', subject: 'English', words: /\bapostrophes?\b/ },
  { topic: 'capital letters', subject: 'English', words: /\bcapital (letters?|s)\b/ },
  {
    topic: 'speech marks',
    subject: 'English',
    words: /\b(speech marks|inverted commas|dialogue)\b/,
  },
  { topic: 'paragraphs', subject: 'English', words: /\bparagraph(s|ing)?\b/ },
  { topic: 'tenses', subject: 'English', words: /\b(tenses?|past tense|present tense)\b/ },
  {
    topic: 'sentence structure',
    subject: 'English',
    words: /\b(run-on|sentence structure|fragments?|long sentences?)\b/,
  },
  {
    topic: 'vocabulary',
    subject: 'English',
    words: /\b(vocabulary|word choice|adjectives?|adverbs?)\b/,
  },
  {
    topic: 'handwriting',
    subject: 'English',
    words: /\b(handwriting|letter formation|legib\w*)\b/,
  },
  {
    topic: 'openings and endings',
    subject: 'English',
    words: /\b(introductions?|conclusions?|endings?|openings?)\b/,
  },
  { topic: 'using evidence', subject: 'English', words: /\b(evidence|quotations?|quotes?)\b/ },
  { topic: 'photosynthesis', subject: 'Science', words: /\b(photosynthesis|chlorophyll)\b/ },
  {
    topic: 'the water cycle',
    subject: 'Science',
    words: /\b(water cycle|evaporation|condensation|precipitation)\b/,
  },
  { topic: 'forces', subject: 'Science', words: /\b(forces?|friction|gravity)\b/ },
  { topic: 'electricity', subject: 'Science', words: /\b(circuits?|electricity|batter(y|ies))\b/ },
  {
    topic: 'states of matter',
    subject: 'Science',
    words: /\b(solids?|liquids?|gases|states of matter)\b/,
  },
  {
    topic: 'fair tests',
    subject: 'Science',
    words: /\b(fair tests?|variables?|predictions?|hypothes[ie]s)\b/,
  },
  { topic: 'habitats', subject: 'Science', words: /\b(habitats?|food chains?|ecosystems?)\b/ },
  { topic: 'timelines', subject: 'History', words: /\b(timelines?|chronolog\w*)\b/ },
  { topic: 'map skills', subject: 'Geography', words: /\b(maps?|grid references?|compass)\b/ },
];

const STOP_WORDS = new Set(
  (
    'a about above after again all also am an and any are as at be because been before being ' +
    'below between both but by can could did do does doing down during each few for from further ' +
    'had has have having he her here hers him his how i if in into is it its just me more most my ' +
    'no nor not now of off on once only or other our out over own same she should so some such than ' +
    'that the their them then there these they this those through to too under until up very was we ' +
    'were what when where which while who whom why will with would you your yours ' +
    // Feedback talk: it is in every comment and names no topic.
    'good great nice well done lovely excellent better best work try think remember make sure ' +
    'next time really need needs check look here use using used write wrote written bit lot more ' +
    'much like line page sentence sentences word words answer answers question questions please ' +
    'keep going improve improved improvement again correct wrong right first second last one two ' +
    'three also still clear clearer idea ideas part missing whole piece essay homework task'
  ).split(' '),
);

export type MarkedItem = {
  /** Distinct pupils are counted by this key (the pupil's id, else the document's). */
  pupilKey: string;
  /** Highlighted passage, feedback text or transcript, document title. */
  texts: string[];
  createdAt: Date;
};

export function topicsOf(text: string): KnownTopic[] {
  const lower = text.toLowerCase();
  return KNOWN_TOPICS.filter((known) => known.words.test(lower));
}

function keywordsOf(text: string, excluded: Set<string>): string[] {
  const words = text.toLowerCase().match(/\p{L}[\p{L}'-]{3,}/gu) ?? [];
  return [...new Set(words)].filter((word) => !STOP_WORDS.has(word) && !excluded.has(word));
}

/**
 * Counts topics over the items: known topics by items and distinct pupils; free keywords
 * only when they recur in at least two items, so a one-off word is not called a topic.
 */
export function summariseMarking(
  items: MarkedItem[],
  excludedWords: Iterable<string>,
  now: Date,
): MarkingSummary {
  const excluded = new Set([...excludedWords].map((word) => word.toLowerCase()));
  const counts = new Map<string, { subject: string | null; items: number; pupils: Set<string> }>();
  const add = (topic: string, subject: string | null, pupilKey: string) => {
    const entry = counts.get(topic) ?? { subject, items: 0, pupils: new Set<string>() };
    entry.items += 1;
    entry.pupils.add(pupilKey);
    counts.set(topic, entry);
  };
  for (const item of items) {
    const text = item.texts.join('\n');
    const known = topicsOf(text);
    if (known.length > 0) {
      for (const topic of known) add(topic.topic, topic.subject, item.pupilKey);
    } else {
      for (const word of keywordsOf(text, excluded).slice(0, 3)) add(word, null, item.pupilKey);
    }
  }
  const topics: MarkingTopic[] = [...counts.entries()]
    .filter(([, entry]) => entry.subject !== null || entry.items >= 2)
    .map(([topic, entry]) => ({
      topic,
      subject: entry.subject,
      items: entry.items,
      pupils: entry.pupils.size,
    }))
    .sort(
      (a, b) =>
        b.pupils - a.pupils ||
        b.items - a.items ||
        Number(b.subject !== null) - Number(a.subject !== null) ||
        a.topic.localeCompare(b.topic),
    );
  const weekAgo = now.getTime() - 7 * 24 * 60 * 60 * 1000;
  return {
    items: items.length,
    pupils: new Set(items.map((item) => item.pupilKey)).size,
    topics: topics.slice(0, 12),
    withinWeek: items.every((item) => item.createdAt.getTime() >= weekAgo),
  };
}

/** The subject a lesson title names, for "taught without a review". */
const SUBJECTS: [string, RegExp][] = [
  ['Maths', /\b(maths?|mathematics|numeracy|arithmetic)\b/i],
  ['English', /\b(english|literacy|reading|writing|phonics|grammar|spag)\b/i],
  ['Science', /\b(science|biology|chemistry|physics)\b/i],
  ['History', /\bhistory\b/i],
  ['Geography', /\bgeography\b/i],
  ['French', /\b(french|spanish|german|languages?|mfl)\b/i],
  ['Computing', /\b(computing|ict|coding)\b/i],
  ['Art', /\b(art|design|d&t)\b/i],
  ['Music', /\bmusic\b/i],
  ['PE', /\b(pe|p\.e\.|sport|games|gymnastics|swimming)\b/i],
  ['RE', /\b(re|r\.e\.|religious)\b/i],
  ['PSHE', /\b(pshe|wellbeing|citizenship)\b/i],
];

export function subjectOf(title: string): string | null {
  for (const [subject, pattern] of SUBJECTS) if (pattern.test(title)) return subject;
  const topic = topicsOf(title)[0];
  return topic?.subject ?? null;
}

export const REVIEW_WORDS = /\b(review|revision|revise|recap|consolidat\w*|catch-?up|quiz)\b/i;
