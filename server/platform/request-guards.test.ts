import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { signedInTeacher } from '../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../test/harness';
import { loadConfig } from './config';

describe.each(testBackends())('cross-site writes on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { PUBLIC_URL: 'https://classroom.example' });
  });
  afterAll(async () => t?.close());

  const phraseOf = async (cookie: string) =>
    (await t.app.inject({ url: '/api/settings/classroom-phrase', headers: { cookie } })).json()
      .classroomPhrase as string;
  const setPhrase = (cookie: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/settings/classroom-phrase',
      headers: { cookie, ...headers },
      payload: { classroomPhrase: 'brave-otter-blue-river' },
    });

  it('refuses another Origin or Referer, and changes nothing', async () => {
    const { cookie } = await signedInTeacher(t);
    const before = await phraseOf(cookie);
    const hostile: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'https://classroom.example.evil.example' },
      { referer: 'https://evil.example/page' },
      { referer: 'not a url' },
    ];
    for (const headers of hostile) {
      const response = await setPhrase(cookie, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({
        message: 'Cross-site requests are not allowed',
        code: 'cross_site_request',
      });
    }
    expect(await phraseOf(cookie)).toBe(before);
  });

  it('accepts the site’s own origin (configured or as addressed) and requests without one', async () => {
    const { cookie } = await signedInTeacher(t);
    expect((await setPhrase(cookie, { origin: 'https://classroom.example' })).statusCode).not.toBe(
      403,
    );
    expect(
      (await setPhrase(cookie, { referer: 'https://classroom.example/settings' })).statusCode,
    ).not.toBe(403);
    expect(
      (await setPhrase(cookie, { host: 'cv.school.example', origin: 'http://cv.school.example' }))
        .statusCode,
    ).not.toBe(403);
    expect((await setPhrase(cookie, {})).statusCode).not.toBe(403);
  });

  it('accepts state-changing API requests only as JSON or multipart', async () => {
    const { cookie } = await signedInTeacher(t);
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie, 'content-type': contentType },
        payload: 'x=1',
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json().code).toBe('unsupported_media_type');
    }
    // The session survived: the refused request did nothing.
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    // No body at all (a DELETE, a bodiless POST) is fine.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/documents/99999',
      headers: { cookie },
    });
    expect(deleted.statusCode).toBe(404);
  });

  it('refuses a form upload to a route that takes JSON, and changes nothing', async () => {
    const { cookie } = await signedInTeacher(t);
    const settings = async () =>
      (await t.app.inject({ url: '/api/settings', headers: { cookie } })).json();
    const before = await settings();
    for (const url of ['/api/settings', '/api/settings/onboarding']) {
      const form = new FormData();
      form.append('shareExpiryDays', '30');
      form.append('dismissed', 'true');
      const response = await t.app.inject({
        method: 'PUT',
        url,
        headers: { cookie },
        payload: form,
      });
      expect(response.statusCode, url).toBe(415);
      expect(response.json().code).toBe('unsupported_media_type');
    }
    expect(await settings()).toEqual(before);
    // A route that reads a form upload still takes one.
    const form = new FormData();
    form.append('audio', new Blob([new Uint8Array([1, 2, 3])]), 'clip');
    const audio = await t.app.inject({
      method: 'POST',
      url: '/api/audio/process',
      headers: { cookie },
      payload: form,
    });
    expect(audio.statusCode).toBe(400);
    expect(audio.json().code).not.toBe('unsupported_media_type');
  });
});

const THEME_SCRIPT_HASH = "'sha256-3WqxHz6orSZbI090Hwl12L/2Ebwqy312M/MKy/Ifi/Q='";

