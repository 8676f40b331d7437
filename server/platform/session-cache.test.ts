import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teacherSessions } from '../db/schema';
import { findTeacherBySession } from '../records/teachers';
import { signedInTeacher } from '../test/fixtures';
import { sessionCookie, startTestApp, type TestApp, testBackends } from '../test/harness';
import { SESSION_CACHE_MS } from './session-cache';

describe.each(testBackends())('session lookups cached in memory on %s', (backend) => {
  let t: TestApp;
  let adminCookie: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'admin-test-password' },
    });
    adminCookie = sessionCookie(login, 'cv_admin');
  });
  afterAll(async () => t?.close());

  const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1] ?? '');
  const whoAmI = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  const asAdmin = (method: 'POST' | 'DELETE', url: string) =>
    t.app.inject({ method, url, headers: { cookie: adminCookie } });

  it('answers from memory for a few seconds, then asks the database again', async () => {
    const { teacher, cookie } = await signedInTeacher(t, 'Cache');
    const now = new Date();
    expect((await findTeacherBySession(t.ctx.db, tokenOf(cookie), now))?.id).toBe(teacher.id);
    // Removed behind the cache's back (no invalidation): still answered from memory...
    await t.ctx.db.delete(teacherSessions).where(eq(teacherSessions.teacherId, teacher.id));
    expect((await findTeacherBySession(t.ctx.db, tokenOf(cookie), now))?.id).toBe(teacher.id);
    // ...until the cached answer is older than SESSION_CACHE_MS.
    const later = new Date(now.getTime() + SESSION_CACHE_MS + 1);
    expect(await findTeacherBySession(t.ctx.db, tokenOf(cookie), later)).toBeNull();
  });

  it('forgets a session at logout', async () => {
    const { cookie } = await signedInTeacher(t, 'Logout');
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await whoAmI(cookie)).statusCode).toBe(401);
  });

  it('forgets every session of a teacher the administrator blocks', async () => {
    const { teacher, cookie } = await signedInTeacher(t, 'Blocked');
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/users/${teacher.id}/block`)).statusCode).toBe(200);
    expect((await whoAmI(cookie)).statusCode).toBe(401);
  });

  it('forgets every session of a teacher the administrator deletes', async () => {
    const { teacher, cookie } = await signedInTeacher(t, 'Deleted');
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/api/admin/users/${teacher.id}`)).statusCode).toBe(200);
    expect((await whoAmI(cookie)).statusCode).toBe(401);
  });
});
