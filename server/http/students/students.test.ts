import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_MESSAGES } from '../../../contract/students';
import { UNSTORABLE_TEXT } from '../../../contract/text';
import { parentReports } from '../../db/schema';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

describe.each(testBackends())('pupil directory on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let stranger: Awaited<ReturnType<typeof signedInTeacher>>;
  let keyId: string;

  beforeAll(async () => {
    t = await startTestApp(backend, { PUBLIC_URL: 'http://cv.test' });
    owner = await signedInTeacher(t, 'Grace');
    stranger = await signedInTeacher(t, 'Ada');
    keyId = (await classroomKeyOf(t, owner.cookie)).keyId;
  });
  afterAll(async () => t?.close());

  const as = (
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const valid = { name: 'Ruby', grade: '4', yearGroup: 'Year 4' };

  it('lists the teacher’s own pupils, those who handed in work included, and nobody else’s', async () => {
    const teacher = await signedInTeacher(t, 'Lin');
    const other = await signedInTeacher(t, 'Ola');
    const key = (await classroomKeyOf(t, teacher.cookie)).keyId;
    expect((await handIn(t, key, { firstName: 'Zara', surnameInitials: 'ok' })).statusCode).toBe(
      200,
    );
    expect((await handIn(t, key, { firstName: 'maya', surnameInitials: 'pa' })).statusCode).toBe(
      200,
    );
    const list = await as(teacher.cookie, 'GET', '/api/students');
    expect(list.json().map((s: { displayName: string }) => s.displayName)).toEqual([
      'maya PA',
      'Zara OK',
    ]);
    expect(list.json()[0]).toMatchObject({ yearGroup: 'Year 6', parentEmail: null });
    // Hand-ins give the pupil a personal code too.
    expect(list.json()[0].pupilCode).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect((await as(other.cookie, 'GET', '/api/students')).json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/students' })).statusCode).toBe(401);
  });

  it('asks for the one year field the school counts by: a grade, or a year group (Settings)', async () => {
    const teacher = await signedInTeacher(t, 'Una');
    const add = (body: object) => as(teacher.cookie, 'POST', '/api/students', body);
    // By grade (the default): the grade is required, a year group is optional.
    expect((await add({ name: 'Ivy', yearGroup: 'Year 4' })).json().message).toBe(
      STUDENT_MESSAGES.gradeRequired,
    );
    const switched = await as(teacher.cookie, 'PUT', '/api/settings', { schoolYear: 'yearGroup' });
    expect(switched.json().preferences.schoolYear).toBe('yearGroup');
    // By year group: no grade needed, the year group is.
    for (const [yearGroup, message] of [
      [undefined, STUDENT_MESSAGES.yearGroupRequired],
      ['', STUDENT_MESSAGES.yearGroupRequired],
      ['Year 14', STUDENT_MESSAGES.yearGroupInvalid],
    ] as const) {
      const refused = await add({ name: 'Ivy', yearGroup });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect((await add({ name: 'Ivy', grade: '13', yearGroup: 'Year 4' })).json().message).toBe(
      STUDENT_MESSAGES.gradeInvalid,
    );
    const added = await add({ name: 'Ivy', yearGroup: 'Year 4', grade: '' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ name: 'Ivy', yearGroup: 'Year 4', grade: null });
    // A grade the record already has is kept when the form sends it back.
    const edited = await as(teacher.cookie, 'PUT', `/api/students/${added.json().id}`, {
      name: 'Ivy',
      yearGroup: 'Year 5',
      grade: '4',
    });
    expect(edited.json()).toMatchObject({ yearGroup: 'Year 5', grade: '4' });
    expect(
      (await as(teacher.cookie, 'PUT', '/api/settings', { schoolYear: 'term' })).statusCode,
    ).toBe(400);
  });

  it.each([
    [{ name: undefined }, STUDENT_MESSAGES.nameRequired],
    [{ name: '   ' }, STUDENT_MESSAGES.nameRequired],
    [{ grade: undefined }, STUDENT_MESSAGES.gradeRequired],
    [{ grade: '' }, STUDENT_MESSAGES.gradeRequired],
    [{ grade: '13' }, STUDENT_MESSAGES.gradeInvalid],
    [{ yearGroup: 'Year 14' }, STUDENT_MESSAGES.yearGroupInvalid],
    [{ email: 'not-an-address' }, 'Please enter a valid email address'],
    [{ parentEmail: 'parent@' }, 'Please enter a valid email address'],
    [{ notes: 'Allergic\u0000to nuts' }, UNSTORABLE_TEXT],
    [{ surname: 'lone \ud800' }, UNSTORABLE_TEXT],
    [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
  ])('refuses %j with a clear message and adds nobody', async (overrides, message) => {
    const before = (await as(owner.cookie, 'GET', '/api/students')).json().length;
    const response = await as(owner.cookie, 'POST', '/api/students', { ...valid, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await as(owner.cookie, 'GET', '/api/students')).json()).toHaveLength(before);
  });

  it('adds a pupil with a personal code, edits them, and keeps notes exactly as typed', async () => {
    const notes = '  Needs  large print.\nSits at the front 🙂 ';
    const created = await as(owner.cookie, 'POST', '/api/students', {
      name: ' Ruby ',
      surname: 'Okafor',
      grade: 'K',
      yearGroup: 'Reception',
      email: 'ruby@pupils.example',
      notes,
      parentName: 'Ngozi Okafor',
      parentEmail: 'ngozi@home.example',
    });
    expect(created.statusCode).toBe(200);
    const ruby = created.json();
    expect(ruby).toMatchObject({
      name: 'Ruby',
      surname: 'Okafor',
      surnameInitials: 'OK',
      displayName: 'Ruby Okafor',
      grade: 'K',
      yearGroup: 'Reception',
      notes,
      parentEmail: 'ngozi@home.example',
    });
    expect(ruby.pupilCode).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);

    const edited = await as(owner.cookie, 'PUT', `/api/students/${ruby.id}`, {
      name: 'Ruby',
      surname: 'Okafor-Smith',
      grade: '1',
      yearGroup: 'Year 1',
      email: '',
    });
    expect(edited.json()).toMatchObject({
      surname: 'Okafor-Smith',
      surnameInitials: 'OK',
      grade: '1',
      email: null,
      notes: null,
      pupilCode: ruby.pupilCode,
    });
    const refused = await as(owner.cookie, 'PUT', `/api/students/${ruby.id}`, { name: 'Ruby' });
    expect(refused.json().message).toBe(STUDENT_MESSAGES.gradeRequired);
    expect((await as(owner.cookie, 'GET', `/api/students/${ruby.id}`)).json().grade).toBe('1');
  });

  it('lets the teacher complete a pupil created by a hand-in, who then still finds their work', async () => {
    const doc = (await handIn(t, keyId, { firstName: 'Noor', surnameInitials: 'ha' })).json();
    const noor = (await as(owner.cookie, 'GET', '/api/students'))
      .json()
      .find((s: { name: string }) => s.name === 'Noor');
    const completed = await as(owner.cookie, 'PUT', `/api/students/${noor.id}`, {
      name: 'Noor',
      surname: 'Haddad',
      grade: '6',
      yearGroup: 'Year 6',
      parentName: 'Samir Haddad',
      parentEmail: 'samir@home.example',
    });
    expect(completed.json()).toMatchObject({ displayName: 'Noor Haddad', surnameInitials: 'HA' });
    const docs = await as(owner.cookie, 'GET', `/api/students/${noor.id}/documents`);
    expect(docs.json().map((d: { id: number }) => d.id)).toEqual([doc.id]);
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/student-portal/my-assignments',
      payload: { firstName: 'Noor', surnameInitials: 'HA', classroomKeyId: keyId },
    });
    expect(mine.json().map((a: { id: number }) => a.id)).toContain(doc.id);
  });

  it('merges two records of one child: documents and reports move, blanks fill, the other goes', async () => {
    const typo = (await handIn(t, keyId, { firstName: 'Omar', surnameInitials: 'bs' })).json();
    const list = (await as(owner.cookie, 'GET', '/api/students')).json();
    const from = list.find((s: { displayName: string }) => s.displayName === 'Omar BS');
    const into = (
      await as(owner.cookie, 'POST', '/api/students', {
        name: 'Omar',
        surname: 'Bashir',
        grade: '6',
        parentEmail: 'bashir@home.example',
      })
    ).json();
    const [report] = await t.ctx.db
      .insert(parentReports)
      .values({ teacherId: owner.teacher.id, studentId: from.id, subjects: 'Art', content: 'Good' })
      .returning();

    const merged = await as(owner.cookie, 'POST', `/api/students/${from.id}/merge`, {
      intoStudentId: into.id,
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({
      movedDocuments: 1,
      movedReports: 1,
      student: { id: into.id, surname: 'Bashir', yearGroup: 'Year 6', surnameInitials: 'BA' },
    });
    expect((await as(owner.cookie, 'GET', `/api/students/${from.id}`)).statusCode).toBe(404);
    const docs = (await as(owner.cookie, 'GET', `/api/students/${into.id}/documents`)).json();
    expect(docs.map((d: { id: number }) => d.id)).toEqual([typo.id]);
    const [moved] = await t.ctx.db
      .select()
      .from(parentReports)
      .where(eq(parentReports.id, report!.id));
    expect(moved!.studentId).toBe(into.id);

    const self = await as(owner.cookie, 'POST', `/api/students/${into.id}/merge`, {
      intoStudentId: into.id,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(STUDENT_MESSAGES.mergeSelf);
    const bad = await as(owner.cookie, 'POST', `/api/students/${into.id}/merge`, {});
    expect(bad.json().message).toBe('Choose the record to keep');
  });

  it('answers 404 for another teacher’s pupil on every route, and changes nothing', async () => {
    const theirs = (await as(stranger.cookie, 'POST', '/api/students', valid)).json();
    const mine = (await as(owner.cookie, 'POST', '/api/students', valid)).json();
    const attempts = [
      as(owner.cookie, 'GET', `/api/students/${theirs.id}`),
      as(owner.cookie, 'PUT', `/api/students/${theirs.id}`, { ...valid, name: 'Taken' }),
      as(owner.cookie, 'DELETE', `/api/students/${theirs.id}`),
      as(owner.cookie, 'GET', `/api/students/${theirs.id}/documents`),
      as(owner.cookie, 'GET', `/api/students/${theirs.id}/footprint`),
      as(owner.cookie, 'GET', `/api/students/${theirs.id}/export`),
      as(owner.cookie, 'POST', `/api/students/${theirs.id}/merge`, { intoStudentId: mine.id }),
      as(owner.cookie, 'POST', `/api/students/${mine.id}/merge`, { intoStudentId: theirs.id }),
      as(owner.cookie, 'GET', '/api/students/99999999'),
      as(owner.cookie, 'GET', '/api/students/1e3'),
      as(owner.cookie, 'GET', `/api/students/0x${mine.id.toString(16)}`),
      as(owner.cookie, 'GET', `/api/students/${mine.id}.0`),
      as(owner.cookie, 'DELETE', '/api/students/abc'),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(STUDENT_MESSAGES.notFound);
    }
    const still = (await as(stranger.cookie, 'GET', `/api/students/${theirs.id}`)).json();
    expect(still).toEqual(theirs);
    expect((await as(owner.cookie, 'GET', `/api/students/${mine.id}`)).statusCode).toBe(200);
    for (const url of [`/api/students/${mine.id}`, `/api/students/${mine.id}/export`]) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });
});
