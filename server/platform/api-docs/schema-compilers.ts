import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';
import { inputError, isReadByTheRoute, paramsError } from '../validation';

/**
 * Route schemas are Zod schemas from contract/. They document the API (OpenAPI through
 * fastify-type-provider-zod) and validate its input (decision 0065): Fastify never hands
 * a Zod schema to Ajv.
 */
export function installSchemaCompilers(app: FastifyInstance, checkResponses: boolean) {
  app.setValidatorCompiler(({ schema, httpPart }) => validatorOf(schema, httpPart));
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (!checkResponses || !(schema instanceof z.ZodType)) return jsonText;
    return checkedJsonText(schema, `${method} ${url} ${httpStatus}`);
  });
}

const jsonText = (data: unknown) => JSON.stringify(data);
const passThrough = (data: unknown) => ({ value: data });

/**
 * Parses a request part with its declared schema; the parsed value (coerced, transformed,
 * defaulted) replaces what was sent, so handlers read `z.output`. A failure is returned,
 * not thrown (Fastify makes a thrown one a 500), as the AppError the handlers used to
 * throw: the error handler answers it as `{ message, code }` like any other. Params that
 * name records are 404s with the route's message (`notFoundParams`); everything else is
 * a 400 'validation_error' with the first issue's message. Fastify hands an absent body
 * over as null: it parses as `{}`, so a schema whose fields are all optional takes no body.
 */
export function validatorOf(schema: unknown, httpPart: string | undefined) {
  if (!(schema instanceof z.ZodType) || isReadByTheRoute(schema)) return passThrough;
  return (data: unknown) => {
    const result = schema.safeParse(data ?? {});
    if (result.success) return { value: result.data };
    return {
      error: httpPart === 'params' ? paramsError(schema, result.error) : inputError(result.error),
    };
  };
}

/**
 * Tests run with every JSON answer checked against the route's declared response schema:
 * the answer as a client receives it (after JSON) must parse, and parsing must not drop
 * anything (an undeclared field is an untruthful document too). A mismatch fails the
 * request with a 500, and the reason goes to stderr so the failing test says why.
 */
export function checkedJsonText(schema: z.ZodType, route: string) {
  return (data: unknown) => {
    const text = JSON.stringify(data);
    const sent: unknown = text === undefined ? undefined : JSON.parse(text);
    const result = schema.safeParse(sent);
    const problem = !result.success
      ? z.prettifyError(result.error)
      : isDeepStrictEqual(result.data, sent)
        ? undefined
        : `fields the schema does not declare: ${JSON.stringify(undeclared(sent, result.data))}`;
    if (problem !== undefined) {
      const message = `Response of ${route} does not match its declared schema: ${problem}`;
      console.error(message);
      throw new Error(message);
    }
    return text;
  };
}

/** The paths present in what was sent but missing from what the schema kept. */
function undeclared(sent: unknown, kept: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, index) => undeclared(item, kept[index], `${path}[${index}]`));
  }
  if (sent && typeof sent === 'object' && kept && typeof kept === 'object') {
    return Object.entries(sent).flatMap(([key, value]) =>
      key in kept
        ? undeclared(value, (kept as Record<string, unknown>)[key], `${path}.${key}`)
        : [`${path}.${key}`],
    );
  }
  return isDeepStrictEqual(sent, kept) ? [] : [`${path} (changed)`];
}

/**
 * What route plugins use instead of `ZodTypeProvider` (`app.withTypeProvider<SchemaTypes>()`):
 * `request.params/query/body/headers` are the declared schema's `z.output`, since the
 * validator above parsed them. Answers stay untyped: a handler returns what JSON.stringify
 * turns into the declared shape (dates, for one), or sends a file, and the tests check each
 * JSON answer against its schema as sent (`checkedJsonText`).
 */
export interface SchemaTypes extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: unknown;
}
