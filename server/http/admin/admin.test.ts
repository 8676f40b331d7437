import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documents,
  emailTokens,
  files,
  jobs,
  mailOutbox,
  students,
  teacherSessions,
  teachers,
} from '../../db/schema';
import { REMOVE_STORED_FILES_JOB } from '../../platform/file-removal';
import { hashPassword } from '../../platform/secrets';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import {
  sessionCookie,
  startTestApp,
  type TestApp,
  testBackends,
  uniqueEmail,
} from '../../test/harness';

const PASSWORD = 'pupils-first-2026';

describe.each(testBackends())('admin portal on %s', (backend) => {
  let t: TestApp;
  let adminCookie: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'admin-test-password' },
    });
    expect(login.statusCode).toBe(200);
    adminCookie = sessionCookie(login, 'cv_admin');
  });
  afterAll(async () => t?.close());

  async function createTeacher(verified = true) {
    const email = uniqueEmail();
    const [teacher] = await t.ctx.db
      .insert(teachers)
      .values({
        email,
        passwordHash: await hashPassword(PASSWORD),
        firstName: 'Ada',
        emailVerifiedAt: verified ? new Date() : null,
      })
      .returning();
    return teacher!;
  }

  const teacherLogin = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
    });
  const asAdmin = (method: 'GET' | 'POST' | 'DELETE', url: string) =>
    t.app.inject({ method, url, headers: { cookie: adminCookie } });

  it('signs in with the configured credentials only', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      message: 'Invalid username or password',
      code: 'invalid_credentials',
    });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: 'x' },
    });
    expect(missing.json().message).toBe('Username is required');
    const noPassword = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin' },
    });
    expect(noPassword.json().message).toBe('Password is required');
    const session = await asAdmin('GET', '/api/admin/session');
    expect(session.json()).toEqual({ username: 'admin' });
  });

  it('never grants admin rights from a header or a teacher session', async () => {
    const teacher = await createTeacher();
    const teacherCookie = sessionCookie(await teacherLogin(teacher.email), 'cv_session');
    for (const headers of [
      {},
      { 'x-admin-override': 'true', 'x-admin': 'true', authorization: 'Bearer admin' },
      { cookie: teacherCookie },
      { cookie: 'cv_admin=forged-session-id' },
    ]) {
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers });
      expect(list.statusCode).toBe(401);
      expect(list.json()).toEqual({
        message: 'Administrator Access Required',
        code: 'admin_required',
      });
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${teacher.id}`,
        headers,
      });
      expect(del.statusCode).toBe(401);
    }
    expect(await t.ctx.db.select().from(teachers).where(eq(teachers.id, teacher.id))).toHaveLength(
      1,
    );
  });

  it('keeps admin and teacher sessions apart', async () => {
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: adminCookie },
    });
    expect(me.statusCode).toBe(401);
  });

  it('lists teachers without secrets', async () => {
    const teacher = await createTeacher(false);
    const list = await asAdmin('GET', '/api/admin/users');
    expect(list.statusCode).toBe(200);
    const row = list.json().find((u: { id: number }) => u.id === teacher.id);
    expect(row).toMatchObject({
      email: teacher.email,
      emailVerified: false,
      isBlocked: false,
      lastLoginAt: null,
    });
    expect(JSON.stringify(list.json())).not.toContain('scrypt');
  });

  it('verifies a pending teacher, who can then sign in', async () => {
    const teacher = await createTeacher(false);
    expect((await teacherLogin(teacher.email)).statusCode).toBe(403);
    const verified = await asAdmin('POST', `/api/admin/users/${teacher.id}/verify`);
    expect(verified.json()).toMatchObject({ id: teacher.id, emailVerified: true });
    expect((await teacherLogin(teacher.email)).statusCode).toBe(200);
  });

  it('blocks a teacher: sessions end at once and sign-in is refused until unblocked', async () => {
    const teacher = await createTeacher();
    const cookie = sessionCookie(await teacherLogin(teacher.email), 'cv_session');
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(
      200,
    );

    const blocked = await asAdmin('POST', `/api/admin/users/${teacher.id}/block`);
    expect(blocked.json()).toMatchObject({ isBlocked: true });
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(
      401,
    );
    const refused = await teacherLogin(teacher.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('account_blocked');

    const unblocked = await asAdmin('POST', `/api/admin/users/${teacher.id}/unblock`);
    expect(unblocked.json()).toMatchObject({ isBlocked: false });
    expect((await teacherLogin(teacher.email)).statusCode).toBe(200);
  });

  it('deletes a teacher and everything the teacher owns', async () => {
    const teacher = await createTeacher(false);
    await teacherLogin(teacher.email); // leaves a verification token and an outbox row
    await t.ctx.db
      .update(teachers)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(teachers.id, teacher.id));
    await teacherLogin(teacher.email); // leaves a session
    expect(
      await t.ctx.db
        .select()
        .from(teacherSessions)
        .where(eq(teacherSessions.teacherId, teacher.id)),
    ).toHaveLength(1);

    const deleted = await asAdmin('DELETE', `/api/admin/users/${teacher.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await t.ctx.db.select().from(teachers).where(eq(teachers.id, teacher.id))).toHaveLength(
      0,
    );
    expect(
      await t.ctx.db
        .select()
        .from(teacherSessions)
        .where(eq(teacherSessions.teacherId, teacher.id)),
    ).toHaveLength(0);
    expect(
      await t.ctx.db.select().from(emailTokens).where(eq(emailTokens.teacherId, teacher.id)),
    ).toHaveLength(0);
    expect(
      await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.teacherId, teacher.id)),
    ).toHaveLength(0);
    expect((await asAdmin('DELETE', `/api/admin/users/${teacher.id}`)).statusCode).toBe(404);
  });

  it('deletes the teacher’s stored files and pupils’ work too', async () => {
    const { cookie, teacher } = await signedInTeacher(t, 'Mary');
    const { keyId } = await classroomKeyOf(t, cookie);
    const { id } = (await handIn(t, keyId)).json();
    const [file] = await t.ctx.db.select().from(files).where(eq(files.teacherId, teacher.id));
    expect(await t.ctx.files.stat(file!.storageKey)).not.toBeNull();
    expect((await asAdmin('DELETE', `/api/admin/users/${teacher.id}`)).statusCode).toBe(200);
    // The removal is a durable job committed with the delete: a crash cannot strand the bytes.
    const [removal] = await t.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, REMOVE_STORED_FILES_JOB));
    expect(removal?.payload).toEqual({ storageKeys: [file!.storageKey] });
    await t.ctx.jobs.drain();
    expect(await t.ctx.files.stat(file!.storageKey)).toBeNull();
    expect(await t.ctx.db.select().from(documents).where(eq(documents.id, id))).toHaveLength(0);
    expect(
      await t.ctx.db.select().from(students).where(eq(students.teacherId, teacher.id)),
    ).toHaveLength(0);
  });

  it.each(['verify', 'block', 'unblock'])(
    'answers 404 for %s of an unknown user and 400 for a bad id',
    async (action) => {
      const unknown = await asAdmin('POST', `/api/admin/users/999999/${action}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'User not found', code: 'not_found' });
      const bad = await asAdmin('POST', `/api/admin/users/abc/${action}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'User id must be a number', code: 'validation_error' });
      const huge = await asAdmin('POST', `/api/admin/users/99999999999999/${action}`);
      expect(huge.statusCode).toBe(400);
    },
  );

  it('signs the administrator out', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'admin-test-password' },
    });
    const cookie = sessionCookie(login, 'cv_admin');
    await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
    expect(
      (await t.app.inject({ url: '/api/admin/session', headers: { cookie } })).statusCode,
    ).toBe(401);
  });
});

describe('generated administrator password', () => {
  it('is created once, printed once, and works', async () => {
    const { ensureAdminCredentials } = await import('../../records/admin/credentials');
    const t = await startTestApp('pglite', { ADMIN_PASSWORD: '' });
    const lines: string[] = [];
    const ctx = {
      ...t.ctx,
      log: { ...t.ctx.log, warn: (line: string) => lines.push(line) } as never,
    };
    await ensureAdminCredentials(ctx);
    await ensureAdminCredentials(ctx);
    expect(lines).toHaveLength(1);
    const password = lines[0]!.match(/Password: (\S+)/)![1]!;
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password },
    });
    expect(ok.statusCode).toBe(200);
    await t.close();
  });
});
