import { PowerSpectrum } from './fft';

/** Features are taken every 10 ms: frame i stands for the audio from i·10 ms to (i+1)·10 ms. */
export const FRAME_MS = 10;
const WINDOW_MS = 25;
export const MEL_BANDS = 26;
const PRE_EMPHASIS = 0.97;
/**
 * The filterbank spans 100 Hz to 7.6 kHz whatever the sample rate, so a 16 kHz recording
 * and the synthesizer's 22.05 kHz speech are described by the same bands.
 */
const LOWEST_HZ = 100;
const HIGHEST_HZ = 7600;

export type Frames = {
  /** Number of frames. */
  count: number;
  /** MEL_BANDS band powers per frame, frame after frame. */
  mel: Float32Array;
  /** Each frame's level in dB relative to full scale (−120 for digital silence). */
  levelDb: Float32Array;
};
const melOf = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const hzOfMel = (mel: number) => 700 * (10 ** (mel / 2595) - 1);

/** Triangular filters on the mel scale, as [first bin, weights] per filter. */
function melFilterbank(fftSize: number, sampleRate: number) {
  const top = Math.min(HIGHEST_HZ, sampleRate / 2 - 100);
  const lowMel = melOf(LOWEST_HZ);
  const highMel = melOf(top);
  const edges = Array.from({ length: MEL_BANDS + 2 }, (_, i) =>
    hzOfMel(lowMel + ((highMel - lowMel) * i) / (MEL_BANDS + 1)),
  );
  const binHz = sampleRate / fftSize;
  return Array.from({ length: MEL_BANDS }, (_, m) => {
    const [left, centre, right] = [edges[m]!, edges[m + 1]!, edges[m + 2]!];
    const first = Math.ceil(left / binHz);
    const last = Math.floor(right / binHz);
    const weights = new Float64Array(Math.max(0, last - first + 1));
    for (let bin = first; bin <= last; bin++) {
      const hz = bin * binHz;
      weights[bin - first] =
        hz <= centre ? (hz - left) / (centre - left) : (right - hz) / (right - centre);
    }
    return { first, weights };
  });
}

/**
 * The mel spectrum and level of every 10 ms frame of mono samples in −1..1: pre-emphasis,
 * a 25 ms Hamming window centred on the frame, the power spectrum, and 26 triangular bands
 * on the mel scale. Cepstra are taken later, once the two signals' noise is matched.
 */
export function melFrames(samples: Float32Array, sampleRate: number): Frames {
  const hop = (sampleRate * FRAME_MS) / 1000;
  const window = Math.round((sampleRate * WINDOW_MS) / 1000);
  const fftSize = 2 ** Math.ceil(Math.log2(window));
  const count = Math.floor(samples.length / hop);
  const spectrum = new PowerSpectrum(fftSize);
  const filters = melFilterbank(fftSize, sampleRate);
  const hamming = Float64Array.from(
    { length: window },
    (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (window - 1)),
  );
  const mel = new Float32Array(count * MEL_BANDS);
  const levelDb = new Float32Array(count);
  const frame = new Float64Array(window);
  const power = new Float64Array(fftSize / 2 + 1);
  for (let f = 0; f < count; f++) {
    const start = Math.round(f * hop + hop / 2 - window / 2);
    let energy = 0;
    for (let i = 0; i < window; i++) {
      const at = start + i;
      const sample = at >= 0 && at < samples.length ? samples[at]! : 0;
      const before = at >= 1 && at - 1 < samples.length ? samples[at - 1]! : 0;
      energy += sample * sample;
      frame[i] = (sample - PRE_EMPHASIS * before) * hamming[i]!;
    }
    levelDb[f] = 10 * Math.log10(Math.max(energy / window, 1e-12));
    spectrum.compute(frame, power);
    for (const [m, filter] of filters.entries()) {
      let sum = 0;
      for (let j = 0; j < filter.weights.length; j++)
        sum += filter.weights[j]! * power[filter.first + j]!;
      // Per sample of the window, so that sample rates compare.
      mel[f * MEL_BANDS + m] = sum / fftSize;
    }
  }
  return { count, mel, levelDb };
}
