/*
 * Report templates: what to talk about, so a teacher can record a useful report in one
 * go. Prompts are shown beside the recorder; subjects prefill the form.
 */

/** The report form's message when the pupil or the subjects are missing (the server's too). */
export const MISSING_INFORMATION = 'Please select a student and enter subjects.';

export type ReportTemplate = {
  id: string;
  name: string;
  description: string;
  subjects: string;
  prompts: readonly string[];
};

export const REPORT_TEMPLATES: readonly ReportTemplate[] = [
  {
    id: 'end-of-term',
    name: 'End of term',
    description: 'A rounded look back at the term across the main subjects.',
    subjects: 'English, Maths, Science',
    prompts: [
      'What has your child done well this term?',
      'One piece of work you were proud of, and why.',
      'Where they are now in English and Maths.',
      'One target for next term, and how parents can help at home.',
    ],
  },
  {
    id: 'progress-check',
    name: 'Progress check',
    description: 'A short mid-term update on how things are going.',
    subjects: 'English, Maths',
    prompts: [
      'How your child has settled and is getting on.',
      'Something they have improved since the last update.',
      'One thing to practise over the next few weeks.',
    ],
  },
  {
    id: 'behaviour',
    name: 'Behaviour and wellbeing',
    description: 'Conduct, friendships and how your child is feeling at school.',
    subjects: 'Behaviour, Wellbeing',
    prompts: [
      'How your child gets on with others in class and at play.',
      'A specific moment that went well this week.',
      'Anything that has been harder, described calmly and factually.',
      'What we are doing in school, and what would help at home.',
    ],
  },
  {
    id: 'reading',
    name: 'Reading',
    description: 'Reading fluency, understanding and enjoyment.',
    subjects: 'Reading',
    prompts: [
      'The book band or level your child is reading at.',
      'How fluently they read aloud, and how well they understand.',
      'Books or authors they have enjoyed.',
      'How to read together at home.',
    ],
  },
  {
    id: 'maths-focus',
    name: 'Maths focus',
    description: 'Number, calculation and problem solving.',
    subjects: 'Maths',
    prompts: [
      'Which topics your child is secure in (e.g. times tables, fractions).',
      'Where they need more practice.',
      'A quick game or habit that would help at home.',
    ],
  },
];

export function reportTemplate(id: string | null | undefined): ReportTemplate | undefined {
  return REPORT_TEMPLATES.find((template) => template.id === id);
}
