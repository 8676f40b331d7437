import { z } from 'zod';
import { recordIdSchema } from './ids';
import {
  MAX_BANK_COMMENT_LENGTH,
  MAX_CRITERION_LENGTH,
  MAX_MARK_LENGTH,
  MAX_RUBRIC_CRITERIA,
  RUBRIC_LEVELS,
} from './marking-limits';

export * from './marking-limits';

/* The comment bank: a teacher's reusable comments, most used first. */

export const bankCommentSchema = z.object({
  id: z.number(),
  text: z.string(),
  /** How many saved feedback items used it. */
  uses: z.number(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type BankComment = z.infer<typeof bankCommentSchema>;
export const bankCommentListSchema = z.array(bankCommentSchema);

export const bankCommentQuerySchema = z.object({
  /** Words the comment must contain (any order, any case); empty lists them all. */
  q: z.string().max(200, 'The search is too long').optional(),
});

export const saveBankCommentSchema = z.object({
  text: z
    .string({ error: 'Comment text is required' })
    .trim()
    .min(1, 'Comment text is required')
    .max(
      MAX_BANK_COMMENT_LENGTH,
      `A comment can be at most ${MAX_BANK_COMMENT_LENGTH.toLocaleString('en-GB')} characters`,
    ),
});
export type SaveBankCommentRequest = z.input<typeof saveBankCommentSchema>;

export const bankCommentIdParamsSchema = z.object({
  id: recordIdSchema('Comment not found'),
});
export const bankCommentDeletedSchema = z.object({ message: z.literal('Comment deleted') });

/* A document's mark or grade and its short rubric. */

export const rubricRowSchema = z.object({
  criterion: z
    .string({ error: 'Each criterion needs a name' })
    .trim()
    .min(1, 'Each criterion needs a name')
    .max(MAX_CRITERION_LENGTH, `A criterion can be at most ${MAX_CRITERION_LENGTH} characters`),
  level: z.enum(RUBRIC_LEVELS, {
    error: 'Choose a level for each criterion: Not yet, Developing, Secure or Excellent',
  }),
});

export const saveMarkSchema = z.object({
  /** Blank means no mark (a rubric alone is fine). */
  mark: z
    .string({ error: 'The mark must be text, such as 17/20 or B+' })
    .trim()
    .max(MAX_MARK_LENGTH, `A mark or grade can be at most ${MAX_MARK_LENGTH} characters`)
    .nullish()
    .transform((value) => value || null),
  rubric: z
    .array(rubricRowSchema)
    .max(MAX_RUBRIC_CRITERIA, `A rubric can have at most ${MAX_RUBRIC_CRITERIA} criteria`)
    .default([])
    .refine(
      (rows) => new Set(rows.map((row) => row.criterion.toLowerCase())).size === rows.length,
      'Each criterion can be listed once',
    ),
});
export type SaveMarkRequest = z.input<typeof saveMarkSchema>;

const markViewSchema = z.object({
  mark: z.string().nullable(),
  rubric: z.array(rubricRowSchema),
});

/** A pupil's or a parent's view of the mark: what was last shared, or null. */
export const sharedMarkSchema = markViewSchema.nullable();

/** The teacher's view: the mark as it is now, and whether the pupil sees this version yet. */
export const documentMarkSchema = markViewSchema.extend({
  /** When the pupil and parent first saw this version; null while it is a draft. */
  sharedAt: z.string().nullable(),
  /** The mark was changed since it was last shared: the pupil sees the older one. */
  changedSinceShared: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type DocumentMark = z.infer<typeof documentMarkSchema>;

/** The criteria of the teacher's most recent rubric, to mark the next piece the same way. */
export const lastRubricSchema = z.object({ criteria: z.array(z.string()) });

export const markSheetQuerySchema = z.object({
  /** Only the pieces of work with this exact title (one assignment); all when absent. */
  title: z.string().max(300).optional(),
});
