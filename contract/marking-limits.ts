/*
 * The comment bank's and the marks' sizes and wording, without zod: the pupil's and the
 * parent's pages show marks and import these, and a module that declares schemas would
 * bring zod into the page (decision 0031). contract/marking.ts holds the schemas.
 */

/** A comment a teacher keeps to use again: a sentence or a short paragraph. */
export const MAX_BANK_COMMENT_LENGTH = 1_000;
/** A bank holds a teacher's reusable comments, not every comment they ever wrote. */
export const MAX_BANK_COMMENTS = 500;

/** "17/20", "B+", "Secure", "7": a mark or grade is short. */
export const MAX_MARK_LENGTH = 24;
/** A short rubric: a few criteria, each a line. */
export const MAX_RUBRIC_CRITERIA = 8;
export const MAX_CRITERION_LENGTH = 100;

/** How far a piece of work meets a criterion, from lowest to highest. */
export const RUBRIC_LEVELS = ['not-yet', 'developing', 'secure', 'excellent'] as const;
export type RubricLevel = (typeof RUBRIC_LEVELS)[number];
export const RUBRIC_LEVEL_LABELS: Record<RubricLevel, string> = {
  'not-yet': 'Not yet',
  developing: 'Developing',
  secure: 'Secure',
  excellent: 'Excellent',
};

export interface RubricRow {
  criterion: string;
  level: RubricLevel;
}

/** What a pupil, a parent and the exports see of a document's mark. */
export interface DocumentMarkView {
  mark: string | null;
  rubric: RubricRow[];
}

/** A mark with nothing in it shows nothing. */
export const isEmptyMark = (mark: DocumentMarkView | null | undefined) =>
  !mark || (!mark.mark && mark.rubric.length === 0);
