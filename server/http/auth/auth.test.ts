import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, mailOutbox, teachers } from '../../db/schema';
import { hashToken } from '../../platform/secrets';
import {
  sessionCookie,
  startTestApp,
  type TestApp,
  testBackends,
  uniqueEmail,
} from '../../test/harness';
import { firstLink, startSmtpCapture } from '../../test/smtp-capture';

const PASSWORD = 'correct horse battery';

describe.each(testBackends())('teacher accounts on %s', (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp(backend, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://cv.test' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const post = (url: string, payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });

  const register = (email: string, overrides: Record<string, unknown> = {}) =>
    post('/api/auth/register', {
      email,
      firstName: 'Rosa',
      lastName: 'Parks',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      profileImageUrl: null,
      ...overrides,
    });

  /** Follows the link in the e-mail the way a browser would, returning where it lands. */
  async function followVerificationMail(email: string) {
    // Each e-mail is a deliver-mail job: the test runs the queued jobs, then looks.
    await t.ctx.jobs.drain();
    const mail = await smtp.waitForMail(email, /Verify your Classroom Voice/);
    const link = new URL(firstLink(mail.text));
    expect(link.origin).toBe('http://cv.test');
    const response = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(response.statusCode).toBe(303);
    return response.headers.location;
  }

  it('registers, e-mails a link over SMTP, verifies once, then signs in and out', async () => {
    const email = uniqueEmail();
    const registered = await register(email);
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toEqual({
      message: expect.stringMatching(/verify/i),
      requiresVerification: true,
    });

    const beforeVerify = await post('/api/auth/login', { email, password: PASSWORD });
    expect(beforeVerify.statusCode).toBe(403);
    expect(beforeVerify.json()).toEqual({
      message:
        'Please verify your email address. A new verification email has been sent to your inbox.',
      code: 'email_not_verified',
    });

    expect(await followVerificationMail(email)).toBe('/login?verified=true');

    const login = await post('/api/auth/login', { email: email.toUpperCase(), password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const user = login.json();
    expect(user).toMatchObject({
      email,
      firstName: 'Rosa',
      lastName: 'Parks',
      emailVerified: true,
      isBlocked: false,
    });
    expect(user).not.toHaveProperty('passwordHash');
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookie = sessionCookie(login, 'cv_session');

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
    // A new account starts with high privacy: View Marked Work asks for the pupil's code.
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { cookie },
    });
    expect(settings.json().preferences.markedWorkProtection).toBe(true);

    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(logout.statusCode).toBe(303);
    expect(logout.headers.location).toBe('/login');
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('answers 401 with the error shape when signed out', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Not authenticated', code: 'unauthorized' });
  });

  it('treats a used, an expired and a made-up verification link as the spec says', async () => {
    const email = uniqueEmail();
    await register(email);
    await t.ctx.jobs.drain();
    const mail = await smtp.waitForMail(email, /Verify your Classroom Voice/);
    const link = new URL(firstLink(mail.text));
    const path = link.pathname + link.search;
    expect((await t.app.inject({ url: path })).headers.location).toBe('/login?verified=true');
    expect((await t.app.inject({ url: path })).headers.location).toBe('/login?invalid=true');
    expect(
      (await t.app.inject({ url: '/api/auth/verify-email?token=nonsense' })).headers.location,
    ).toBe('/login?invalid=true');
    expect((await t.app.inject({ url: '/api/auth/verify-email' })).headers.location).toBe(
      '/login?invalid=true',
    );

    const other = uniqueEmail();
    await register(other);
    await t.ctx.jobs.drain();
    const otherMail = await smtp.waitForMail(other, /Verify your Classroom Voice/);
    const token = new URL(firstLink(otherMail.text)).searchParams.get('token')!;
    await t.ctx.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashToken(token)));
    const expired = await t.app.inject({ url: `/api/auth/verify-email?token=${token}` });
    expect(expired.headers.location).toBe('/login?expired=true');
  });

  it('gives one generic message for a wrong password and an unknown e-mail', async () => {
    const email = uniqueEmail();
    await register(email);
    await followVerificationMail(email);
    const wrong = await post('/api/auth/login', { email, password: 'not the password' });
    const unknown = await post('/api/auth/login', { email: uniqueEmail(), password: PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Invalid email or password');
  });

  it('does not reveal whether an address is registered, and tells its owner instead', async () => {
    const email = uniqueEmail();
    await register(email);
    await followVerificationMail(email);
    const again = await register(email, {
      firstName: 'Someone',
      password: 'another-pass',
      confirmPassword: 'another-pass',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().requiresVerification).toBe(true);
    await t.ctx.jobs.drain();
    await smtp.waitForMail(email, /already have a Classroom Voice account/);
    const rows = await t.ctx.db.select().from(teachers).where(eq(teachers.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.firstName).toBe('Rosa');
  });

  it.each([
    [{}, 'Please enter a valid email address'],
    [{ email: 'no-at-sign' }, 'Please enter a valid email address'],
    [{ password: '12345', confirmPassword: '12345' }, 'Password must be at least 6 characters'],
    [{ confirmPassword: 'different' }, 'Passwords do not match'],
    [{ email: 42 }, 'Please enter a valid email address'],
  ])(
    'rejects bad registration %j with its message and creates nothing',
    async (overrides, message) => {
      const email = uniqueEmail();
      const body = { email, password: PASSWORD, confirmPassword: PASSWORD, ...overrides };
      if (Object.keys(overrides).length === 0) delete (body as Partial<typeof body>).email;
      const response = await post('/api/auth/register', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, code: 'validation_error' });
      expect(await t.ctx.db.select().from(teachers).where(eq(teachers.email, email))).toHaveLength(
        0,
      );
    },
  );

  it.each([
    [{ password: PASSWORD }, 'Please enter a valid email address'],
    [{ email: 'a@b.c' }, 'Please enter your password'],
    [{ email: 'a@b.c', password: '' }, 'Please enter your password'],
  ])('rejects bad sign-in %j', async (body, message) => {
    const response = await post('/api/auth/login', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses malformed, non-JSON and oversized bodies with a clear message', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      message: 'Request body is not valid JSON',
      code: 'invalid_json',
    });

    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@b.c&password=x',
    });
    expect(form.statusCode).toBe(415);

    const huge = await post('/api/auth/register', {
      email: uniqueEmail(),
      password: 'x'.repeat(2_000_000),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('payload_too_large');
  });

  it('refuses a state-changing request that the browser marks cross-site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email: 'a@b.c', password: 'x' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('cross_site_request');
  });

  it('locks an account after 10 failed sign-ins, even with the right password', async () => {
    const email = uniqueEmail();
    await register(email);
    await followVerificationMail(email);
    for (let i = 0; i < 10; i += 1) {
      expect((await post('/api/auth/login', { email, password: `wrong-${i}` })).statusCode).toBe(
        401,
      );
    }
    const locked = await post('/api/auth/login', { email, password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: 'too_many_attempts',
      message: expect.stringMatching(/Too many attempts/),
    });
  });

  it('limits registrations per address', async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await register(email)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });

  it('records every message in the outbox with its delivery time, without its secret link once sent', async () => {
    const email = uniqueEmail();
    await register(email);
    await t.ctx.jobs.drain();
    await smtp.waitForMail(email, /Verify/);
    const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.textBody).toBe('[delivered]');
    expect(row?.subject).toMatch(/Verify/);
  });
});
