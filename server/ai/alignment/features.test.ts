import { describe, expect, it } from 'vitest';
import { alignmentFeatures, DIMS, frameDistance } from './features';
import { PowerSpectrum } from './fft';
import { MEL_BANDS, melFrames } from './mfcc';
import { soundFrames } from './voice-activity';

/** A vowel-like sound: harmonics of `pitch` shaped by two formant peaks. */
function vowel(sampleRate: number, seconds: number, pitch: number, formants: [number, number]) {
  const samples = new Float32Array(Math.round(sampleRate * seconds));
  for (let h = 1; h * pitch < 5000; h++) {
    const hz = h * pitch;
    const gain = formants.reduce((sum, f) => sum + 1 / (1 + ((hz - f) / 120) ** 2), 0) / h ** 0.5;
    for (let i = 0; i < samples.length; i++)
      samples[i]! += 0.05 * gain * Math.sin((2 * Math.PI * hz * i) / sampleRate);
  }
  return samples;
}

const concat = (...parts: Float32Array[]) => {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** "ah", a pause, "ee": the features of one recording of it. */
function features(sampleRate: number, gain = 1) {
  const ah = vowel(sampleRate, 0.4, 120, [700, 1200]);
  const ee = vowel(sampleRate, 0.4, 120, [300, 2300]);
  const samples = concat(ah, new Float32Array(sampleRate * 0.3), ee).map((s) => s * gain);
  const frames = melFrames(samples, sampleRate);
  return { frames, sound: soundFrames(frames.levelDb) };
}

describe('features for alignment', () => {
  it('finds a tone in the bin of its frequency', () => {
    const fft = new PowerSpectrum(512);
    const power = new Float64Array(257);
    fft.compute(
      Float64Array.from({ length: 512 }, (_, i) => Math.sin((2 * Math.PI * 40 * i) / 512)),
      power,
    );
    expect(power.indexOf(Math.max(...power))).toBe(40);
    expect(() => new PowerSpectrum(500)).toThrow('power of two');
  });

  it('puts a 1 kHz tone in the mel band around 1 kHz, whatever the sample rate', () => {
    for (const rate of [16_000, 22_050]) {
      const tone = Float32Array.from(
        { length: rate / 2 },
        (_, i) => 0.3 * Math.sin((2 * Math.PI * 1000 * i) / rate),
      );
      const { mel, count } = melFrames(tone, rate);
      expect(count).toBe(50);
      const middle = Array.from({ length: MEL_BANDS }, (_, m) => mel[25 * MEL_BANDS + m]!);
      // Band 8 of 26 (100 Hz to 7.6 kHz on the mel scale) is centred near 1 kHz.
      expect(middle.indexOf(Math.max(...middle))).toBe(8);
    }
  });

  it('marks the pause between two sounds as no sound', () => {
    const { sound } = features(16_000);
    expect(Array.from(sound.slice(5, 35)).every(Boolean)).toBe(true);
    expect(Array.from(sound.slice(45, 65)).some(Boolean)).toBe(false);
    expect(Array.from(sound.slice(75, 105)).every(Boolean)).toBe(true);
  });

  it('describes the same sounds alike at another loudness and sample rate, and different sounds apart', () => {
    const a = features(16_000);
    const b = features(22_050, 0.1);
    const both = alignmentFeatures({ ...a, quiet: (f) => !a.sound[f] }, b);
    expect(both.recording.length).toBe(a.frames.count * DIMS);
    const ah = 20;
    const ee = 90;
    const same = frameDistance(both.recording, ah, both.reference, ah);
    const sameEe = frameDistance(both.recording, ee, both.reference, ee);
    const different = frameDistance(both.recording, ah, both.reference, ee);
    expect(same).toBeLessThan(different / 4);
    expect(sameEe).toBeLessThan(different / 4);
  });
});
