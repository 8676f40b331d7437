import { describe, expect, it } from 'vitest';
import { compilePhrase, PhraseSet, tokenise } from './phrase-match';
import {
  MARKING_CODES,
  PLACE_REFERENCES,
  SUBJECTS,
  TOPIC_GROUPS,
  TOPICS,
} from './topic-vocabulary';
import { subjectOfContextId, subjectOfTitle } from './vocabulary';

describe('the topic vocabulary', () => {
  it('has one entry per id, each topic in a known subject and group', () => {
    const ids = [...SUBJECTS, ...TOPICS, ...TOPIC_GROUPS].map((entry) => entry.id);
    const topicIds = TOPICS.map((topic) => topic.id);
    expect(new Set(SUBJECTS.map((s) => s.id)).size).toBe(SUBJECTS.length);
    expect(new Set(topicIds).size).toBe(TOPICS.length);
    // A group shares its id with its own general topic ("algebra"), nothing else does.
    for (const group of TOPIC_GROUPS) expect(topicIds).toContain(group.id);
    expect(new Set(ids).size).toBe(SUBJECTS.length + TOPICS.length);
    for (const topic of TOPICS) {
      expect(
        SUBJECTS.map((s) => s.id),
        topic.id,
      ).toContain(topic.subject);
      if (topic.group)
        expect(
          TOPIC_GROUPS.map((g) => g.id),
          topic.id,
        ).toContain(topic.group);
    }
  });

  it('asks only for contexts it knows, and every phrase compiles', () => {
    for (const topic of TOPICS) {
      for (const [when, phrases] of Object.entries(topic.inContext ?? {})) {
        expect(subjectOfContextId(when), `${topic.id}: ${when}`).toBeDefined();
        for (const phrase of phrases) expect(() => compilePhrase(phrase)).not.toThrow();
      }
      for (const phrase of topic.phrases) expect(() => compilePhrase(phrase)).not.toThrow();
    }
    for (const phrase of PLACE_REFERENCES) expect(() => compilePhrase(phrase)).not.toThrow();
    for (const topic of Object.values(MARKING_CODES))
      expect(TOPICS.map((t) => t.id)).toContain(topic);
  });

  it('covers the subjects schools teach, primary and secondary', () => {
    const topicsOf = (subject: string) =>
      TOPICS.filter((t) => t.subject === subject).map((t) => t.id);
    expect(topicsOf('maths')).toEqual(
      expect.arrayContaining([
        'place-value',
        'fractions',
        'decimals',
        'percentages',
        'ratio',
        'negative-numbers',
        'algebra',
        'expanding-brackets',
        'like-terms',
        'algebraic-notation',
        'angles',
        'measures',
        'charts-graphs',
      ]),
    );
    expect(topicsOf('english')).toEqual(
      expect.arrayContaining([
        'spelling',
        'punctuation',
        'grammar',
        'sentence-structure',
        'paragraphs',
        'use-of-evidence',
        'analysis',
        'context',
        'text-structure',
      ]),
    );
    for (const subject of ['science', 'history', 'geography', 're', 'languages'])
      expect(topicsOf(subject).length, subject).toBeGreaterThan(0);
  });
});

describe('reading a lesson’s subject from its title', () => {
  it.each([
    ['Year 9 Maths', 'Maths'],
    ['Guided reading', 'English'],
    ['Language Paper 1 practice', 'English'],
    ['French: my holidays', 'Languages'],
    ['PE', 'PE'],
    ['Forces', 'Science'],
    ['Fractions', 'Maths'],
    ['The Romans', 'History'],
    ['9Y1', null],
    ['Variables', null],
  ])('%s → %s', (title, subject) => {
    expect(subjectOfTitle(title)?.label ?? null).toBe(subject);
  });
});

describe('the phrase language', () => {
  const find = (phrase: string, text: string) =>
    new PhraseSet([[phrase, true]]).all(tokenise(text)).length > 0;

  it('matches stems, alternatives and short gaps, on whole words', () => {
    expect(find('fraction*', 'Check these fractions')).toBe(true);
    expect(find('fraction', 'Check these fractions')).toBe(false);
    expect(find('quarter past|to', 'It is quarter to three')).toBe(true);
    expect(find('expand* ... bracket*', 'Expand both of the brackets')).toBe(true);
    expect(find('expand* ... bracket*', 'Expand this, then look at the two brackets')).toBe(false);
    expect(find('north east', 'North-east is right')).toBe(true);
    expect(find('percent*', 'Find 10% first')).toBe(true);
    expect(find('reread the question', 'Re-read the question')).toBe(true);
    expect(find("writer's intention*", 'the writer’s intentions')).toBe(true);
  });

  it('marks where an instruction could start', () => {
    expect(
      tokenise('Good, use quotes: embed them')
        .filter((t) => t.leading)
        .map((t) => t.word),
    ).toEqual(['good', 'use', 'embed']);
  });
});
