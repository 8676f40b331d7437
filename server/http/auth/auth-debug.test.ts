import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInTeacher } from '../../test/fixtures';
import { sessionCookie, startTestApp, type TestApp, testBackends } from '../../test/harness';

describe.each(testBackends())('/api/auth/debug on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const debug = (cookie?: string) =>
    t.app.inject({ url: '/api/auth/debug', headers: cookie ? { cookie } : {} });

  it('shows a teacher their own session: role, expiry and cookie flags, never the token', async () => {
    const { teacher, cookie } = await signedInTeacher(t, 'Dorothy');
    const response = await debug(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { sessions } = response.json();
    expect(sessions).toEqual([
      {
        role: 'teacher',
        account: teacher.email,
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        cookie: { name: 'cv_session', httpOnly: true, secure: false, sameSite: 'lax', path: '/' },
      },
    ]);
    const days = (Date.parse(sessions[0].expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    expect(response.body).not.toContain(cookie.split('=')[1]);
  });

  it('shows an administrator theirs', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'admin-test-password' },
    });
    const cookie = sessionCookie(login, 'cv_admin');
    const { sessions } = (await debug(cookie)).json();
    expect(sessions).toEqual([
      expect.objectContaining({
        role: 'administrator',
        account: 'admin',
        cookie: expect.objectContaining({ name: 'cv_admin', httpOnly: true }),
      }),
    ]);
  });

  it('is not found to anyone without a live session', async () => {
    const { cookie } = await signedInTeacher(t, 'Hedy');
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    for (const response of [
      await debug(),
      await debug('cv_session=made-up-token'),
      await debug(cookie),
      await debug('cv_admin=made-up-token'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found', code: 'not_found' });
    }
  });
});
