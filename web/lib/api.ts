/** Thrown for every non-OK response so callers can branch on status and stable code. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(status: number, message: string, code?: string) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
  }
}

export interface ApiFetchOptions {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

// The API's contract: a body that is not JSON (or is empty) reads as null, never as a crash.
async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function errorField(data: unknown, field: 'message' | 'code'): string | undefined {
  if (data && typeof data === 'object' && field in data) {
    const value = (data as Record<string, unknown>)[field];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  return (await apiFetchWithHeaders<T>(path, options)).data;
}

/** apiFetch for the answers whose headers carry more (a list's total and next page). */
export async function apiFetchWithHeaders<T>(
  path: string,
  options: ApiFetchOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const method = options.method ?? 'GET';
  // Only send a JSON body when there is one: Fastify rejects an empty body labelled as JSON.
  const hasBody = method !== 'GET' && method !== 'HEAD' && options.body !== undefined;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: hasBody
      ? { 'Content-Type': 'application/json', Accept: 'application/json' }
      : { Accept: 'application/json' },
    body: hasBody ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
  const data = await readJson(response);
  if (!response.ok) {
    throw new ApiRequestError(
      response.status,
      errorField(data, 'message') ?? `Request failed with status ${response.status}`,
      errorField(data, 'code'),
    );
  }
  return { data: data as T, headers: response.headers };
}

/** The server's message when the request failed with one, else the screen's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) {
    // A bare status line is ours, not the server's: the screen's fallback reads better.
    return error.message.startsWith('Request failed with status') ? fallback : error.message;
  }
  return fallback;
}
