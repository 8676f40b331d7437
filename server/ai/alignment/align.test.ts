import { beforeAll, describe, expect, it } from 'vitest';
import { alignToReference } from './align';
import {
  clipped,
  excerpt,
  type GeneratedRecording,
  percentile,
  silence,
  speak,
  spliceBefore,
  startErrors,
  withNoise,
} from './alignment.test-support';
import { type Reference, synthesizeReference } from './reference';
import { alignSamples, fitsWell } from './transcript-alignment';
import { transcriptWords } from './transcript-words';

const TEXT =
  'Amelia has worked hard this term, and her reading has really improved. She now reads aloud with confidence.';
const words = transcriptWords(TEXT);
const at = (index: number) => words[index]!.start;

/** The recording: an American voice at 185 words a minute; the reference: British, 160. */
let recording: GeneratedRecording;
let um: Float32Array;
let reference: Reference;

beforeAll(async () => {
  const [said, saidUm, ref] = await Promise.all([
    speak(TEXT, 'en-us+f2', 185),
    speak('Um.', 'en-us+f2', 185),
    synthesizeReference(TEXT, null),
  ]);
  recording = { ...said, samples: withNoise(said.samples, -60) };
  const [umStart = 0] = saidUm.wordStarts.values();
  const [umEnd = 0] = saidUm.wordEnds.values();
  um = excerpt(saidUm, umStart, umEnd);
  reference = ref;
});

/** Aligns, logs and returns the word-start errors' median and 95th percentile. */
function measure(name: string, take: GeneratedRecording) {
  const started = performance.now();
  const aligned = alignToReference(take, reference);
  const ms = performance.now() - started;
  expect(aligned).not.toBeNull();
  const errors = startErrors(take.wordStarts, aligned?.timing.words ?? []);
  const median = percentile(errors, 0.5);
  const p95 = percentile(errors, 0.95);
  const seconds = take.samples.length / take.sampleRate;
  console.info(
    `${name}: word-start error median ${Math.round(median)} ms, p95 ${Math.round(p95)} ms over ${errors.length} words; ` +
      `${(ms / seconds).toFixed(0)} ms per second of audio`,
  );
  expect(fitsWell(aligned!.quality)).toBe(true);
  return { median, p95, aligned: aligned! };
}

describe('forced alignment of a transcript to a generated recording (known word times)', () => {
  it('places every word of another voice at another pace', () => {
    const { median, p95, aligned } = measure('other voice and pace', recording);
    expect(median).toBeLessThanOrEqual(60);
    expect(p95).toBeLessThanOrEqual(150);
    // Every transcript word, in order, with its place in the text; phonemes tile the words.
    expect(aligned.timing.words.map((w) => w.text)).toEqual(words.map((w) => w.text));
    expect(aligned.timing.words.map((w) => w.textStart)).toEqual(words.map((w) => w.start));
    for (const [i, word] of aligned.timing.words.entries()) {
      expect(word.endMs).toBeGreaterThan(word.startMs);
      expect(word.startMs).toBeGreaterThanOrEqual(aligned.timing.words[i - 1]?.endMs ?? 0);
    }
    const sounding = aligned.timing.phonemes.filter((p) => p.phoneme);
    expect(sounding.some((p) => p.phoneme === 'm')).toBe(true);
    // Every sound of a word keeps at least a frame, so a short "m" still shuts the lips.
    expect(sounding.every((p) => p.endMs > p.startMs)).toBe(true);
    for (const [i, p] of aligned.timing.phonemes.entries())
      expect(p.startMs).toBeGreaterThanOrEqual(aligned.timing.phonemes[i - 1]?.startMs ?? 0);
  });

  it('gives long pauses the synthesized speech lacks to no word', () => {
    let take = spliceBefore(recording, at(4), silence(recording, 1200));
    take = spliceBefore(take, at(12), silence(recording, 900));
    const { median, p95, aligned } = measure('pauses of 1.2 s and 0.9 s', take);
    expect(median).toBeLessThanOrEqual(60);
    expect(p95).toBeLessThanOrEqual(150);
    // The pause before "this" is a pause, not the end of "hard".
    const hard = aligned.timing.words[3]!;
    expect(take.wordStarts.get(at(4))! - hard.endMs).toBeGreaterThan(900);
  });

  it('leaves "um"s the transcript lacks out of the words beside them', () => {
    const umWithPauses = () => {
      const pause = silence(recording, 150);
      const out = new Float32Array(um.length + 2 * pause.length);
      out.set(um, pause.length);
      return out;
    };
    let take = spliceBefore(recording, at(2), umWithPauses());
    take = spliceBefore(take, at(8), umWithPauses());
    take = spliceBefore(take, at(15), silence(recording, 700));
    const { median, p95, aligned } = measure('two spliced ums and a pause', take);
    expect(median).toBeLessThanOrEqual(60);
    expect(p95).toBeLessThanOrEqual(150);
    // The um's stretch is shown as sound no word accounts for.
    expect(aligned.quality.unmatchedSound).toBeGreaterThan(0.03);
  });

  it('copes with room noise (20 dB under the speech) and an overdriven, clipped microphone', () => {
    const noisy = measure('room noise at -35 dBFS', {
      ...recording,
      samples: withNoise(recording.samples, -35),
    });
    expect(noisy.median).toBeLessThanOrEqual(60);
    expect(noisy.p95).toBeLessThanOrEqual(150);
    const loud = measure('gain x4, clipped at 0.3', {
      ...recording,
      samples: clipped(recording.samples, 4, 0.3),
    });
    expect(loud.median).toBeLessThanOrEqual(60);
    expect(loud.p95).toBeLessThanOrEqual(150);
  });

  it('has nothing to align without words or without sound', async () => {
    // A transcript of something else is refused too: see recorded-voice.test.ts.
    expect(await alignSamples(recording.samples, ' , . ')).toBeNull();
    const silent = { samples: new Float32Array(48_000), sampleRate: 16_000 };
    expect(alignToReference(silent, reference)).toBeNull();
  });
});
