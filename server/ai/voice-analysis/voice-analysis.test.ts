import { describe, expect, it } from 'vitest';
import { analyzeVoice, NOT_ENOUGH_SPEECH } from './analyze';
import { encodeWav, syntheticVoice } from './wav';

describe('voice measurement (built-in engine)', () => {
  it.each([
    { pitchHz: 120, syllablesPerSecond: 4, variant: 'm3' },
    { pitchHz: 220, syllablesPerSecond: 3, variant: 'f3' },
  ])('measures $pitchHz Hz at $syllablesPerSecond syllables/s', async (signal) => {
    const wav = encodeWav(syntheticVoice({ ...signal, seconds: 8 }), 16_000);
    const settings = await analyzeVoice(wav);
    console.info(`synthetic ${signal.pitchHz} Hz / ${signal.syllablesPerSecond} syl/s:`, settings);
    expect(settings.medianPitchHz).toBeGreaterThanOrEqual(signal.pitchHz * 0.97);
    expect(settings.medianPitchHz).toBeLessThanOrEqual(signal.pitchHz * 1.03);
    const expectedWpm = (signal.syllablesPerSecond * 60) / 1.5;
    expect(settings.wordsPerMinute).toBeGreaterThanOrEqual(expectedWpm * 0.85);
    expect(settings.wordsPerMinute).toBeLessThanOrEqual(expectedWpm * 1.15);
    expect(settings.variant).toBe(signal.variant);
    expect(settings.voicedSeconds).toBeGreaterThan(3);
  });

  it('refuses a silent sample with a message the teacher can act on', async () => {
    const wav = encodeWav(new Float32Array(16_000 * 5), 16_000);
    await expect(analyzeVoice(wav)).rejects.toThrow(NOT_ENOUGH_SPEECH);
  });

  it('refuses a sample with only a second of voice', async () => {
    const voice = syntheticVoice({ pitchHz: 150, syllablesPerSecond: 4, seconds: 1 });
    const samples = new Float32Array(16_000 * 6);
    samples.set(voice, 16_000 * 2);
    await expect(analyzeVoice(encodeWav(samples, 16_000))).rejects.toThrow(NOT_ENOUGH_SPEECH);
  });

  it('does not mistake noise for a voice', async () => {
    let seed = 1;
    const noise = new Float32Array(16_000 * 5).map(() => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return (seed / 2 ** 31 - 0.5) * 0.5;
    });
    await expect(analyzeVoice(encodeWav(noise, 16_000))).rejects.toThrow(NOT_ENOUGH_SPEECH);
  });
});
