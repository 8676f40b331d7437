import {
  ACCEPTED_UPLOAD_EXTENSIONS,
  checkAssignmentTitle,
  checkFirstName,
  checkSurnameInitials,
  checkYearGroup,
  type FieldCheck,
  MAX_UPLOAD_MB,
  type YearGroup,
} from '@contract/field-rules';
import { checkFields } from '@web/lib/use-plain-form';

const MAX_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

const hasAcceptedExtension = (name: string) =>
  (ACCEPTED_UPLOAD_EXTENSIONS as readonly string[]).some((ext) => name.toLowerCase().endsWith(ext));

/** What the pupil has typed and chosen. */
export interface HandInValues {
  title: string;
  firstName: string;
  surnameInitials: string;
  yearGroup: YearGroup | '';
  file: File | undefined;
}

/** The same, cleaned as the server stores it, once every field passed. */
export interface HandInParsed {
  title: string;
  firstName: string;
  surnameInitials: string;
  yearGroup: YearGroup;
  file: File;
}

/**
 * The file checks the browser can make before sending 20 MB for nothing. The wording
 * matches the server's (server/modules/uploads/upload-errors.ts), which has the final say
 * on the content.
 */
export function checkHandInFile(file: unknown): FieldCheck<File> {
  if (!(file instanceof File)) return { error: 'Please upload your file' };
  if (file.size <= 0) return { error: 'The file is empty.' };
  if (file.size > MAX_BYTES) {
    return { error: `The file is too large. The maximum size is ${MAX_UPLOAD_MB} MB.` };
  }
  if (!hasAcceptedExtension(file.name)) {
    return {
      error:
        'This file type is not supported. Please upload a PDF, Word document (.doc, .docx) or a JPG or PNG image.',
    };
  }
  return { value: file };
}

/**
 * The hand-in form: the server's own rules for the details (submitAssignmentSchema, kept
 * in step by contract/field-rules.test.ts), plus the file checks.
 */
export const checkHandIn = (values: HandInValues) =>
  checkFields<HandInValues, HandInParsed>({
    title: checkAssignmentTitle(values.title),
    firstName: checkFirstName(values.firstName),
    surnameInitials: checkSurnameInitials(values.surnameInitials),
    yearGroup: checkYearGroup(values.yearGroup),
    file: checkHandInFile(values.file),
  });
