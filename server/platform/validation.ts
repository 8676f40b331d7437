import type { z } from 'zod';
import { AppError } from './errors';

/**
 * Parses request input with a contract schema. The first issue's message is the
 * answer, so the API speaks the same texts as the forms ("Classroom key is required").
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  const message =
    issue?.code === 'invalid_type' && issue.input === undefined && field
      ? `${issue.message.startsWith('Invalid input') ? `${field} is required` : issue.message}`
      : (issue?.message ?? 'Invalid request');
  throw new AppError(400, 'validation_error', message);
}

/** Route ids: anything that is not a valid id names no record, so it is a 404. */
export function parseId<S extends z.ZodType>(
  schema: S,
  params: unknown,
  message: string,
): z.output<S> {
  const result = schema.safeParse(params ?? {});
  if (!result.success) throw new AppError(404, 'not_found', message);
  return result.data;
}
