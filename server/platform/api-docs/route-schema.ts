import { z } from 'zod';

/*
 * Small helpers for the route schemas each module declares in its route-schemas.ts. The
 * shapes themselves come from contract/; these only add what the document needs around
 * them (who may call, what a path parameter means, non-JSON answers).
 */

export const teacherOnly = [{ teacherSession: [] }];
export const adminOnly = [{ adminSession: [] }];

/** The contract's params schema, each parameter described for the reader. */
export function describedParams<S extends z.ZodObject>(
  schema: S,
  descriptions: { [K in keyof S['shape']]: string },
) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => [
      name,
      (field as z.ZodType).describe(descriptions[name as keyof S['shape']]),
    ]),
  );
  // The same fields, each with its description: the contract schema's types hold.
  return z.object(shape) as unknown as S;
}

/** A file or stream answer (not JSON), by its media types. */
export const fileResponse = (description: string, ...mediaTypes: string[]) => ({
  description,
  content: Object.fromEntries(
    mediaTypes.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]),
  ),
});

/** The kinds of stored recording an audio comment can be. */
const RECORDING_TYPES = ['audio/webm', 'audio/ogg', 'audio/mpeg', 'audio/mp4', 'audio/wav'];

/** A stored recording's answers: whole (200) or a byte range (206). */
export const recordingResponses = () => ({
  200: fileResponse('The recording', ...RECORDING_TYPES),
  206: fileResponse('The requested byte range', ...RECORDING_TYPES),
});

/** An answer that only redirects: no body (`null` documents as a response without content). */
export const redirectResponse = (description: string) => z.null().describe(description);

export const recordId = (what: string) => `The ${what}'s id (decimal digits)`;
