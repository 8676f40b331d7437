import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInTeacher } from '../test/fixtures';
import { startTestApp, type TestApp } from '../test/harness';
import { loggedRoutes } from './log-redaction';

/*
 * Every registered route, called with a secret in each parameter it does not declare a
 * record id: no secret may reach the log, whatever the route answers. A new route is
 * walked without being listed here.
 */
describe('capabilities in addresses never reach the log', () => {
  let t: TestApp;
  let cookie: string;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(
      'pglite',
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    cookie = (await signedInTeacher(t)).cookie;
  });
  afterAll(async () => t?.close());

  const secret = () => `S${randomBytes(21).toString('base64url')}`;

  it('writes every route’s secret parameters as [redacted]', async () => {
    const routes = loggedRoutes(t.app).filter((route) => route.url.includes(':'));
    const withSecrets = routes.filter((route) =>
      (route.url.match(/:[A-Za-z0-9_]+/g) ?? []).some(
        (param) => !route.loggableParams.includes(param.slice(1)),
      ),
    );
    // The capabilities this rule exists for are among them.
    for (const url of [
      '/api/shared/:key',
      '/api/shared/:key/video',
      '/api/videos/:id',
      '/api/audio/:fileId',
      '/api/uploads/:fileId',
      '/api/feedback-view/:accessKey',
      '/documents/:phrase/:uniqueId/file',
      '/api/classroom-keys/:id',
    ]) {
      expect(withSecrets.map((route) => route.url)).toContain(url);
    }

    const secrets: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) => {
        if (route.loggableParams.includes(name)) return '12';
        const value = secret();
        secrets.push(value);
        return value;
      });
      for (const session of [undefined, cookie]) {
        const before = lines.length;
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: session ? { cookie: session } : {},
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
        const written = lines.slice(before).join('');
        expect(written, `${route.method} ${route.url}`).toContain('request completed');
      }
    }
    expect(secrets.length).toBeGreaterThan(40);
    const log = lines.join('');
    for (const value of secrets) expect(log).not.toContain(value);
    expect(log).toContain('"url":"/api/shared/[redacted]/video"');
    expect(log).toContain('"url":"/api/documents/12"');
  });

  it('writes the web client’s secret pages by their first segment only', async () => {
    const key = secret();
    for (const path of [
      `/shared/${key}`,
      `/feedback-view/${key}`,
      `/documents/brave-otter-blue-river/${key}`,
      `/student/feedback/${key}?firstName=Maya`,
    ]) {
      await t.app.inject({ url: path });
    }
    expect(lines.join('')).not.toContain(key);
    expect(lines.join('')).not.toContain('brave-otter');
  });
});
