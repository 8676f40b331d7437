import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_SENTENCES,
  NOT_YET_READ,
  type SentenceRow,
} from './feedback-sentences.test-support';
import { type FeedbackReading, type FeedbackToRead, readFeedback } from './read-feedback';
import { TOPICS } from './topic-vocabulary';

const idsOf = (reading: FeedbackReading) => ({
  kind: reading.kind,
  topic: reading.topic?.id ?? null,
});
const read = (item: FeedbackToRead) => idsOf(readFeedback(item));
const readRow = (row: SentenceRow) =>
  read({
    text: row.text,
    highlightedText: row.passage,
    documentTitle: row.title,
    subject: row.subject,
  });

describe('reading feedback: the table of teachers’ sentences', () => {
  it('has enough sentences, across the subjects and all three kinds', () => {
    expect(FEEDBACK_SENTENCES.length).toBeGreaterThanOrEqual(150);
    const subjects = new Set(
      FEEDBACK_SENTENCES.map((row) => TOPICS.find((t) => t.id === row.topic)?.subject),
    );
    for (const subject of ['maths', 'english', 'science', 'history', 'geography', 'languages'])
      expect(subjects, subject).toContain(subject);
    for (const kind of ['weakness', 'next-step', 'praise'] as const)
      expect(FEEDBACK_SENTENCES.filter((row) => row.kind === kind).length).toBeGreaterThan(30);
  });

  it.each(FEEDBACK_SENTENCES.map((row) => [row.title, row.text, row] as const))(
    '[%s] %s',
    (_title, _text, row) => {
      expect(readRow(row)).toEqual({ kind: row.kind, topic: row.topic });
    },
  );

  for (const row of NOT_YET_READ) it.todo(`[${row.title}] ${row.text} → ${row.topic}`);
});

describe('reading feedback: the misreadings teachers found', () => {
  const inDocument = (text: string, title = 'Homework') => read({ text, documentTitle: title });

  it('reads “variable” by the subject of the document', () => {
    expect(inDocument('x is a variable', 'Year 9 algebra')).toEqual({
      kind: 'weakness',
      topic: 'algebraic-notation',
    });
    expect(inDocument('Which is your independent variable?', 'Science: fair test').topic).toBe(
      'fair-tests',
    );
    expect(
      read({ text: 'x is a variable', documentTitle: 'Homework 4', subject: 'Maths' }),
    ).toEqual({ kind: 'weakness', topic: 'algebraic-notation' });
    // Nothing says which subject: better no topic than the wrong one.
    expect(inDocument('x is a variable').topic).toBeNull();
  });

  it('reads the compass of a construction as maths, a map’s as geography', () => {
    expect(inDocument('keep your compass width').topic).toBe('constructions');
    expect(inDocument('Keep your compass width the same', 'Geography homework').topic).toBe(
      'constructions',
    );
    expect(inDocument('Use the compass to find north-east', 'Geography: maps').topic).toBe(
      'map-skills',
    );
  });

  it('does not read the gravity of the Inspector’s speech as forces', () => {
    for (const title of ['An Inspector Calls essay', '10E1 homework', 'Essay']) {
      const reading = inDocument('You mention the gravity of the Inspector’s speech.', title);
      expect(reading.topic, title).not.toBe('forces');
    }
    expect(inDocument('Gravity pulls the ball down, not up.', 'Science: forces').topic).toBe(
      'forces',
    );
  });

  it('reads a prediction about Zero as reading, not science', () => {
    const reading = inDocument(
      'Your prediction about Zero doesn’t fit what we learned.',
      'Holes reading journal',
    );
    expect(reading).toEqual({ kind: 'weakness', topic: 'inference' });
    expect(inDocument('Your prediction needs a reason.', 'Science investigation').topic).toBe(
      'fair-tests',
    );
  });

  it('reads multiplying every term inside the bracket as expanding brackets', () => {
    expect(inDocument('multiply every term inside the bracket').topic).toBe('expanding-brackets');
    expect(inDocument('Practise your 7 times table.').topic).toBe('times-tables');
  });

  it('reads “language” in an English document as English, never as a foreign language', () => {
    for (const text of [
      'Language Paper 1: you describe the structure but not why.',
      'Lovely figurative language.',
      'Your language is too informal here.',
    ]) {
      const reading = inDocument(text, 'English homework');
      expect(reading.topic, text).not.toBeNull();
      expect(TOPICS.find((topic) => topic.id === reading.topic)?.subject, text).not.toBe(
        'languages',
      );
    }
    expect(inDocument('Check your verb endings.', 'French homework').topic).toBe('verb-tenses');
  });

  it('reads praise on a fractions homework as praise, and spelling there as spelling', () => {
    expect(inDocument('Brilliant, every fraction simplified!', 'Fractions homework').kind).toBe(
      'praise',
    );
    expect(inDocument('Lovely neat presentation.', 'Fractions homework')).toEqual({
      kind: 'praise',
      topic: 'presentation',
    });
    expect(inDocument('Spelling of ‘quarter’.', 'Fractions homework').topic).toBe('spelling');
    expect(inDocument('Well done!', 'Fractions homework').topic).toBeNull();
  });
});

