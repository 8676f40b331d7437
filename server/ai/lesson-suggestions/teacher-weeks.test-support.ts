import type { LessonDay } from '../../../contract/lesson-plans';
import { PRIMARY_DAY, type SchoolDay, SECONDARY_DAY } from '../../../contract/school-day';
import type { FeedbackEvidence, WeekLesson } from './types';

/*
 * Three teachers' weeks: their timetable and a fortnight of marking. Each feedback item
 * carries `truth`: the topic id a teacher reading it would count it under, or null for
 * praise and comments that name no topic. Tests compare the planner's reasons with these
 * labels, not with what the reader makes of the text.
 */

export const NOW = new Date('2026-11-23T12:00:00Z');

export type LabelledEvidence = FeedbackEvidence & { truth: string | null };
export type TeacherWeek = {
  name: string;
  /** The school day's preset: the week's lessons sit in its lesson periods. */
  schoolDay: SchoolDay;
  lessons: WeekLesson[];
  marking: LabelledEvidence[];
  /** Pupils' names, left out of the reading. */
  names: string[];
};

type Item = [
  pupil: string,
  group: string | null,
  title: string,
  text: string,
  truth: string | null,
  daysAgo: number,
  passage?: string,
];

function evidenceOf(items: Item[], firstId: number): LabelledEvidence[] {
  return items.map(([pupil, group, title, text, truth, daysAgo, passage], index) => ({
    feedbackId: firstId + index,
    pupilKey: pupil,
    text,
    highlightedText: passage ?? null,
    documentTitle: title,
    createdAt: new Date(NOW.getTime() - daysAgo * 86_400_000 - index * 60_000),
    group,
    truth,
  }));
}

let lessonId = 0;
const lesson = (day: LessonDay, timeSlot: string, title: string): WeekLesson => ({
  id: ++lessonId,
  title,
  description: 'Planned',
  timeSlot,
  day,
  color: 'blue',
  suggestionKey: null,
});

/** A Year 4 class: one teacher, every subject, no class field on the evidence. */
export const YEAR_4: TeacherWeek = {
  name: 'Year 4 class',
  schoolDay: PRIMARY_DAY,
  names: ['Maya', 'Leo', 'Ava', 'Noah', 'Isla', 'Zain', 'Ruby', 'Theo'],
  lessons: [
    lesson('Monday', '9:00 - 10:00 AM', 'Maths: fractions'),
    lesson('Monday', '11:00 AM - 12:00 PM', 'English: The Iron Man'),
    lesson('Monday', '1:00 - 2:00 PM', 'PE'),
    lesson('Tuesday', '9:00 - 10:00 AM', 'Maths: fractions'),
    lesson('Tuesday', '11:00 AM - 12:00 PM', 'English: speech'),
    lesson('Tuesday', '1:00 - 2:00 PM', 'Science: dissolving'),
    lesson('Wednesday', '9:00 - 10:00 AM', 'Maths: decimals'),
    lesson('Wednesday', '11:00 AM - 12:00 PM', 'Guided reading'),
    lesson('Wednesday', '1:00 - 2:00 PM', 'Music'),
    lesson('Thursday', '9:00 - 10:00 AM', 'Maths: decimals'),
    lesson('Thursday', '11:00 AM - 12:00 PM', 'English: writing'),
    lesson('Thursday', '1:00 - 2:00 PM', 'PE'),
    lesson('Friday', '9:00 - 10:00 AM', 'Maths: arithmetic'),
    lesson('Friday', '11:00 AM - 12:00 PM', 'Spelling test'),
  ],
  marking: evidenceOf(
    [
      ['maya', null, 'Fractions homework', 'You’ve added the denominators.', 'fractions', 2],
      ['leo', null, 'Fractions homework', 'Check the denominator first.', 'fractions', 2],
      [
        'ava',
        null,
        'Fractions homework',
        'Not quite – look again.',
        'fractions',
        2,
        '3/4 + 1/4 = 4/8',
      ],
      ['noah', null, 'Fractions homework', 'Spelling of ‘quarter’.', 'spelling', 2],
      ['isla', null, 'Fractions homework', 'Brilliant, all simplified!', null, 2],
      ['zain', null, 'Fractions homework', 'Lovely neat presentation.', null, 2],
      [
        'maya',
        null,
        'Dissolving investigation',
        'Your prediction needs a reason.',
        'fair-tests',
        5,
      ],
      [
        'ruby',
        null,
        'Dissolving investigation',
        'Which is your independent variable?',
        'fair-tests',
        5,
      ],
      [
        'leo',
        null,
        'The Iron Man: new chapter',
        'Use speech marks around the spoken words.',
        'speech-punctuation',
        1,
      ],
      [
        'noah',
        null,
        'The Iron Man: new chapter',
        'New speaker, new line – you forgot.',
        'speech-punctuation',
        1,
      ],
      [
        'isla',
        null,
        'The Iron Man: new chapter',
        'Where are your inverted commas?',
        'speech-punctuation',
        1,
      ],
      [
        'theo',
        null,
        'The Iron Man: new chapter',
        'Remember the comma before the speech marks close.',
        'speech-punctuation',
        1,
      ],
      ['theo', null, 'The Iron Man: new chapter', 'Fantastic adjectives!', null, 1],
    ],
    100,
  ),
};

