import { describe, expect, it } from 'vitest';
import { analyzeVoice } from '../voice-analysis';
import { espeakPitchFor } from './espeak-pitch';
import { espeakParameters, espeakSynthesizer, MAX_SYNTHESIS_CHARS } from './synthesizer';

const SENTENCE = 'Amelia has worked hard this term and her reading has really improved.';

describe('offline speech synthesizer (eSpeak NG in a child process)', () => {
  it('speaks a sentence as a WAV of plausible length, with word and phoneme timings', async () => {
    const speech = await espeakSynthesizer.synthesize(SENTENCE, null);
    expect(speech.wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(speech.wav.subarray(8, 12).toString('latin1')).toBe('WAVE');
    // 12 words at ~160 wpm is about 4.5 s; allow for pauses.
    expect(speech.durationMs).toBeGreaterThan(2500);
    expect(speech.durationMs).toBeLessThan(9000);
    const timing = speech.timing;
    expect(timing?.words.map((w) => w.text).join(' ')).toBe(SENTENCE.replace('.', ''));
    for (const [i, word] of (timing?.words ?? []).entries()) {
      expect(word.endMs).toBeGreaterThan(word.startMs);
      expect(word.startMs).toBeGreaterThanOrEqual(timing?.words[i - 1]?.endMs ?? 0);
    }
    // "Amelia" starts with a bilabial; phonemes are IPA and tile the audio.
    const sounding = timing?.phonemes.filter((p) => p.phoneme) ?? [];
    expect(sounding.length).toBeGreaterThan(40);
    expect(sounding.some((p) => p.phoneme === 'm')).toBe(true);
    expect(sounding.some((p) => /[ɜəɪʊæɑɔ]/.test(p.phoneme))).toBe(true);
    expect(timing?.phonemes.at(-1)?.endMs).toBe(speech.durationMs);
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

  it('speaks a female variant high and a male variant low, at the measured pitch', async () => {
    const speak = (variant: string, medianPitchHz: number) =>
      // Two sentences: the pitch tracker wants at least two seconds of voiced speech.
      espeakSynthesizer.synthesize(
        `${SENTENCE} She now reads aloud to the class with confidence.`,
        {
          medianPitchHz,
          wordsPerMinute: 160,
          variant,
          voicedSeconds: 20,
        },
      );
    const female = await speak('f3', 200);
    const male = await speak('m3', 110);
    expect(female.wav.equals(male.wav)).toBe(false);
    const femaleHz = (await analyzeVoice(female.wav)).medianPitchHz;
    const maleHz = (await analyzeVoice(male.wav)).medianPitchHz;
    expect(femaleHz).toBeGreaterThanOrEqual(150);
    expect(maleHz).toBeLessThanOrEqual(140);
    // Each lands within 15 % of the pitch it was asked for.
    expect(Math.abs(femaleHz - 200) / 200).toBeLessThan(0.15);
    expect(Math.abs(maleHz - 110) / 110).toBeLessThan(0.15);
  }, 30_000);

  it('names a voice this eSpeak build knows, with the variant attached to it', () => {
    // f2's own curve: its voice file sits lower than f3's, so 216 Hz needs a higher knob.
    expect(
      espeakParameters({
        medianPitchHz: 216,
        wordsPerMinute: 150,
        variant: 'f2',
        voicedSeconds: 9,
      }),
    ).toEqual({ voice: 'en+f2', rate: 150, pitch: 60 });
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
    ).toBe('en+f3');
    expect(espeakPitchFor('female', 100)).toBe(0);
    expect(espeakPitchFor('female', 500)).toBe(99);
    expect(espeakPitchFor('male', 120)).toBe(63);
  });
});
