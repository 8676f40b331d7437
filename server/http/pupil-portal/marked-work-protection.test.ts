import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, students } from '../../db/schema';
import { PUPIL_CODE_ALPHABET } from '../../records/pupils';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

describe.each(testBackends())('marked-work protection on %s', (backend) => {
  let t: TestApp;
  let teacher: Awaited<ReturnType<typeof signedInTeacher>>;
  let key: { phrase: string; keyId: string };
  let code: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    teacher = await signedInTeacher(t, 'Grace');
    key = await classroomKeyOf(t, teacher.cookie);
    const first = await handIn(t, key.keyId, { firstName: 'Maya', surnameInitials: 'PA' });
    code = first.json().pupilCode;
    // Feedback is the pupil's once shared or reviewed; mark it reviewed directly.
    await t.ctx.db
      .update(documents)
      .set({ status: 'reviewed' })
      .where(eq(documents.id, first.json().id));
  });
  afterAll(async () => t?.close());

  const setProtection = (on: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: teacher.cookie },
      payload: { markedWorkProtection: on },
    });
  const lookup = (body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/student-portal/my-assignments',
      payload: { firstName: 'Maya', surnameInitials: 'PA', classroomKeyId: key.keyId, ...body },
    });
  const asksCode = async () =>
    (await t.app.inject({ url: `/api/classroom-keys/${key.keyId}` })).json().asksPupilCode;

  it('shows a personal code after the first hand-in only, never to a later hand-in under that name', async () => {
    expect(code).toMatch(new RegExp(`^[${PUPIL_CODE_ALPHABET}]{6}$`));
    const again = await handIn(t, key.keyId, { firstName: 'maya', surnameInitials: 'pa' });
    expect(again.statusCode).toBe(200);
    expect(again.json().pupilCode).toBeNull();
    const [pupil] = await t.ctx.db
      .select()
      .from(students)
      .where(eq(students.teacherId, teacher.teacher.id));
    expect(pupil!.pupilCode).toBe(code);
  }, 60_000);

  it('stays off for an account made before new accounts started with it on', async () => {
    // The fixture's teacher is inserted directly, with no stored preferences, as accounts
    // made before the change are: they keep the old default until the teacher turns it on.
    expect(await asksCode()).toBe(false);
  });

  it('off: the name alone finds the work, and no code is asked', async () => {
    await setProtection(false);
    expect(await asksCode()).toBe(false);
    expect((await lookup({})).json()).toHaveLength(2);
  });

  it('on: the right code finds the work; a wrong or missing code answers like a wrong name', async () => {
    expect((await setProtection(true)).statusCode).toBe(200);
    expect(await asksCode()).toBe(true);
    const right = await lookup({
      pupilCode: ` ${code.slice(0, 3).toLowerCase()}-${code.slice(3)} `,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toHaveLength(2);
    const wrongName = await lookup({ firstName: 'Mara', pupilCode: code });
    for (const attempt of [{}, { pupilCode: 'ZZZZZZ' }, { pupilCode: code.slice(0, 5) }]) {
      const wrong = await lookup(attempt);
      expect(wrong.statusCode).toBe(wrongName.statusCode);
      expect(wrong.body).toBe(wrongName.body);
    }
  });

  it('throttles wrong codes like other look-ups', async () => {
    let status = 200;
    for (let i = 0; i < 70 && status === 200; i++) {
      status = (await lookup({ pupilCode: 'WRONG2' })).statusCode;
    }
    expect(status).toBe(429);
    // The pupil's own look-ups are spent too: guessing cannot go on behind the limit.
    expect((await lookup({ pupilCode: code })).statusCode).toBe(429);
  }, 60_000);

  it('turning protection on gives every pupil without one a code for the directory', async () => {
    await setProtection(false);
    const [added] = await t.ctx.db
      .insert(students)
      .values({ teacherId: teacher.teacher.id, name: 'Leo', surnameInitials: 'KO' })
      .returning();
    expect(added!.pupilCode).toBeNull();
    await setProtection(true);
    const [after] = await t.ctx.db.select().from(students).where(eq(students.id, added!.id));
    expect(after!.pupilCode).toMatch(/^[A-Z2-9]{6}$/);
  });
});