/** A secondary maths teacher: three classes, the evidence names each pupil's class. */
export const SECONDARY_MATHS: TeacherWeek = {
  name: 'secondary maths (7X2, 9Y1, 11Z3)',
  schoolDay: SECONDARY_DAY,
  names: ['Amir', 'Bea'],
  lessons: [
    lesson('Monday', '9:00 - 10:00 AM', '9Y1 Maths'),
    lesson('Monday', '11:20 AM - 12:20 PM', '7X2 Maths'),
    lesson('Tuesday', '9:00 - 10:00 AM', '11Z3 Maths'),
    lesson('Tuesday', '1:05 - 2:05 PM', '9Y1 Maths'),
    lesson('Wednesday', '10:00 - 11:00 AM', '7X2 Maths'),
    lesson('Thursday', '9:00 - 10:00 AM', '11Z3 Maths'),
    lesson('Thursday', '2:05 - 3:05 PM', '9Y1 Maths'),
    lesson('Friday', '11:20 AM - 12:20 PM', '7X2 Maths'),
  ],
  marking: evidenceOf(
    [
      [
        '9a',
        '9Y1',
        'Expanding brackets',
        'Multiply every term inside the bracket, not just the first one.',
        'expanding-brackets',
        3,
        '3(x + 4) = 3x + 4',
      ],
      ['9b', '9Y1', 'Expanding brackets', 'Expand both brackets fully.', 'expanding-brackets', 3],
      [
        '9c',
        '9Y1',
        'Expanding brackets',
        'you’ve multiplied the bracket out but only the first term',
        'expanding-brackets',
        3,
      ],
      [
        '9d',
        '9Y1',
        'Simplifying expressions',
        'You can’t add 2x and 3y – they’re not like terms.',
        'like-terms',
        4,
      ],
      [
        '9e',
        '9Y1',
        'Simplifying expressions',
        'Collect the like terms: 3x + 2x is 5x, not 5x².',
        'like-terms',
        4,
      ],
      ['9f', '9Y1', 'Simplifying expressions', 'Excellent – all correct.', null, 4],
      ['9a', '9Y1', 'Simplifying expressions', 'Superb notation.', null, 4],
      [
        '7a',
        '7X2',
        'Directed numbers',
        'Two negatives make a positive only when you multiply.',
        'negative-numbers',
        2,
      ],
      ['7b', '7X2', 'Directed numbers', 'Look at the sign.', 'negative-numbers', 2, '-4 + 7 = -11'],
      ['7c', '7X2', 'Fractions of amounts', 'Divide by the denominator first.', 'fractions', 2],
      ['7d', '7X2', 'Directed numbers', 'Well done, 10/10.', null, 2],
      [
        '11a',
        '11Z3',
        'Percentages',
        'Percentage increase: multiply by 1.15, not 0.15.',
        'percentages',
        10,
      ],
      ['11b', '11Z3', 'Percentages', 'Find 10% first, then build up.', 'percentages', 10],
      [
        '11c',
        '11Z3',
        'Percentages',
        'You found the decrease but not the new price.',
        'percentages',
        10,
      ],
      ['11d', '11Z3', 'Constructions', 'keep your compass width', 'constructions', 10],
    ],
    200,
  ),
};

