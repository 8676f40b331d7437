import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * Route schemas are Zod schemas from contract/. They document the API (OpenAPI through
 * fastify-type-provider-zod) but do not replace the handlers' own `parseInput`, whose
 * first-issue messages and 400 shape are the spec's contract (decision 0026). So the
 * validator compiler lets input through unchanged, and Fastify never hands a Zod schema
 * to Ajv.
 */
export function installSchemaCompilers(app: FastifyInstance, checkResponses: boolean) {
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (!checkResponses || !(schema instanceof z.ZodType)) return jsonText;
    return checkedJsonText(schema, `${method} ${url} ${httpStatus}`);
  });
}

const jsonText = (data: unknown) => JSON.stringify(data);

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
