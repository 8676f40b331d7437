import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { documents, students } from '../../db/schema';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import { sessionCookie, startTestApp, type TestApp, testBackends } from '../../test/harness';
import { readZip } from '../../test/read-zip';
import { pupilWithEverything } from '../students/pupils.test-support';

type Teacher = Awaited<ReturnType<typeof signedInTeacher>>;

describe.each(testBackends())("the administrator and a teacher's pupils on %s", (backend) => {
  let t: TestApp;
  let adminCookie: string;
  let grace: Teacher;
  let alan: Teacher;
  let graceKey: string;
  let alanKey: string;

  beforeAll(async () => {
    t = await startTestApp(backend, { PUBLIC_URL: 'http://cv.test' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'admin-test-password' },
    });
    adminCookie = sessionCookie(login, 'cv_admin');
    grace = await signedInTeacher(t, 'Grace');
    alan = await signedInTeacher(t, 'Alan');
    graceKey = (await classroomKeyOf(t, grace.cookie)).keyId;
    alanKey = (await classroomKeyOf(t, alan.cookie)).keyId;
  });
  afterAll(async () => t?.close());

  const asAdmin = (method: 'GET' | 'DELETE', url: string, cookie = adminCookie) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {} });
  const base = (teacherId: number | string) => `/api/admin/teachers/${teacherId}/students`;
  const pupilNamed = async (teacher: Teacher, name: string) => {
    const all = await t.ctx.db
      .select()
      .from(students)
      .where(eq(students.teacherId, teacher.teacher.id));
    const pupil = all.find((s) => s.name === name);
    if (!pupil) throw new Error(`no pupil ${name}`);
    return pupil;
  };

  it("lists a teacher's pupils with counts and nothing the administrator does not need", async () => {
    await handIn(t, graceKey, { firstName: 'Olive', surnameInitials: 'Tw', title: 'Rivers' });
    await handIn(t, graceKey, { firstName: 'Olive', surnameInitials: 'Tw', title: 'Mountains' });
    await handIn(t, alanKey, { firstName: 'Bram', surnameInitials: 'St' });
    const list = await asAdmin('GET', base(grace.teacher.id));
    expect(list.statusCode).toBe(200);
    const olive = list.json().find((p: { name: string }) => p.name === 'Olive');
    expect(Object.keys(olive).sort()).toEqual(
      [
        'createdAt',
        'displayName',
        'documents',
        'id',
        'name',
        'parentReports',
        'surname',
        'surnameInitials',
        'yearGroup',
      ].sort(),
    );
    expect(olive).toMatchObject({
      displayName: 'Olive TW',
      surnameInitials: 'TW',
      documents: 2,
      parentReports: 0,
    });
    // Alan's pupil is not Grace's.
    expect(list.json().some((p: { name: string }) => p.name === 'Bram')).toBe(false);
    const alanList = (await asAdmin('GET', base(alan.teacher.id))).json();
    expect(alanList.map((p: { name: string }) => p.name)).toEqual(['Bram']);
  });

  it('answers 401 to a teacher session or no session, and changes nothing', async () => {
    const bram = await pupilNamed(alan, 'Bram');
    const urls = [
      ['GET', base(alan.teacher.id)],
      ['GET', `${base(alan.teacher.id)}/${bram.id}/footprint`],
      ['GET', `${base(alan.teacher.id)}/${bram.id}/export`],
      ['DELETE', `${base(alan.teacher.id)}/${bram.id}`],
    ] as const;
    for (const cookie of [alan.cookie, '', 'cv_admin=forged']) {
      for (const [method, url] of urls) {
        const response = await asAdmin(method, url, cookie);
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json()).toEqual({
          message: 'Administrator Access Required',
          code: 'admin_required',
        });
      }
    }
    expect(await t.ctx.db.select().from(students).where(eq(students.id, bram.id))).toHaveLength(1);
  });

  it('answers 404 for a pupil of another teacher, an unknown teacher, or an id that is not decimal', async () => {
    const bram = await pupilNamed(alan, 'Bram');
    // Bram exists, but under Grace's id he is nobody.
    for (const [method, suffix] of [
      ['GET', '/footprint'],
      ['GET', '/export'],
      ['DELETE', ''],
    ] as const) {
      const response = await asAdmin(method, `${base(grace.teacher.id)}/${bram.id}${suffix}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Student not found');
    }
    expect(await t.ctx.db.select().from(students).where(eq(students.id, bram.id))).toHaveLength(1);

    const unknownTeacher = await asAdmin('GET', base(2_000_000_000));
    expect(unknownTeacher.statusCode).toBe(404);
    expect(unknownTeacher.json().message).toBe('User not found');
    expect((await asAdmin('DELETE', `${base(2_000_000_000)}/${bram.id}`)).statusCode).toBe(404);
    for (const id of ['0x1', '1e1', '01', '-1', '1.0', '99999999999', '%201']) {
      expect((await asAdmin('GET', base(id))).statusCode, id).toBe(404);
      expect((await asAdmin('DELETE', `${base(alan.teacher.id)}/${id}`)).statusCode, id).toBe(404);
    }
    expect(await t.ctx.db.select().from(students).where(eq(students.id, bram.id))).toHaveLength(1);
  });

  it('exports the same zip as the teacher gets, then erases the pupil and no one else', {
    timeout: 180_000,
  }, async () => {
    const p = await pupilWithEverything(t, graceKey, grace, 'Juniper', 'QX');
    const others = await t.ctx.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.teacherId, grace.teacher.id));
    const otherDocuments = await t.ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.teacherId, grace.teacher.id));
    const url = `${base(grace.teacher.id)}/${p.student.id}`;
    const info = vi.spyOn(t.app.log, 'info');

    const listed = (await asAdmin('GET', base(grace.teacher.id)))
      .json()
      .find((row: { id: number }) => row.id === p.student.id);
    expect(listed).toMatchObject({ documents: 2, parentReports: 1, yearGroup: 'Year 6' });
    expect((await asAdmin('GET', `${url}/footprint`)).json()).toEqual({
      documents: 2,
      feedback: 2,
      audioRecordings: 1,
      shareLinks: 1,
      parentReports: 1,
      reportLinks: 1,
      videos: 1,
      files: 4,
    });

    const exported = await asAdmin('GET', `${url}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    expect(exported.headers['content-disposition']).toMatch(
      /attachment; filename\*=UTF-8''pupil-juniper-qxttersby-/,
    );
    expect(exported.headers['cache-control']).toBe('no-store');
    const entries = await readZip(exported.rawPayload);
    const teacherCopy = await readZip(
      (
        await t.app.inject({
          url: `/api/students/${p.student.id}/export`,
          headers: { cookie: grace.cookie },
        })
      ).rawPayload,
    );
    expect([...entries.keys()].sort()).toEqual([...teacherCopy.keys()].sort());
    const index = JSON.parse(entries.get('index.json')!.toString('utf8'));
    expect(index.pupil.id).toBe(p.student.id);
    expect(index.documents).toHaveLength(2);
    expect([...entries.keys()].filter((name) => name.includes('/as-handed-in/'))).toHaveLength(2);
    expect([...entries.keys()].some((name) => name.endsWith('/video.mp4'))).toBe(true);

    const erased = await asAdmin('DELETE', url);
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({
      message: 'Student deleted',
      erased: { documents: 2, files: 4 },
    });
    await t.ctx.jobs.drain();
    expect(await t.ctx.db.select().from(students).where(eq(students.id, p.student.id))).toEqual([]);
    expect((await asAdmin('GET', `${url}/footprint`)).statusCode).toBe(404);
    expect((await asAdmin('DELETE', url)).statusCode).toBe(404);
    const teacherView = await t.app.inject({
      url: `/api/students/${p.student.id}`,
      headers: { cookie: grace.cookie },
    });
    expect(teacherView.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/feedback-view/${p.shareKey}` })).statusCode).toBe(404);
    // Every other pupil of the teacher, and their hand-ins, are still there.
    const left = await t.ctx.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.teacherId, grace.teacher.id));
    expect(left.map((s) => s.id).sort()).toEqual(
      others
        .map((s) => s.id)
        .filter((id) => id !== p.student.id)
        .sort(),
    );
    const leftDocuments = await t.ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.teacherId, grace.teacher.id));
    const erasedDocumentIds = p.documents.map((d: { id: number }) => d.id);
    expect(leftDocuments.map((d) => d.id).sort()).toEqual(
      otherDocuments
        .map((d) => d.id)
        .filter((id) => !erasedDocumentIds.includes(id))
        .sort(),
    );
    expect(leftDocuments.length).toBeGreaterThan(0);

    // One audit line per action, with ids and no trace of the child's name.
    const auditLines = info.mock.calls.filter(
      ([fields]) => typeof fields === 'object' && fields !== null && 'audit' in fields,
    );
    expect(auditLines.map(([fields]) => fields)).toEqual([
      {
        audit: 'pupil-export',
        admin: 'admin',
        teacherId: grace.teacher.id,
        studentId: p.student.id,
      },
      {
        audit: 'pupil-erase',
        admin: 'admin',
        teacherId: grace.teacher.id,
        studentId: p.student.id,
      },
    ]);
    expect(JSON.stringify(auditLines)).not.toMatch(/Juniper|ttersby/i);
    info.mockRestore();
  });
});