/** A secondary English teacher: three classes; four weaknesses shared by three pupils each. */
export const SECONDARY_ENGLISH: TeacherWeek = {
  name: 'secondary English (7C3, 8B2, 10E1)',
  schoolDay: SECONDARY_DAY,
  names: ['Sheila', 'Stanley'],
  lessons: [
    lesson('Monday', '9:00 - 10:00 AM', '10E1 English'),
    lesson('Monday', '1:05 - 2:05 PM', '7C3 English'),
    lesson('Tuesday', '10:00 - 11:00 AM', '8B2 English'),
    lesson('Wednesday', '9:00 - 10:00 AM', '10E1 English'),
    lesson('Wednesday', '2:05 - 3:05 PM', '7C3 English'),
    lesson('Thursday', '11:20 AM - 12:20 PM', '8B2 English'),
    lesson('Friday', '9:00 - 10:00 AM', '10E1 English'),
  ],
  marking: evidenceOf(
    [
      ['c1', '7C3', 'Holes reading journal', 'Spelling of ‘definitely’.', 'spelling', 8],
      ['c2', '7C3', 'Holes reading journal', 'sp', 'spelling', 8, 'sepurate'],
      [
        'c3',
        '7C3',
        'Holes reading journal',
        'Check your spellings of the key words.',
        'spelling',
        8,
      ],
      [
        'c4',
        '7C3',
        'Holes reading journal',
        'Your prediction about Zero is sensible – well done.',
        null,
        8,
      ],
      ['b1', '8B2', 'Writing to argue', 'Where is your new paragraph?', 'paragraphs', 5],
      ['b2', '8B2', 'Writing to argue', 'One idea per paragraph.', 'paragraphs', 5],
      [
        'b3',
        '8B2',
        'Writing to argue',
        'Start a new paragraph for the counter-argument.',
        'paragraphs',
        5,
      ],
      [
        'b4',
        '8B2',
        'Writing to argue',
        'Your language is too informal here.',
        'audience-purpose',
        5,
      ],
      [
        'e1',
        '10E1',
        'An Inspector Calls essay',
        'Where is your evidence for this?',
        'use-of-evidence',
        1,
      ],
      ['e2', '10E1', 'An Inspector Calls essay', 'Embed your quotations.', 'use-of-evidence', 1],
      [
        'e3',
        '10E1',
        'An Inspector Calls essay',
        'You make a claim about Sheila but give no evidence.',
        'use-of-evidence',
        1,
      ],
      [
        'e1',
        '10E1',
        'An Inspector Calls essay',
        'You’re retelling the plot – analyse the language.',
        'analysis',
        1,
      ],
      [
        'e4',
        '10E1',
        'An Inspector Calls essay',
        'You summarise instead of analysing.',
        'analysis',
        1,
      ],
      [
        'e5',
        '10E1',
        'An Inspector Calls essay',
        'Good point about the gravity of the Inspector’s speech.',
        null,
        1,
      ],
      ['e5', '10E1', 'Language Paper 1 mock', 'Lovely figurative language.', null, 1],
      [
        'c5',
        '7C3',
        'Language Paper 1 practice',
        'Language Paper 1: you describe the structure but don’t say why.',
        'text-structure',
        12,
      ],
    ],
    300,
  ),
};

export const TEACHER_WEEKS = [YEAR_4, SECONDARY_MATHS, SECONDARY_ENGLISH];
