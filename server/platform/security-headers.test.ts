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

  it('puts the same strict policy on answers, errors and unknown addresses alike', async () => {
    for (const url of ['/api/health', '/api/auth/user', '/api/no-such-thing']) {
      const { headers } = await plain.app.inject({ url });
      expect(directivesOf(headers['content-security-policy'])).toEqual({
        'default-src': "'self'",
        'script-src': "'self'",
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

  it('behind a trusted proxy asks for HTTPS and upgrades insecure requests', async () => {
    const { headers } = await proxied.app.inject({ url: '/api/health' });
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
