import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

describe.each(testBackends())('transcript enhancement on %s', (backend) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    cookie = (await signedInTeacher(t)).cookie;
  });
  afterAll(async () => t?.close());

  const enhance = (payload: unknown, headers: Record<string, string> = { cookie }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/transcripts/enhance',
      headers,
      payload: payload as object,
    });

  it('cleans an edited transcript with the built-in engine', async () => {
    const response = await enhance({
      text: 'um she has has made, you know, great progress in maths',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      enhancedTranscript: 'She has made great progress in maths.',
    });
  });

  it('answers an empty transcript with an empty one', async () => {
    const response = await enhance({ text: '   ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ enhancedTranscript: '' });
  });

  it('is for signed-in teachers only', async () => {
    const response = await enhance({ text: 'well done' }, {});
    expect(response.statusCode).toBe(401);
  });

  it('requires the text, as a string of at most 20,000 characters', async () => {
    const missing = await enhance({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Transcript text is required' });
    const wrongType = await enhance({ text: 42 });
    expect(wrongType.statusCode).toBe(400);
    const tooLong = await enhance({ text: 'a'.repeat(20_001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      code: 'validation_error',
      message: 'The transcript is too long (at most 20,000 characters)',
    });
    const atLimit = await enhance({ text: 'um '.repeat(6_666) });
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json()).toEqual({ enhancedTranscript: '' });
  });

  it('takes hostile text without a server error and never adds words', async () => {
    // NUL cannot be stored anywhere, so every route refuses it the same way (decision 0019).
    const nul = await enhance({ text: 'she\u0000 has worked hard' });
    expect(nul.statusCode).toBe(400);
    const hostile = [
      '<script>alert(1)</script> um well done',
      'مرحبا um أحسنت',
      '\u202eright-to-left override\u202c',
      '- — – , . ! ?',
      'a- a- a- a- a- a- a- a- a- a- a- a-'.repeat(400),
    ];
    for (const text of hostile) {
      const response = await enhance({ text });
      expect(response.statusCode, text.slice(0, 40)).toBe(200);
      const out: string = response.json().enhancedTranscript;
      const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
      const said = new Set(words(text));
      for (const word of words(out)) expect(said.has(word), word).toBe(true);
      expect(out).not.toContain('\u0000');
    }
  });
});
