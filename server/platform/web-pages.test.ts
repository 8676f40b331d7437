import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstAnswerFor, loadWebPages, type WebPages } from './web-pages';

describe('the web build’s page information', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cv-web-pages-'));
  afterEach(() => rmSync(join(dir, 'web-pages.json'), { force: true }));

  it('no web root or no file: no inline script allowed, nothing prerendered', () => {
    const none = { scriptHashes: [], prerendered: {}, routeShells: {}, firstAnswers: {} };
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

  it('refuses a first answer outside the API or with a param its route does not have', () => {
    for (const firstAnswers of [
      { '/shared/:key': 'https://elsewhere.example/:key' },
      { '/shared/:key': '/api/shared/:id' },
    ]) {
      writeFileSync(join(dir, 'web-pages.json'), JSON.stringify({ firstAnswers }));
      expect(() => loadWebPages(dir)).toThrow(/not an API address/);
    }
  });
});

describe('the answer a page reads first', () => {
  const pages: WebPages = {
    scriptHashes: [],
    prerendered: {},
    routeShells: {},
    firstAnswers: {
      '/documents/:phrase/:uniqueId': '/api/pupil-documents/:phrase/:uniqueId',
      '/shared/:key': '/api/shared/:key',
    },
  };

  it('fills the API address with the page address’s params', () => {
    expect(firstAnswerFor(pages, '/documents/brave-otter-blue-river/abcd1234')).toBe(
      '/api/pupil-documents/brave-otter-blue-river/abcd1234',
    );
    expect(firstAnswerFor(pages, '/shared/Ab_9-z')).toBe('/api/shared/Ab_9-z');
  });

  it('none for another address, or a param the page would send encoded otherwise', () => {
    for (const path of [
      '/shared',
      '/shared/',
      '/shared/a/b',
      '/documents/brave-otter-blue-river',
      '/login',
      '/shared/a%2Fb',
      '/shared/..',
      '/shared/caf%C3%A9',
      `/shared/${'a'.repeat(201)}`,
    ]) {
      expect(firstAnswerFor(pages, path), path).toBeUndefined();
    }
  });
});
