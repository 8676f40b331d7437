import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, students } from '../../db/schema';
import { classroomKeyOf, fixture, handIn, signedInTeacher, upload } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

describe.each(testBackends())('pupil portal on %s', (backend) => {
  let t: TestApp;
  let teacher: Awaited<ReturnType<typeof signedInTeacher>>;
  let key: { phrase: string; keyId: string };

  beforeAll(async () => {
    t = await startTestApp(backend);
    teacher = await signedInTeacher(t, 'Grace');
    key = await classroomKeyOf(t, teacher.cookie);
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const myAssignments = (firstName: string, surnameInitials: string, classroomKeyId = key.keyId) =>
    post('/api/student-portal/my-assignments', { firstName, surnameInitials, classroomKeyId });

  it('verifies the phrase however the pupil types it, and names the classroom', async () => {
    const typed = key.phrase.toUpperCase().replaceAll('-', ' ');
    const verified = await post('/api/student-portal/verify-key', { keyPhrase: ` ${typed} ` });
    expect(verified.json()).toEqual({ valid: true, id: key.keyId });
    const classroom = await t.app.inject({ url: `/api/classroom-keys/${key.keyId}` });
    expect(classroom.json()).toEqual({
      id: key.keyId,
      name: "Grace Hopper's classroom",
      asksPupilCode: false,
    });
    const missing = await post('/api/student-portal/verify-key', {});
    expect(missing.json()).toEqual({
      message: 'Classroom key is required',
      code: 'validation_error',
    });
  });

  it('hands in work: the pupil joins the directory, the document is new, and its text is extracted', async () => {
    const submitted = await handIn(t, key.keyId, { firstName: 'Maya', surnameInitials: 'pa' });
    expect(submitted.statusCode).toBe(200);
    const { id, uniqueId } = submitted.json();
    expect(uniqueId).toMatch(/^[a-z0-9]{8}$/);

    const [pupil] = await t.ctx.db
      .select()
      .from(students)
      .where(eq(students.teacherId, teacher.teacher.id));
    expect(pupil).toMatchObject({ name: 'Maya', surnameInitials: 'PA', yearGroup: 'Year 6' });

    const list = (
      await t.app.inject({ url: '/api/documents', headers: { cookie: teacher.cookie } })
    ).json();
    expect(list[0]).toMatchObject({
      id,
      status: 'new',
      author: 'Maya PA',
      extractionStatus: 'pending',
      studentId: pupil!.id,
    });

    await t.ctx.jobs.drain();
    const extract = (
      await t.app.inject({
        url: `/api/documents/${id}/extract`,
        headers: { cookie: teacher.cookie },
      })
    ).json();
    expect(extract.status).toBe('done');
    // The PDF's two pages; its first (454 words) read in two even parts.
    expect(extract.totalPages).toBe(3);
    expect(extract.pageNumbers).toEqual([1, 1, 2]);
    expect(extract.pageCount).toBe(2);
    expect(extract.pages[0]).toContain('Gull Point');
    expect(extract.pages[0].split(/\s+/).length).toBe(227);

    // A second hand-in by the same pupil does not duplicate them.
    await handIn(t, key.keyId, { firstName: 'maya', surnameInitials: 'PA', title: 'Second piece' });
    expect(
      await t.ctx.db.select().from(students).where(eq(students.teacherId, teacher.teacher.id)),
    ).toHaveLength(1);
  });

  it('lists only the pupil’s own work, with feedback hidden until shared or reviewed', async () => {
    const submitted = await handIn(t, key.keyId, {
      firstName: 'Leo',
      surnameInitials: 'ka',
      title: 'Volcanoes',
    });
    const { id } = submitted.json();
    await t.ctx.jobs.drain();
    const cookie = teacher.cookie;
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${id}/feedback`,
      headers: { cookie },
      payload: {
        type: 'text',
        content: 'Lovely opening line.',
        pageNumber: 1,
        startOffset: 0,
        endOffset: 14,
        highlightedText: 'The Lighthouse',
      },
    });
    expect(added.statusCode).toBe(200);

    let mine = (await myAssignments('Leo', 'KA')).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ title: 'Volcanoes', status: 'pending', feedback: [] });
    expect(mine[0].fileUrl).toBe(`/documents/${key.phrase}/${submitted.json().uniqueId}/file`);

    await t.app.inject({
      method: 'PUT',
      url: `/api/documents/${id}`,
      headers: { cookie },
      payload: { status: 'reviewed' },
    });
    mine = (await myAssignments('leo', 'ka')).json();
    expect(mine[0].status).toBe('reviewed');
    expect(mine[0].feedback).toEqual([
      expect.objectContaining({
        type: 'text',
        content: 'Lovely opening line.',
        highlightedText: 'The Lighthouse',
      }),
    ]);

    expect((await myAssignments('Leo', 'KB')).json()).toEqual([]);
    expect((await myAssignments('Leon', 'KA')).json()).toEqual([]);
    const wrongKey = await myAssignments('Leo', 'KA', 'AAAAAAAAAAAAAAAAAAAAAA');
    expect(wrongKey.statusCode).toBe(404);
  });

  it.each([
    ['title', '', 'Assignment title is required'],
    ['firstName', '  ', 'First name is required'],
    ['surnameInitials', 'P', 'Enter the first 2 letters of your surname'],
    ['surnameInitials', 'P1', 'Enter the first 2 letters of your surname'],
    ['yearGroup', 'Year 14', 'Year group is required'],
    ['fileUrl', '', 'Please upload your file'],
    ['fileUrl', '/api/uploads/AAAAAAAAAAAAAAAAAAAAAA', 'Please upload your file'],
    ['classroomKeyId', undefined, 'Classroom key is required'],
  ])('refuses a hand-in with %s = %j: "%s", creating nothing', async (field, value, message) => {
    const before = await t.ctx.db.select().from(documents);
    const uploaded = await upload(
      t,
      { bytes: fixture('essay.pdf'), name: 'essay.pdf' },
      { classroomKeyId: key.keyId },
    );
    const body: Record<string, unknown> = {
      title: 'Essay',
      firstName: 'Maya',
      surnameInitials: 'PA',
      yearGroup: 'Year 6',
      fileUrl: uploaded.json().fileUrl,
      classroomKeyId: key.keyId,
      [field]: value,
    };
    const response = await post('/api/student-portal/submit-assignment', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await t.ctx.db.select().from(documents)).toHaveLength(before.length);
  });

  it('will not hand in another classroom’s upload or the same file twice', async () => {
    const other = await signedInTeacher(t, 'Ada');
    const otherKey = await classroomKeyOf(t, other.cookie);
    const theirs = await upload(
      t,
      { bytes: fixture('essay.pdf'), name: 'essay.pdf' },
      { classroomKeyId: otherKey.keyId },
    );
    const stolen = await post('/api/student-portal/submit-assignment', {
      title: 'Essay',
      firstName: 'Maya',
      surnameInitials: 'PA',
      yearGroup: 'Year 6',
      fileUrl: theirs.json().fileUrl,
      classroomKeyId: key.keyId,
    });
    expect(stolen.statusCode).toBe(400);

    const mine = await upload(
      t,
      { bytes: fixture('essay.pdf'), name: 'essay.pdf' },
      { classroomKeyId: key.keyId },
    );
    const body = {
      title: 'Essay',
      firstName: 'Maya',
      surnameInitials: 'PA',
      yearGroup: 'Year 6',
      fileUrl: mine.json().fileUrl,
      classroomKeyId: key.keyId,
    };
    expect((await post('/api/student-portal/submit-assignment', body)).statusCode).toBe(200);
    const twice = await post('/api/student-portal/submit-assignment', body);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe('file_already_used');
  });

  it('throttles guesses of one pupil’s identity, not the whole school’s address', async () => {
    for (let i = 0; i < 60; i += 1) expect((await myAssignments('Zed', 'ZZ')).statusCode).toBe(200);
    const throttled = await myAssignments('Zed', 'ZZ');
    expect(throttled.statusCode).toBe(429);
    // Another pupil from the same address is unaffected.
    expect((await myAssignments('Maya', 'PA')).statusCode).toBe(200);
  });
});
