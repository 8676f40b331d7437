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
