import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness';

function directivesOf(policy: unknown): Record<string, string> {
  return Object.fromEntries(
    String(policy)
      .split(';')
      .map((directive) => {
        const [name, ...values] = directive.trim().split(' ');
        return [name, values.join(' ')];
      }),
  );
}

describe('security headers', () => {
  let plain: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    plain = await startTestApp('pglite');
    proxied = await startTestApp('pglite', { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await plain?.close();
    await proxied?.close();
  });

  it('puts the page policy on pages and the API reference, whatever their answer', async () => {
    for (const url of ['/login', '/teacher', '/no-such-page', '/api/docs']) {
      const { headers } = await plain.app.inject({ url });
      expect(directivesOf(headers['content-security-policy']), url).toEqual({
        'default-src': "'self'",
        'script-src': expect.stringMatching(/^'self'/),
        'script-src-attr': "'none'",
        'style-src': "'self' 'unsafe-inline'",
        'img-src': "'self' data: blob:",
        'media-src': "'self' blob:",
        'connect-src': "'self'",
        'font-src': "'self' data:",
        'object-src': "'none'",
        'frame-ancestors': "'none'",
        'base-uri': "'self'",
        'form-action': "'self'",
      });
      expect(headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
      });
      // HSTS only means something behind HTTPS (a trusted proxy).
      expect(headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('puts the strictest policy on API answers, errors and unknown API addresses alike', async () => {
    for (const url of ['/api/health', '/api/auth/user', '/api/no-such-thing', '/api/docsx']) {
      const { headers } = await plain.app.inject({ url });
      expect(headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
      });
      // What governs only a page is not sent with data.
      for (const name of [
        'cross-origin-opener-policy',
        'x-xss-protection',
        'origin-agent-cluster',
      ]) {
        expect(headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
  });

  it('behind a trusted proxy asks for HTTPS and upgrades insecure requests', async () => {
    for (const url of ['/login', '/api/health']) {
      const { headers } = await proxied.app.inject({ url });
      expect(headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
    const page = await proxied.app.inject({ url: '/login' });
    expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
