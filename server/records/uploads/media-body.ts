import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors';
import { readSingleFile } from '../../platform/http';
import type { ThrottleRule } from '../../platform/throttle';
import type { AppContext } from '../../records/context';

/*
 * Recordings, voice samples, photos and video samples arrive as a form upload (multipart),
 * streamed, up to their own limit. The JSON bodies with the file in base64 that the API has
 * always taken still work for small files: a JSON body is read, parsed and decoded whole on
 * the server's main thread, so ten large ones at once would stall every other request.
 */
export const JSON_MEDIA_BODY_LIMIT = 2 * 1024 * 1024;

/** Text fields sent beside a file (a transcript can be long). */
const MAX_FIELD_BYTES = 100 * 1024;

/**
 * A teacher records feedback clip after clip, but not hundreds in ten minutes: past this,
 * one account is using the server's decoders for something else.
 */
const MEDIA_UPLOADS_PER_TEACHER: ThrottleRule = { limit: 60, windowMs: 10 * 60_000 };

export type MediaBody = {
  /** The file's bytes, or null when none was sent (the caller says what is missing). */
  bytes: Buffer | null;
  /** The other fields, for the route's schema. */
  fields: Record<string, unknown>;
};

/** Strips a data-URL prefix and decodes base64; anything else is a clear 400. */
export function decodeBase64(data: string, what: string): Buffer {
  const base64 = data.replace(/^data:[^;,]*(?:;[^;,]+)*;base64,/, '');
  if (!/^[A-Za-z0-9+/=\s]+$/.test(base64)) {
    throw badRequest(`${what} could not be read`, 'invalid_data');
  }
  return Buffer.from(base64, 'base64');
}

/**
 * Counts one media upload against the teacher's allowance (429 past it), then reads the
 * file from a form upload (part `fileField`) or from a JSON body (base64 in `dataField`).
 */
export async function readMediaBody(
  ctx: AppContext,
  request: FastifyRequest,
  teacherId: number,
  options: { fileField: string; dataField: string; maxBytes: number; what: string },
): Promise<MediaBody> {
  await ctx.throttle.hit(`media-upload:teacher:${teacherId}`, MEDIA_UPLOADS_PER_TEACHER);
  if (request.isMultipart()) {
    const form = await readSingleFile(request, {
      maxBytes: options.maxBytes,
      fileField: options.fileField,
      maxFieldBytes: MAX_FIELD_BYTES,
      fileOptional: true,
    }).catch((error: unknown) => {
      // Said of the file the teacher chose ("The photo is too large…"), not of "the file".
      if (error instanceof AppError && error.code === 'file_too_large') {
        throw new AppError(
          413,
          'file_too_large',
          `${options.what} is too large. The maximum size is ${Math.round(options.maxBytes / 1024 / 1024)} MB.`,
        );
      }
      throw error;
    });
    return { bytes: form.bytes, fields: { ...form.fields } };
  }
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { bytes: null, fields: {} };
  }
  const { [options.dataField]: data, ...fields } = body as Record<string, unknown>;
  if (typeof data !== 'string' || data.length === 0) return { bytes: null, fields };
  return { bytes: decodeBase64(data, options.what), fields };
}