describe('pages at secret addresses', () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'cv-web-'));
  let close = async () => {};
  let inject: (url: string) => Promise<LightMyRequestResponse>;

  beforeAll(async () => {
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Classroom Voice</title>');
    mkdirSync(join(webRoot, 'prerendered'));
    writeFileSync(join(webRoot, 'prerendered/login.html'), '<!doctype html><main>Log in</main>');
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'assets/main-abc123.js'), 'console.log(1)');
    writeFileSync(
      join(webRoot, 'assets/logo-abc123.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
    );
    mkdirSync(join(webRoot, 'shells'));
    writeFileSync(
      join(webRoot, 'shells/teacher.html'),
      '<!doctype html><title>Dashboard code</title>',
    );
    writeFileSync(
      join(webRoot, 'shells/teacher-area.html'),
      '<!doctype html><title>Area code</title>',
    );
    writeFileSync(
      join(webRoot, 'web-pages.json'),
      JSON.stringify({
        scriptHashes: [THEME_SCRIPT_HASH],
        prerendered: { '/login': 'prerendered/login.html' },
        routeShells: {
          '/teacher': 'shells/teacher.html',
          '/teacher/*': 'shells/teacher-area.html',
        },
        firstAnswers: { '/feedback-view/:accessKey': '/api/feedback-view/:accessKey' },
      }),
    );
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: webRoot });
    config.webRoot = webRoot;
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined });
    const { app } = await buildApp({ config, db: database.db });
    inject = (url) => app.inject({ url });
    close = async () => {
      await app.close();
      await database.close();
      rmSync(webRoot, { recursive: true, force: true });
    };
  });
  afterAll(async () => close());

  it.each([
    '/documents/brave-otter-blue-river/abcd1234',
    '/shared/abcdefghijklmnopqrstuvwxyz',
    '/student/feedback/abc',
  ])('%s is served with no-store', async (url) => {
    const page = await inject(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('a shared link may be kept by this browser only (back/forward cache), never shared caches', async () => {
    const page = await inject('/feedback-view/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('a shared link’s page preloads the answer it reads first; another page preloads none', async () => {
    const key = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    expect((await inject(`/feedback-view/${key}`)).headers.link).toBe(
      `</api/feedback-view/${key}>; rel=preload; as=fetch; crossorigin=use-credentials`,
    );
    expect((await inject('/feedback-view/a%3Cb%3E')).headers.link).toBeUndefined();
    expect((await inject('/shared/abc')).headers.link).toBeUndefined();
    expect((await inject('/login')).headers.link).toBeUndefined();
  });

  it('the CSP allows same-origin scripts and exactly the build’s inline script hashes', async () => {
    const csp = String((await inject('/login')).headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${THEME_SCRIPT_HASH};`);
    expect(csp).not.toContain("'unsafe-inline' 'sha256");
  });

  it('a prerendered public page is sent for its address, the shell when a query may change it', async () => {
    const login = await inject('/login');
    expect(login.body).toContain('<main>Log in</main>');
    expect(login.headers['cache-control']).toBe('no-cache');
    expect((await inject('/login?verified=1')).body).toContain('<title>Classroom Voice</title>');
    expect((await inject('/register')).body).toContain('<title>Classroom Voice</title>');
  });

  it('a route shell is sent for its address or prefix, with or without a query', async () => {
    expect((await inject('/teacher')).body).toContain('Dashboard code');
    expect((await inject('/teacher?tour=1')).body).toContain('Dashboard code');
    expect((await inject('/teacher/documents')).body).toContain('Area code');
    expect((await inject('/teacher/document/7?tab=audio')).body).toContain('Area code');
    expect((await inject('/teachers')).body).toContain('<title>Classroom Voice</title>');
    expect((await inject('/teacher/documents')).headers['cache-control']).toBe('no-cache');
  });

  it('a built script carries the headers that apply to it, not a document’s policies', async () => {
    const script = await inject('/assets/main-abc123.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    // An SVG can run script when opened on its own: it keeps the whole set, as pages do.
    const svg = await inject('/assets/logo-abc123.svg');
    expect(svg.headers['content-security-policy']).toContain("script-src 'self'");
    expect(
      (await inject('/assets/main-abc123.js/../../teacher')).headers['content-security-policy'],
    ).toBeDefined();
    expect((await inject('/teacher')).headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('other pages may be revalidated', async () => {
    expect((await inject('/documents')).headers['cache-control']).toBe('no-cache');
  });
});
