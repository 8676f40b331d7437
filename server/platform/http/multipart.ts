import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { isStorableText } from '../../../contract/text';
import { AppError, badRequest } from '../errors';
import { unstorableText } from '../request-guards';

/** A form sent without its optional file. */
export type OptionalFileLeftOut = { bytes: null; filename: null; fields: Record<string, string> };

export type SingleFileUpload = {
  bytes: Buffer;
  /** As the browser sent it (already without folders); clean it before showing or storing. */
  filename: string;
  fields: Record<string, string>;
};

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** A file over its limit, said so a pupil knows what to do; the code is stable. */
export const fileTooLarge = (maxBytes: number) =>
  new AppError(
    413,
    'file_too_large',
    `The file is too large. The maximum size is ${megabytes(maxBytes)}.`,
  );

const fileRequired = () => badRequest('Please upload your file', 'file_required');
const notMultipart = () =>
  badRequest('Please send the file as a form upload (multipart/form-data).', 'not_multipart');
const tooManyFiles = () => badRequest('Please upload one file at a time.', 'too_many_files');
const tooManyFields = () => badRequest('The form has too many fields.', 'too_many_fields');
const invalidForm = () =>
  badRequest('The upload could not be read. Please try again.', 'invalid_form');

type ReadOptions = {
  maxBytes: number;
  fileField: string;
  /** Bytes a text field may hold (1 KB unless a form carries longer text, a transcript). */
  maxFieldBytes?: number;
  /** A form whose file may be left out (a video spoken by the synthesizer has no recording). */
  fileOptional?: boolean;
  /**
   * Runs with the text fields sent so far, just before the file is read: a caller can
   * refuse an unknown sender without buffering up to maxBytes of their upload.
   */
  beforeFile?: (fields: Record<string, string>) => Promise<void>;
};

/**
 * Reads a multipart form with exactly one file in `fileField` and a few text fields,
 * buffering the file. The app registers @fastify/multipart with files 1, fields 10 and
 * parts 12, and each read sets fileSize = maxBytes + 1 and the field size, so a request is
 * cut off just past the limit instead of being read to its end, and the limits become
 * these errors.
 */
export async function readSingleFile(
  request: FastifyRequest,
  options: ReadOptions & { fileOptional?: false },
): Promise<SingleFileUpload>;
export async function readSingleFile(
  request: FastifyRequest,
  options: ReadOptions,
): Promise<SingleFileUpload | OptionalFileLeftOut>;
export async function readSingleFile(
  request: FastifyRequest,
  options: ReadOptions,
): Promise<SingleFileUpload | OptionalFileLeftOut> {
  if (typeof request.isMultipart !== 'function') {
    throw new Error('@fastify/multipart is not registered');
  }
  if (!request.isMultipart()) throw notMultipart();

  // No prototype: a field named like an Object method must not shadow anything.
  const fields: Record<string, string> = Object.create(null);
  let file: { bytes: Buffer; filename: string } | undefined;
  const limits = { fileSize: options.maxBytes + 1, fieldSize: options.maxFieldBytes ?? 1024 };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        const [name, value] = readField(part);
        fields[name] = value;
        continue;
      }
      if (part.fieldname !== options.fileField) {
        // Every part must be read to its end, or the parser waits for it forever.
        await drain(part.file);
        continue;
      }
      if (file) {
        await drain(part.file);
        throw tooManyFiles();
      }
      await options.beforeFile?.(fields);
      const bytes = await part.toBuffer();
      // fileSize is maxBytes + 1: a file exactly one byte over is not cut off by the
      // parser, so it is caught here.
      if (part.file.truncated || bytes.length > options.maxBytes) {
        throw fileTooLarge(options.maxBytes);
      }
      file = { bytes, filename: part.filename ?? '' };
    }
  } catch (error) {
    throw asClientError(error, options.maxBytes);
  }
  // A browser sends an empty, nameless part for a file input left empty.
  const leftOut = !file || (file.bytes.length === 0 && !file.filename);
  if (leftOut && options.fileOptional) return { bytes: null, filename: null, fields };
  if (!file || leftOut) throw fileRequired();
  return { ...file, fields };
}

function readField(part: Extract<Multipart, { type: 'field' }>): [string, string] {
  if (part.fieldnameTruncated || part.valueTruncated) {
    throw badRequest(`The form field "${part.fieldname}" is too long.`, 'field_too_long');
  }
  // A part sent as application/json arrives parsed; this form takes plain text only.
  if (typeof part.value !== 'string') {
    throw badRequest(`The form field "${part.fieldname}" must be text.`, 'invalid_form');
  }
  if (!isStorableText(part.fieldname) || !isStorableText(part.value)) throw unstorableText();
  return [part.fieldname, part.value];
}

async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  for await (const _ of stream) {
    // discard
  }
}

/** The plugin's and the parser's errors, as { message, code } a person can act on. */
function asClientError(error: unknown, maxBytes: number): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge(maxBytes);
    case 'FST_FILES_LIMIT':
      return tooManyFiles();
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return tooManyFields();
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return notMultipart();
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return invalidForm();
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('The upload was interrupted. Please try again.', 'upload_interrupted');
  }
  // Busboy reports a malformed body with plain errors; these are its messages.
  const message = error instanceof Error ? error.message : '';
  if (/Boundary|multipart data|terminated early|Malformed/i.test(message)) return invalidForm();
  return error;
}
