import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the web build says about its pages (web/build/html-head.ts writes web-pages.json):
 * the hashes of the inline scripts, which the CSP allows and nothing else inline; the
 * public pages prerendered to HTML; and the app's shell written out again for the
 * addresses whose code it names up front (route shells). A build without the file (or no
 * web root) has none of them.
 */
export type WebPages = {
  scriptHashes: string[];
  /** Address → file under the web root. */
  prerendered: Record<string, string>;
  /** Address, or prefix ending in `/*`, → file under the web root. */
  routeShells: Record<string, string>;
  /** Page route with `:params` → the API address its page reads first (same params). */
  firstAnswers: Record<string, string>;
};

const HASH_SOURCE = /^'sha256-[A-Za-z0-9+/]+=*'$/;

export function loadWebPages(webRoot: string | undefined): WebPages {
  const path = webRoot ? join(webRoot, 'web-pages.json') : '';
  if (!path || !existsSync(path)) {
    return { scriptHashes: [], prerendered: {}, routeShells: {}, firstAnswers: {} };
  }
  const info = JSON.parse(readFileSync(path, 'utf8')) as Partial<WebPages>;
  const scriptHashes = info.scriptHashes ?? [];
  // A CSP source list is security policy: refuse anything but a hash rather than pass it on.
  for (const hash of scriptHashes) {
    if (!HASH_SOURCE.test(hash)) throw new Error(`web-pages.json: ${hash} is not a script hash`);
  }
  const firstAnswers = info.firstAnswers ?? {};
  for (const [route, api] of Object.entries(firstAnswers)) {
    const params = new Set(route.match(PARAM) ?? []);
    if (!api.startsWith('/api/') || (api.match(PARAM) ?? []).some((name) => !params.has(name))) {
      throw new Error(`web-pages.json: ${api} is not an API address made of ${route}'s params`);
    }
  }
  return {
    scriptHashes,
    prerendered: info.prerendered ?? {},
    routeShells: info.routeShells ?? {},
    firstAnswers,
  };
}

const PARAM = /:[A-Za-z]+/g;
/**
 * A param copied into the API address only when it reads the same encoded or not: the page
 * asks with encodeURIComponent(param), and a preload the page does not ask for is a second
 * request (a second view of a shared link). A real key, phrase or id always qualifies.
 */
const PLAIN_SEGMENT = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * The API answer the page at `path` reads first, when its route names one and the address
 * fills its params: the server preloads it beside the page (a Link header), so it does not
 * wait for the page's code to ask for it.
 */
export function firstAnswerFor(pages: WebPages, path: string): string | undefined {
  const segments = path.split('/');
  for (const [route, api] of Object.entries(pages.firstAnswers)) {
    const parts = route.split('/');
    if (parts.length !== segments.length) continue;
    const params = new Map<string, string>();
    const matches = parts.every((part, index) => {
      const segment = segments[index] ?? '';
      if (!part.startsWith(':')) return part === segment;
      params.set(part, segment);
      return PLAIN_SEGMENT.test(segment);
    });
    if (matches) return api.replace(PARAM, (name) => params.get(name) ?? '');
  }
  return undefined;
}

/**
 * The HTML file to send for a page address. A prerendered page is sent only without a query
 * string, which may make it show something else (a banner, a tab) that the browser then
 * renders itself. A route shell has no content of its own, so the query does not matter.
 */
export function pageFileFor(pages: WebPages, path: string, hasQuery: boolean): string {
  const prerendered = hasQuery ? undefined : pages.prerendered[path];
  if (prerendered) return prerendered;
  const exact = pages.routeShells[path];
  if (exact) return exact;
  for (const [pattern, file] of Object.entries(pages.routeShells)) {
    if (pattern.endsWith('/*') && path.startsWith(pattern.slice(0, -1))) return file;
  }
  return 'index.html';
}
