import type { z } from 'zod';
import { AppError } from './errors';

/*
 * Request input is validated by the schemas routes declare (decision 0065): the validator
 * compiler (api-docs/schema-compilers.ts) parses params, query and body with them before
 * the handler runs, and answers with the errors below. Handlers read `z.output`.
 */

/**
 * The first issue's message is the answer, so the API speaks the same texts as the forms
 * ("Classroom key is required"); a missing field the schema gives no words for is
 * "<field> is required".
 */
export function inputError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.');
  const message =
    issue?.code === 'invalid_type' && issue.input === undefined && field
      ? `${issue.message.startsWith('Invalid input') ? `${field} is required` : issue.message}`
      : (issue?.message ?? 'Invalid request');
  return new AppError(400, 'validation_error', message);
}

/** Parses input that is not a route's declared part (multipart fields): 400 as above. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw inputError(result.error);
}

/** A params schema's not-found message: for every parameter, or per parameter name. */
type NotFound = string | Readonly<Partial<Record<string, string>>>;
/** The parameter names a per-parameter message may use: the schema's own, nothing else. */
type ParamName<S> = S extends z.ZodObject ? Extract<keyof S['shape'], string> : string;
const notFoundMessages = new WeakMap<z.ZodType, NotFound>();

/**
 * Path parameters that name records: anything that does not parse names no record, so it
 * is a 404 'not_found' with the route's message ("Document not found"), not a 400. Give
 * one message for every parameter, or one per parameter name (the others stay 400s). The
 * answer is a copy of the schema (documented the same), so one contract schema can carry
 * different messages on different routes.
 */
export function notFoundParams<S extends z.ZodType>(
  schema: S,
  message: string | Readonly<Partial<Record<ParamName<S>, string>>>,
): S {
  const named = schema.clone() as S;
  notFoundMessages.set(named, message);
  return named;
}

/** The answer for params that do not parse with `schema`. */
export function paramsError(schema: z.ZodType, error: z.ZodError): AppError {
  const declared = notFoundMessages.get(schema);
  const name = error.issues[0]?.path[0];
  const message =
    typeof declared === 'string'
      ? declared
      : declared && typeof name === 'string'
        ? declared[name]
        : undefined;
  return message === undefined ? inputError(error) : new AppError(404, 'not_found', message);
}

const readByRoute = new WeakSet<z.ZodType>();

/**
 * A body the route reads itself (a multipart upload, or media sent either as a form or
 * as JSON): the schema documents it, and the validator compiler lets it through as sent.
 */
export function readByTheRoute(schema: z.ZodType): z.ZodType<unknown, unknown> {
  const documented = schema.clone();
  readByRoute.add(documented);
  return documented;
}

export const isReadByTheRoute = (schema: z.ZodType) => readByRoute.has(schema);
