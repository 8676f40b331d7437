import { z } from 'zod';

import { normalisePassphrase, PASSPHRASE_FORMAT_MESSAGE, PASSPHRASE_PATTERN } from './field-rules';

// Plain, so the pupil's pages can use them without zod (contract/field-rules.ts).
export { normalisePassphrase, PASSPHRASE_FORMAT_MESSAGE, PASSPHRASE_PATTERN } from './field-rules';

const passphraseInput = z
  .string({ error: 'Classroom key is required' })
  .max(200, 'Classroom key is too long')
  .transform(normalisePassphrase)
  .pipe(z.string().min(1, 'Classroom key is required'));

export const classroomPhraseSchema = z.object({ classroomPhrase: z.string().nullable() });
export type ClassroomPhrase = z.infer<typeof classroomPhraseSchema>;

export const updateClassroomPhraseSchema = z.object({
  classroomPhrase: passphraseInput.pipe(
    z.string().regex(PASSPHRASE_PATTERN, PASSPHRASE_FORMAT_MESSAGE),
  ),
});

export const verifyKeyRequestSchema = z.object({ keyPhrase: passphraseInput });
export const verifyKeyResponseSchema = z.object({ valid: z.literal(true), id: z.string() });

export const classroomKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The teacher turned on marked-work protection: "View Marked Work" asks for the pupil's code. */
  asksPupilCode: z.boolean(),
});
export type ClassroomKey = z.infer<typeof classroomKeySchema>;

export const classroomKeyIdSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Invalid classroom key'),
});
