/*
 * Some addresses are secrets: share-link keys, classroom phrases and key ids, audio ids,
 * verification tokens, pupils' names in query strings. They must not end up in logs.
 */
const SECRET_PATHS: [RegExp, string][] = [
  [/^(\/(?:api\/)?feedback-view\/)[^/?]+/, '$1[redacted]'],
  [/^(\/(?:api\/pupil-)?documents\/)[^/?]+\/[^/?]+/, '$1[redacted]'],
  [/^(\/api\/audio\/)[^/?]+/, '$1[redacted]'],
  [/^(\/api\/classroom-keys\/)[^/?]+/, '$1[redacted]'],
  [/^(\/student\/(?:submit|feedback)\/)[^/?]+/, '$1[redacted]'],
];

export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  let safePath = path;
  for (const [pattern, replacement] of SECRET_PATHS)
    safePath = safePath.replace(pattern, replacement);
  return query === undefined ? safePath : `${safePath}?[redacted]`;
}

/** Fastify's request log fields, with the address made safe. */
export function requestLogSerializer(request: {
  method: string;
  url?: string;
  hostname?: string;
  ip?: string;
}) {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
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
/** Drizzle writes a failed query's parameters into the error's message (and so its stack). */
const QUERY_PARAMS_IN_TEXT = /(\nparams: )[\s\S]*?(?=\n {4}at |$)/g;

export const REDACTED = '[redacted]';

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
 * logged, under whatever name, leaves without secrets. Lines are small and rare enough
 * that parsing them again costs nothing that matters.
 */
export function scrubLogLine(line: string): string {
  try {
    return `${JSON.stringify(scrubLogValue(JSON.parse(line)))}\n`;
  } catch {
    // Not JSON (never from pino): keep only what cannot carry parameters.
    return line.replace(QUERY_PARAMS_IN_TEXT, `$1${REDACTED}`);
  }
}
