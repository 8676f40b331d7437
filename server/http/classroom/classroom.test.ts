import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSPHRASE_PATTERN } from '../../../contract/classroom';
import { ADJECTIVES, COLOURS, generatePassphrase, NOUNS } from '../../records/classroom';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

describe('passphrase generation', () => {
  it('is adjective-noun-colour-noun from the built-in lists', () => {
    for (let i = 0; i < 50; i += 1) {
      const [adjective, noun, colour, noun2] = generatePassphrase().split('-');
      expect(ADJECTIVES).toContain(adjective);
      expect(NOUNS).toContain(noun);
      expect(COLOURS).toContain(colour);
      expect(NOUNS).toContain(noun2);
    }
  });
});

describe.each(testBackends())('classroom passphrase on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const setPhrase = (cookie: string, classroomPhrase: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/settings/classroom-phrase',
      headers: { cookie },
      payload: { classroomPhrase },
    });

  it('gives every teacher a unique four-word phrase, stable across calls', async () => {
    const a = await signedInTeacher(t);
    const b = await signedInTeacher(t);
    const first = (await get('/api/settings/classroom-phrase', a.cookie)).json().classroomPhrase;
    expect(first).toMatch(PASSPHRASE_PATTERN);
    expect((await get('/api/settings/classroom-phrase', a.cookie)).json().classroomPhrase).toBe(
      first,
    );
    expect((await get('/api/settings/classroom-phrase', b.cookie)).json().classroomPhrase).not.toBe(
      first,
    );
    expect((await get('/api/settings/classroom-phrase')).statusCode).toBe(401);
  });

  it('suggests a fresh phrase without saving it', async () => {
    const { cookie } = await signedInTeacher(t);
    const current = (await get('/api/settings/classroom-phrase', cookie)).json().classroomPhrase;
    const suggestion = (await get('/api/settings/classroom-phrase/suggestion', cookie)).json()
      .classroomPhrase;
    expect(suggestion).toMatch(PASSPHRASE_PATTERN);
    expect(suggestion).not.toBe(current);
    expect((await get('/api/settings/classroom-phrase', cookie)).json().classroomPhrase).toBe(
      current,
    );
  });

  it('changes the phrase: the old one and its key id stop working, the new one works everywhere', async () => {
    const { cookie } = await signedInTeacher(t);
    const old = await classroomKeyOf(t, cookie);
    const submitted = await handIn(t, old.keyId);
    const { uniqueId } = submitted.json();
    expect((await get(`/api/pupil-documents/${old.phrase}/${uniqueId}`)).statusCode).toBe(200);

    const changed = await setPhrase(cookie, '  Brave Otter-BLUE river ');
    expect(changed.json()).toEqual({ classroomPhrase: 'brave-otter-blue-river' });

    const oldVerify = await t.app.inject({
      method: 'POST',
      url: '/api/student-portal/verify-key',
      payload: { keyPhrase: old.phrase },
    });
    expect(oldVerify.statusCode).toBe(404);
    expect(oldVerify.json().message).toBe(
      'The classroom key you entered is not valid. Please check and try again.',
    );
    expect((await get(`/api/classroom-keys/${old.keyId}`)).statusCode).toBe(404);
    expect((await get(`/api/pupil-documents/${old.phrase}/${uniqueId}`)).statusCode).toBe(404);
    expect((await get(`/documents/${old.phrase}/${uniqueId}/file`)).statusCode).toBe(404);

    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/student-portal/verify-key',
      payload: { keyPhrase: 'brave otter blue river' },
    });
    expect(fresh.json()).toEqual({ valid: true, id: expect.any(String) });
    expect(fresh.json().id).not.toBe(old.keyId);
    expect((await get(`/api/pupil-documents/brave-otter-blue-river/${uniqueId}`)).statusCode).toBe(
      200,
    );
    const documents = (await get('/api/documents', cookie)).json();
    expect(documents[0].documentPath).toBe(`/documents/brave-otter-blue-river/${uniqueId}`);
  });

  it('refuses a phrase another classroom uses, and bad formats, changing nothing', async () => {
    const a = await signedInTeacher(t);
    const b = await signedInTeacher(t);
    const phraseOfA = (await get('/api/settings/classroom-phrase', a.cookie)).json()
      .classroomPhrase;
    const phraseOfB = (await get('/api/settings/classroom-phrase', b.cookie)).json()
      .classroomPhrase;
    const taken = await setPhrase(b.cookie, phraseOfA);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'This passphrase is already in use. Please choose another.',
      code: 'passphrase_taken',
    });
    for (const bad of ['', 'two-words', 'one-two-three-four-five', 'brave-otter-blue-ri3er', 42]) {
      const response = await setPhrase(b.cookie, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/Classroom key is required|four words/);
    }
    expect((await get('/api/settings/classroom-phrase', b.cookie)).json().classroomPhrase).toBe(
      phraseOfB,
    );
  });
});
