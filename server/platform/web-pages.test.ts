import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadWebPages } from './web-pages';

describe('the web build’s page information', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cv-web-pages-'));
  afterEach(() => rmSync(join(dir, 'web-pages.json'), { force: true }));

  it('no web root or no file: no inline script allowed, nothing prerendered', () => {
    const none = { scriptHashes: [], prerendered: {}, routeShells: {} };
    expect(loadWebPages(undefined)).toEqual(none);
    expect(loadWebPages(dir)).toEqual(none);
  });

  it('refuses a script source that is not a hash (it would widen the CSP)', () => {
    writeFileSync(
      join(dir, 'web-pages.json'),
      JSON.stringify({ scriptHashes: ["'unsafe-inline'"], prerendered: {} }),
    );
    expect(() => loadWebPages(dir)).toThrow(/not a script hash/);
  });
});
