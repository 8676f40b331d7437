import {
  ACCEPTED_UPLOAD_EXTENSIONS,
  MAX_UPLOAD_MB,
  submitAssignmentSchema,
} from '@contract/pupil-portal';
import { z } from 'zod';

const MAX_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

const hasAcceptedExtension = (name: string) =>
  (ACCEPTED_UPLOAD_EXTENSIONS as readonly string[]).some((ext) => name.toLowerCase().endsWith(ext));

/**
 * The hand-in form: the server's own rules for the details, plus the file checks the
 * browser can make before sending 20 MB for nothing. The wording matches the server's
 * (server/modules/uploads/upload-errors.ts), which has the final say on the content.
 */
export const handInSchema = submitAssignmentSchema
  .pick({ title: true, firstName: true, surnameInitials: true, yearGroup: true })
  .extend({
    file: z
      .custom<File>((value) => value instanceof File, 'Please upload your file')
      .refine((file) => file.size > 0, 'The file is empty.')
      .refine(
        (file) => file.size <= MAX_BYTES,
        `The file is too large. The maximum size is ${MAX_UPLOAD_MB} MB.`,
      )
      .refine(
        (file) => hasAcceptedExtension(file.name),
        'This file type is not supported. Please upload a PDF, Word document (.doc, .docx) or a JPG or PNG image.',
      ),
  });

export type HandInValues = z.input<typeof handInSchema>;
export type HandInParsed = z.output<typeof handInSchema>;
