import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema';
import { PHOTO_READING_OFF_MESSAGE, SUGGESTIONS_OFF_MESSAGE } from '../../records/settings';
import { classroomKeyOf, fixture, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

describe.each(testBackends())('AI switches enforced by the server on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const as = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('feedback assistant off: the words come back exactly as said', async () => {
    const { cookie } = await signedInTeacher(t);
    const said = 'um so basically Maya, like, you you did really well on the the ending';
    const enhance = () => as(cookie, 'POST', '/api/transcripts/enhance', { text: said });
    const on = (await enhance()).json().enhancedTranscript;
    expect(on).not.toBe(said);
    await as(cookie, 'PUT', '/api/settings', { useFeedbackAssistant: false });
    const off = await enhance();
    expect(off.statusCode).toBe(200);
    expect(off.json().enhancedTranscript).toBe(said);
  });

  it('lesson suggestions off: the suggestion endpoint refuses', async () => {
    const { cookie } = await signedInTeacher(t);
    const plan = (
      await as(cookie, 'POST', '/api/lesson-plans', { title: 'Week', dateRange: 'Week of 30 Nov' })
    ).json();
    const ask = () => as(cookie, 'POST', `/api/lesson-plans/${plan.id}/ai-suggestion`);
    expect((await ask()).statusCode).toBe(200);
    await as(cookie, 'PUT', '/api/settings', { lessonSuggestions: false });
    const refused = await ask();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: SUGGESTIONS_OFF_MESSAGE, code: 'ai_feature_off' });
  });

  it('document analysis off: photos are not read by OCR, typed documents still are', async () => {
    const { cookie } = await signedInTeacher(t);
    const key = await classroomKeyOf(t, cookie);
    await as(cookie, 'PUT', '/api/settings', { documentAnalysis: false });
    const photo = (
      await handIn(t, key.keyId, {
        file: { bytes: fixture('homework.png'), name: 'homework.png' },
      })
    ).json();
    const pdf = (await handIn(t, key.keyId, { firstName: 'Leo' })).json();
    await t.ctx.jobs.drain();
    const [photoRow] = await t.ctx.db.select().from(documents).where(eq(documents.id, photo.id));
    expect(photoRow).toMatchObject({
      extractionStatus: 'failed',
      extractionError: PHOTO_READING_OFF_MESSAGE,
      extractedContent: null,
    });
    const [pdfRow] = await t.ctx.db.select().from(documents).where(eq(documents.id, pdf.id));
    expect(pdfRow!.extractionStatus).toBe('done');
  }, 120_000);
});
