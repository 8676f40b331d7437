import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

describe.each(testBackends())('pupil directory on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  it('lists the teacher’s own pupils, those who handed in work included, and nobody else’s', async () => {
    const owner = await signedInTeacher(t, 'Grace');
    const stranger = await signedInTeacher(t, 'Ada');
    const { keyId } = await classroomKeyOf(t, owner.cookie);
    expect((await handIn(t, keyId, { firstName: 'Zara', surnameInitials: 'ok' })).statusCode).toBe(
      200,
    );
    expect((await handIn(t, keyId, { firstName: 'maya', surnameInitials: 'pa' })).statusCode).toBe(
      200,
    );
    const list = await t.app.inject({ url: '/api/students', headers: { cookie: owner.cookie } });
    expect(list.json().map((s: { displayName: string }) => s.displayName)).toEqual([
      'maya PA',
      'Zara OK',
    ]);
    expect(list.json()[0]).toMatchObject({ yearGroup: 'Year 6', parentEmail: null });
    const theirs = await t.app.inject({
      url: '/api/students',
      headers: { cookie: stranger.cookie },
    });
    expect(theirs.json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/students' })).statusCode).toBe(401);
  });
});
