import { z } from 'zod';
import { MAX_UPLOAD_MB, YEAR_GROUPS } from './field-rules';
import { sharedMarkSchema } from './marking';

// Plain, so the pupil's pages can use them without zod (contract/field-rules.ts).
export {
  ACCEPTED_UPLOAD_EXTENSIONS,
  MAX_UPLOAD_MB,
  YEAR_GROUPS,
} from './field-rules';

const firstName = z
  .string({ error: 'First name is required' })
  // "Émile" typed with a combining accent is the same name as the precomposed one.
  .transform((value) => value.normalize('NFC').trim())
  .pipe(
    z.string().min(1, 'First name is required').max(60, 'First name must be at most 60 characters'),
  );

/** Exactly two letters, stored upper case ("Enter the first 2 letters of your surname"). */
const surnameInitials = z
  .string({ error: 'Enter the first 2 letters of your surname' })
  .transform((value) => value.normalize('NFC').trim().toUpperCase())
  .pipe(z.string().regex(/^\p{L}{2}$/u, 'Enter the first 2 letters of your surname'));

const classroomKeyId = z
  .string({ error: 'Classroom key is required' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'Invalid classroom key');

export const submitAssignmentSchema = z.object({
  title: z
    .string({ error: 'Assignment title is required' })
    .trim()
    .min(1, 'Assignment title is required')
    .max(200, 'Assignment title must be at most 200 characters'),
  firstName,
  surnameInitials,
  yearGroup: z.enum(YEAR_GROUPS, { error: 'Year group is required' }),
  fileUrl: z
    .string({ error: 'Please upload your file' })
    .min(1, 'Please upload your file')
    .max(300),
  classroomKeyId,
});
export type SubmitAssignmentRequest = z.input<typeof submitAssignmentSchema>;

/**
 * The pupil's personal code (marked-work protection). Optional in the request: the
 * server asks for it only when the teacher turned protection on, and a wrong or missing
 * code finds nothing, exactly like a wrong name.
 */
const pupilCode = z
  .string()
  .max(20)
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .optional();

export const myAssignmentsRequestSchema = z.object({
  firstName,
  surnameInitials,
  classroomKeyId,
  pupilCode,
});
export type MyAssignmentsRequest = z.input<typeof myAssignmentsRequestSchema>;

export const assignmentFeedbackSchema = z.object({
  id: z.number(),
  type: z.enum(['text', 'audio']),
  /** A written item's text; for an audio item, the note the teacher wrote with it. */
  content: z.string(),
  /** What was said in an audio item, when it was transcribed; null otherwise. */
  transcript: z.string().nullable(),
  highlightedText: z.string().nullable(),
  pageNumber: z.number(),
  audioUrl: z.string().nullable(),
  audioDuration: z.number().nullable(),
  /** The page of a drawing (pen, highlighter, shapes) the item is about; null otherwise. */
  drawingPage: z.number().nullable().optional(),
});

export const assignmentSchema = z.object({
  id: z.number(),
  uniqueId: z.string(),
  title: z.string(),
  submittedAt: z.string(),
  fileUrl: z.string(),
  documentUrl: z.string(),
  status: z.enum(['pending', 'reviewed']),
  feedback: z.array(assignmentFeedbackSchema),
  /** The mark or grade and rubric as last shared; null when there is none. */
  mark: sharedMarkSchema.optional(),
});
export type Assignment = z.infer<typeof assignmentSchema>;
export type AssignmentFeedback = z.infer<typeof assignmentFeedbackSchema>;

export const submitAssignmentResponseSchema = z.object({
  id: z.number(),
  uniqueId: z.string(),
  title: z.string(),
  message: z.string(),
  /** Shown once, after the pupil's first hand-in; null afterwards (it is no oracle). */
  pupilCode: z.string().nullable(),
});
export type SubmitAssignmentResponse = z.infer<typeof submitAssignmentResponseSchema>;

export const uploadResponseSchema = z.object({ fileUrl: z.string() });

export const myAssignmentsResponseSchema = z.array(assignmentSchema);

/**
 * /documents/{classroomPhrase}/{uniqueId}: a pupil's own work by its secret address (the
 * route reads the parameters itself; this describes them for the API reference).
 */
export const pupilDocumentParamsSchema = z.object({
  phrase: z
    .string()
    .max(200)
    .describe('The class’s current classroom passphrase (four words joined by hyphens)'),
  uniqueId: z.string().max(20).describe('The document’s code, 6–8 lower-case letters or digits'),
});

/** A teacher's uploaded file, by its upload address. */
export const uploadFileParamsSchema = z.object({
  fileId: z.string().describe('The id at the end of the `fileUrl` that the upload answered'),
});

/** The multipart form of an upload (documented; the route reads the parts itself). */
export const uploadFormSchema = z.object({
  classroomKeyId: z
    .string()
    .optional()
    .describe('A pupil’s classroom key, sent before the file; teachers use their session instead'),
  file: z.string().meta({ format: 'binary' }).describe(`The work, at most ${MAX_UPLOAD_MB} MB`),
});
