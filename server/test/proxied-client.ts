/*
 * A browser behind the deployment's TLS reverse proxy, for tests that run the real server
 * as child processes. Each request goes to the instance that `next()` picks (one, or the
 * next of several in turn) with the headers the proxy in docs/deploy.md adds: the
 * original scheme, host and client address. The session cookie is carried like a
 * browser's cookie jar, and writes carry the site's Origin as a browser's fetch does.
 */

export const SITE = 'https://cv.school.example';
const SITE_HOST = new URL(SITE).host;

export type Answer = {
  status: number;
  headers: Headers;
  body: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely, as app.inject's json() does.
  json: () => any;
};

export class ProxiedClient {
  private readonly cookies = new Map<string, string>();
  /** Which instance answered each request, in order. */
  readonly served: string[] = [];

  constructor(
    private next: () => string,
    private readonly clientAddress = '198.51.100.23',
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Later requests go where `next` says (the cookie jar stays). */
  sendTo(next: () => string) {
    this.next = next;
  }

  async request(
    method: string,
    path: string,
    options: { json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const base = this.next();
    this.served.push(base);
    const headers: Record<string, string> = {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': SITE_HOST,
      'x-forwarded-for': this.clientAddress,
      ...(this.cookies.size > 0 ? { cookie: this.cookieHeader } : {}),
      ...(method === 'GET' || method === 'HEAD' ? {} : { origin: SITE }),
      ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    };
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: options.json !== undefined ? JSON.stringify(options.json) : options.form,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) this.keepCookie(line);
    const body = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      headers: response.headers,
      body,
      json: () => JSON.parse(body.toString('utf8')),
    };
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, { headers });
  post = (path: string, json?: unknown) => this.request('POST', path, { json: json ?? {} });

  /** A multipart upload as the browser's FormData sends it. */
  upload(path: string, file: { bytes: Buffer; name: string; type: string }, fields = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries<string>(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return this.request('POST', path, { form });
  }

  private keepCookie(line: string) {
    const [pair = '', ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key, date] = attribute.split('=');
      return key?.trim().toLowerCase() === 'expires' && new Date(date ?? '').getTime() < Date.now();
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/** Round robin over the instances: every call names the next one. */
export function alternating(bases: string[]): () => string {
  let turn = 0;
  return () => bases[turn++ % bases.length]!;
}
