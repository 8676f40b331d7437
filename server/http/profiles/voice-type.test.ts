import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeVoice } from '../../ai/voice-analysis';
import { voiceProfiles } from '../../db/schema';
import { voiceWav } from '../../records/profiles/media.test-support';
import { signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

/*
 * The teacher chooses the synthesized voice's type on the profile and hears it first. The
 * measured pitch is used within the type: a sample measured low that chose a female voice
 * still previews as a female voice, and the other way round.
 */
describe.each(testBackends())('the synthesized voice’s type on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let stranger: Awaited<ReturnType<typeof signedInTeacher>>;
  let voiceId: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await signedInTeacher(t, 'Grace');
    stranger = await signedInTeacher(t, 'Ada');
    const form = new FormData();
    form.append('audio', new Blob([new Uint8Array(voiceWav())], { type: 'audio/wav' }), 'audio');
    const sample = await t.app.inject({
      method: 'POST',
      url: '/api/teacher-voices/samples',
      headers: { cookie: owner.cookie },
      payload: form,
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/teacher-voices/create',
      headers: { cookie: owner.cookie },
      payload: {
        name: 'My voice',
        description: 'Reading voice',
        samplePath: sample.json().samplePath,
        consent: true,
      },
    });
    expect(created.statusCode, created.body + sample.body).toBe(200);
    // The 130 Hz sample is guessed a male voice; the teacher may say otherwise.
    expect(created.json().settings).toMatchObject({ medianPitchHz: 130, variant: 'm3' });
    voiceId = created.json().voiceId;
  }, 60_000);
  afterAll(async () => t?.close());

  const choose = (cookie: string, id: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/teacher-voices/${id}/voice-type`,
      headers: { cookie },
      payload: payload as object,
    });
  const preview = (cookie: string | null, id: string, variant?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/teacher-voices/${id}/preview${variant === undefined ? '' : `?variant=${encodeURIComponent(variant)}`}`,
      headers: cookie ? { cookie } : {},
    });
  const stored = async () =>
    (await t.ctx.db.select().from(voiceProfiles).where(eq(voiceProfiles.voiceId, voiceId)))[0]!
      .settings as { variant: string; medianPitchHz: number };

  it('previews each type at a pitch of its own: female high, male low, the audio different', async () => {
    const female = await preview(owner.cookie, voiceId, 'f2');
    const male = await preview(owner.cookie, voiceId, 'm6');
    expect(female.statusCode).toBe(200);
    expect(female.headers['content-type']).toBe('audio/wav');
    expect(female.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(female.rawPayload.equals(male.rawPayload)).toBe(false);
    const femaleHz = (await analyzeVoice(female.rawPayload)).medianPitchHz;
    const maleHz = (await analyzeVoice(male.rawPayload)).medianPitchHz;
    expect(femaleHz).toBeGreaterThanOrEqual(150);
    expect(maleHz).toBeLessThanOrEqual(140);
    // The profile's own type when none is named: the measured 130 Hz, as a male voice.
    const own = await preview(owner.cookie, voiceId);
    expect(Math.abs((await analyzeVoice(own.rawPayload)).medianPitchHz - 130)).toBeLessThan(10);
  }, 60_000);

  it('keeps the chosen type and the measured pitch beside it', async () => {
    const chosen = await choose(owner.cookie, voiceId, { variant: 'f3' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().settings).toMatchObject({ variant: 'f3', medianPitchHz: 130 });
    expect(await stored()).toMatchObject({ variant: 'f3', medianPitchHz: 130 });
  });

  it('refuses an unknown type with a clear message and changes nothing', async () => {
    const before = await stored();
    for (const payload of [{}, { variant: 'klatt' }, { variant: 'F3' }, { variant: 7 }]) {
      const response = await choose(owner.cookie, voiceId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe('Choose one of the voice types');
    }
    // A NUL is refused before any route reads it.
    const nul = await choose(owner.cookie, voiceId, { variant: 'f3\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toContain('cannot be saved');
    expect((await preview(owner.cookie, voiceId, '<b>x</b>')).statusCode).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('answers 404 for another teacher’s voice and 401 without a session', async () => {
    expect((await choose(stranger.cookie, voiceId, { variant: 'm3' })).statusCode).toBe(404);
    expect((await preview(stranger.cookie, voiceId)).statusCode).toBe(404);
    expect((await choose(owner.cookie, 'voice_nobody', { variant: 'm3' })).statusCode).toBe(404);
    expect((await preview(null, voiceId)).statusCode).toBe(401);
    expect((await stored()).variant).toBe('f3');
  });
});
