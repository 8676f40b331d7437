import { describe, expect, it } from 'vitest';
import { espeakParameters, espeakSynthesizer, MAX_SYNTHESIS_CHARS } from './synthesizer';

describe('offline speech synthesizer (eSpeak NG in a child process)', () => {
  it('speaks a sentence as a WAV of plausible length, with word timings', async () => {
    const text = 'Amelia has worked hard this term and her reading has really improved.';
    const speech = await espeakSynthesizer.synthesize(text, null);
    expect(speech.wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(speech.wav.subarray(8, 12).toString('latin1')).toBe('WAVE');
    // 12 words at ~160 wpm is about 4.5 s; allow for pauses.
    expect(speech.durationMs).toBeGreaterThan(2500);
    expect(speech.durationMs).toBeLessThan(9000);
    expect(speech.words.length).toBeGreaterThanOrEqual(10);
    expect(speech.words[0]?.textStart).toBe(0);
    expect(speech.engine).toBe('builtin');
  }, 30_000);

  it('takes hostile text without crashing and refuses text that is too long', async () => {
    const hostile = '<speak><b>Hi</b></speak>\u0000 مرحبا &amp; {x} %{pts} \\n';
    const speech = await espeakSynthesizer.synthesize(hostile, null);
    expect(speech.durationMs).toBeGreaterThan(200);
    await expect(espeakSynthesizer.synthesize('a '.repeat(10_000), null)).rejects.toThrow(
      `at most ${MAX_SYNTHESIS_CHARS} characters`,
    );
    await expect(espeakSynthesizer.synthesize('\u0000 \u0001', null)).rejects.toThrow(
      'no text to speak',
    );
  }, 30_000);

  it('maps measured pitch and rate onto eSpeak parameters', () => {
    expect(
      espeakParameters({
        medianPitchHz: 200,
        wordsPerMinute: 150,
        variant: 'f2',
        voicedSeconds: 9,
      }),
    ).toEqual({ voice: 'en-gb+f2', rate: 150, pitch: 50 });
    const low = espeakParameters({
      medianPitchHz: 90,
      wordsPerMinute: 999,
      variant: 'm3',
      voicedSeconds: 9,
    });
    expect(low.pitch).toBeLessThan(50);
    expect(low.rate).toBe(260);
    expect(
      espeakParameters({
        medianPitchHz: 150,
        wordsPerMinute: 150,
        variant: '+evil',
        voicedSeconds: 1,
      }).voice,
    ).toBe('en-gb+f3');
  });
});
