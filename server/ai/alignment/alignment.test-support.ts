/*
 * Generated "recordings" with known word times, for the aligner's tests: eSpeak NG says a
 * sentence in a voice and at a rate of the test's choosing (another accent than the
 * aligner's reference), and reports when each word starts. Ums and pauses are spliced in
 * at word boundaries, and the known times move with them.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { timingFromEspeak } from '../speech-synthesis';
import { transcriptWords } from './transcript-words';

const WORKER = fileURLToPath(new URL('../speech-synthesis/espeak-worker.mjs', import.meta.url));

export type GeneratedRecording = {
  samples: Float32Array;
  sampleRate: number;
  /** Start of each word of `text` (by its place in the text), in milliseconds. */
  wordStarts: Map<number, number>;
  /** End of each word of `text`, in milliseconds. */
  wordEnds: Map<number, number>;
};

/** `text` said by eSpeak NG in `voice` (any voice name it knows, e.g. "en-us+f2") at `rate`. */
export async function speak(
  text: string,
  voice: string,
  rate: number,
): Promise<GeneratedRecording> {
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [WORKER], { stdio: ['pipe', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(chunks).toString('utf8'))
        : reject(new Error(`eSpeak ${code}`)),
    );
    child.stdin.end(JSON.stringify({ text, voice, rate, pitch: 50 }));
  });
  const parsed = JSON.parse(output);
  const pcm = Buffer.from(parsed.pcm, 'base64');
  const samples = new Float32Array(pcm.length / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2) / 32_768;
  const timing = timingFromEspeak(text, parsed, (samples.length / parsed.sampleRate) * 1000);
  const wordStarts = new Map<number, number>();
  const wordEnds = new Map<number, number>();
  for (const word of transcriptWords(text)) {
    const said = timing.words.filter(
      (w) => w.textStart !== undefined && w.textStart >= word.start && w.textStart < word.end,
    );
    if (said.length === 0) continue;
    wordStarts.set(word.start, Math.min(...said.map((w) => w.startMs)));
    wordEnds.set(word.start, Math.max(...said.map((w) => w.endMs)));
  }
  return { samples, sampleRate: parsed.sampleRate, wordStarts, wordEnds };
}

/**
 * Inserts `insert` (samples at the same rate) just before the word that starts at
 * character `beforeWord` of the text; every later word's known time moves with it.
 */
export function spliceBefore(
  recording: GeneratedRecording,
  beforeWord: number,
  insert: Float32Array,
): GeneratedRecording {
  const atMs = recording.wordStarts.get(beforeWord);
  if (atMs === undefined) throw new Error(`No word starts at character ${beforeWord}`);
  const at = Math.round((atMs / 1000) * recording.sampleRate);
  const samples = new Float32Array(recording.samples.length + insert.length);
  samples.set(recording.samples.subarray(0, at));
  samples.set(insert, at);
  samples.set(recording.samples.subarray(at), at + insert.length);
  const shift = (insert.length / recording.sampleRate) * 1000;
  const moved = (times: Map<number, number>) =>
    new Map([...times].map(([word, ms]) => [word, word >= beforeWord ? ms + shift : ms]));
  return {
    samples,
    sampleRate: recording.sampleRate,
    wordStarts: moved(recording.wordStarts),
    wordEnds: moved(recording.wordEnds),
  };
}

/** Silence of the given length at the recording's rate. */
export const silence = (recording: { sampleRate: number }, ms: number) =>
  new Float32Array(Math.round((recording.sampleRate * ms) / 1000));

/** The sound between `fromMs` and `toMs` of a recording (to cut an "um" out of one). */
export const excerpt = (recording: GeneratedRecording, fromMs: number, toMs: number) =>
  recording.samples.slice(
    Math.round((fromMs / 1000) * recording.sampleRate),
    Math.round((toMs / 1000) * recording.sampleRate),
  );

/** White noise added `db` dB under full scale (a room's hiss); deterministic. */
export function withNoise(samples: Float32Array, db: number, seed = 7): Float32Array {
  const amplitude = 10 ** (db / 20) * Math.sqrt(3);
  let state = seed;
  return samples.map((sample) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return sample + (state / 2 ** 31 - 0.5) * 2 * amplitude;
  });
}

/** The recording turned up `gain` times and clipped at ±`limit`, as an overdriven microphone. */
export const clipped = (samples: Float32Array, gain: number, limit: number) =>
  samples.map((sample) => Math.max(-limit, Math.min(limit, sample * gain)));

/** Errors of the aligned word starts against the known ones, in ms, sorted. */
export function startErrors(
  known: Map<number, number>,
  aligned: Array<{ textStart?: number; startMs: number }>,
): number[] {
  const byStart = new Map(aligned.map((word) => [word.textStart, word.startMs]));
  return [...known]
    .map(([word, ms]) => Math.abs((byStart.get(word) ?? Number.POSITIVE_INFINITY) - ms))
    .sort((a, b) => a - b);
}

/** The value under which `share` of the sorted values lie. */
export const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
