import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the web build says about its pages (web/build/html-head.ts writes web-pages.json):
 * the hashes of the inline scripts, which the CSP allows and nothing else inline, and the
 * public pages prerendered to HTML. A build without the file (or no web root) has neither.
 */
export type WebPages = {
  scriptHashes: string[];
  /** Address → file under the web root. */
  prerendered: Record<string, string>;
};

const HASH_SOURCE = /^'sha256-[A-Za-z0-9+/]+=*'$/;

export function loadWebPages(webRoot: string | undefined): WebPages {
  const path = webRoot ? join(webRoot, 'web-pages.json') : '';
  if (!path || !existsSync(path)) return { scriptHashes: [], prerendered: {} };
  const info = JSON.parse(readFileSync(path, 'utf8')) as Partial<WebPages>;
  const scriptHashes = info.scriptHashes ?? [];
  // A CSP source list is security policy: refuse anything but a hash rather than pass it on.
  for (const hash of scriptHashes) {
    if (!HASH_SOURCE.test(hash)) throw new Error(`web-pages.json: ${hash} is not a script hash`);
  }
  return { scriptHashes, prerendered: info.prerendered ?? {} };
}
