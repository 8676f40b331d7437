import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';

/*
 * Many addresses are capabilities: share and report keys, render and recording ids, upload
 * ids, classroom phrases and key ids, pupils' document addresses, tokens in query strings.
 * None may reach a log. One rule, so that a new route cannot forget it: a request is logged
 * by its route's pattern, and a parameter's value is written only when the route declares
 * that parameter a record id (its params schema takes decimal digits and nothing else).
 * Every other parameter, an address no route matched past its first segment, and every
 * query string are written as [redacted].
 */

export const REDACTED = '[redacted]';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Parameters whose values may be logged: record ids, by the route's params schema. */
    loggableParams?: readonly string[];
  }
}

/** A record id's schema takes "12" and refuses anything that is not decimal digits. */
function isRecordIdSchema(field: unknown): boolean {
  const schema = field as z.ZodType | undefined;
  if (typeof schema?.safeParse !== 'function') return false;
  return (
    schema.safeParse('12').success &&
    !schema.safeParse('Ab3_-x9Kq2').success &&
    !schema.safeParse('abc123').success
  );
}

function loggableParamsOf(paramsSchema: unknown): string[] {
  const shape = (paramsSchema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!shape) return [];
  return Object.entries(shape)
    .filter(([, field]) => isRecordIdSchema(field))
    .map(([name]) => name);
}

export type LoggedRoute = { method: string; url: string; loggableParams: readonly string[] };
const routesOfApp = new WeakMap<FastifyInstance, LoggedRoute[]>();

/** Registered before any route: each route learns which of its parameters may be logged. */
export function declareLoggableParams(app: FastifyInstance): void {
  const routes: LoggedRoute[] = [];
  routesOfApp.set(app, routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    const loggableParams = loggableParamsOf(route.schema?.params);
    route.config = { ...route.config, loggableParams };
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, loggableParams });
    }
  });
}

/** Every route the app registered, with what its log lines may show (for the log's test). */
export function loggedRoutes(app: FastifyInstance): readonly LoggedRoute[] {
  return routesOfApp.get(app) ?? [];
}

const PATTERN_PARAM = /:([A-Za-z0-9_]+)|\*/g;
const RECORD_ID_VALUE = /^[1-9][0-9]{0,9}$/;

/** The address as it may be logged (see the rule above). */
export function loggedUrl(request: {
  url?: string;
  params?: unknown;
  routeOptions?: { url?: string; config?: { loggableParams?: readonly string[] } };
}): string {
  const url = request.url ?? '';
  const query = url.includes('?') ? `?${REDACTED}` : '';
  const pattern = request.routeOptions?.url;
  if (!pattern) return unroutedPath(url.split('?', 1)[0] ?? '') + query;
  const loggable = request.routeOptions?.config?.loggableParams ?? [];
  const params = (request.params ?? {}) as Record<string, unknown>;
  const path = pattern.replace(PATTERN_PARAM, (_whole, name: string | undefined) => {
    const value = name && loggable.includes(name) ? String(params[name] ?? '') : '';
    return RECORD_ID_VALUE.test(value) ? value : REDACTED;
  });
  return path + query;
}

/** No route: the web client's pages (/shared/{key}, /documents/{phrase}/{id}) and misses. */
function unroutedPath(path: string): string {
  const [, first, ...rest] = path.split('/');
  if (first === undefined) return path;
  return rest.length > 0 ? `/${first}/${REDACTED}` : `/${first}`;
}

/** Fastify's request log fields, with the address made safe. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request),
    hostname: request.hostname,
    remoteAddress: request.ip,
  };
}

/**
 * Field names whose values are never logged, at any depth: passwords and their hashes,
 * tokens, keys, cookies, and a database query's parameters (a failed registration's
 * parameters hold the password hash; any insert's hold a child's name). `detail` is
 * PostgreSQL's explanation of a failure, which quotes the offending values.
 */
const SECRET_FIELD =
  /password|passwd|secret|token|hash|key|cookie|authorization|^params$|^parameters$|^detail$/i;
/**
 * Every field name SECRET_FIELD matches, and the query parameters' marker, contain one of
 * these words. JSON escapes a letter only as \uXXXX, so a line without any of them (and
 * without a \u escape) has nothing to scrub and is written as pino made it; most request
 * lines are such, and parsing them again cost a tenth of a cached read.
 */
const MAY_HOLD_A_SECRET = /passw|secret|token|hash|key|cookie|authorization|param|detail|\\u/i;
/** Drizzle writes a failed query's parameters into the error's message (and so its stack). */
const QUERY_PARAMS_IN_TEXT = /(\nparams: )[\s\S]*?(?=\n {4}at |$)/g;

/** The value with every secret field replaced and query parameters cut out of text. */
export function scrubLogValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(QUERY_PARAMS_IN_TEXT, `$1${REDACTED}`);
  if (value === null || typeof value !== 'object' || depth > 32) return value;
  if (Array.isArray(value)) return value.map((item) => scrubLogValue(item, depth + 1));
  const scrubbed: Record<string, unknown> = {};
  for (const [field, item] of Object.entries(value)) {
    scrubbed[field] = SECRET_FIELD.test(field) ? REDACTED : scrubLogValue(item, depth + 1);
  }
  return scrubbed;
}

/**
 * The last step before a log line is written (pino's streamWrite hook): whatever a module
 * logged, under whatever name, leaves without secrets. A line that may hold one is parsed
 * and written again without it; the others cannot, and leave unchanged.
 */
export function scrubLogLine(line: string): string {
  if (!MAY_HOLD_A_SECRET.test(line)) return line;
  try {
    return `${JSON.stringify(scrubLogValue(JSON.parse(line)))}\n`;
  } catch {
    // Not JSON (never from pino): keep only what cannot carry parameters.
    return line.replace(QUERY_PARAMS_IN_TEXT, `$1${REDACTED}`);
  }
}