describe('reading feedback: where the topic comes from', () => {
  it('reads the topic of the critical clause, not of the praise beside it', () => {
    expect(
      read({
        text: 'Great quotations, but you retell the plot instead of analysing it.',
        documentTitle: 'Macbeth essay',
      }),
    ).toEqual({ kind: 'weakness', topic: 'analysis' });
  });

  it('falls back on the pupil’s passage only when the comment names no topic', () => {
    const fractions = { highlightedText: '1/2 + 1/3 = 2/5', documentTitle: 'Homework' };
    expect(read({ text: 'Not quite.', ...fractions }).topic).toBe('fractions');
    expect(read({ text: 'Check your spelling.', ...fractions }).topic).toBe('spelling');
    expect(read({ text: 'Not quite.', highlightedText: '3(x + 4) = 3x + 4' }).topic).toBe(
      'expanding-brackets',
    );
  });

  it('reads the marking codes teachers write', () => {
    expect(read({ text: 'sp', highlightedText: 'becuase' })).toEqual({
      kind: 'weakness',
      topic: 'spelling',
    });
    expect(read({ text: '//' })).toEqual({ kind: 'weakness', topic: 'paragraphs' });
  });

  it('never reads a pupil’s name as a topic', () => {
    const names = new Set(['ray']);
    const inLight = { documentTitle: 'Science: light', excludedWords: names };
    expect(read({ text: 'Ray, label the axes.', ...inLight }).topic).toBe('science-graphs');
    expect(read({ text: 'Well done Ray!', ...inLight }).topic).toBeNull();
    // A surname meets the stem "river*": left out in the possessive too.
    const praise = { text: 'Sam Rivers’s labels are lovely.', documentTitle: 'Geography' };
    expect(read(praise).topic).toBe('rivers-coasts');
    expect(read({ ...praise, excludedWords: new Set(['sam', 'rivers']) }).topic).toBeNull();
    // Without the names, "Ray" is a word of the light topic.
    expect(read({ text: 'Well done Ray!', documentTitle: 'Science: light' }).topic).toBe('light');
  });

  it('uses the one subject of the teacher’s week when nothing else says', () => {
    const item = { text: 'x is a variable', documentTitle: '9Y1 homework' };
    expect(readFeedback(item).topic).toBeNull();
    expect(readFeedback({ ...item, weekSubject: 'maths' }).topic?.id).toBe('algebraic-notation');
    // The document's own subject comes first.
    expect(
      readFeedback({ ...item, documentTitle: 'Science: variables', weekSubject: 'maths' }).topic
        ?.id,
    ).toBe('fair-tests');
  });
});
