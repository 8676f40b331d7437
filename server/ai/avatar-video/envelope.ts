import { runMediaTool } from '../../platform/media';

export const ENVELOPE_SAMPLE_RATE = 16_000;
const DECODE_TIMEOUT_MS = 60_000;
/** Ten minutes of 16 kHz mono 16-bit samples: far past any recording the app keeps. */
const MAX_PCM_BYTES = 10 * 60 * ENVELOPE_SAMPLE_RATE * 2;

/** Decodes any audio ffmpeg reads (webm/opus, ogg, m4a, wav, mp3) to 16 kHz mono s16le. */
export async function decodeToPcm(audioPath: string): Promise<Int16Array> {
  // biome-ignore format: options read best grouped with their values
  const args = [
    '-hide_banner', '-nostdin', '-loglevel', 'error',
    '-protocol_whitelist', 'file',
    '-i', audioPath, '-map', '0:a:0', '-vn',
    '-ac', '1', '-ar', String(ENVELOPE_SAMPLE_RATE), '-f', 's16le', 'pipe:1',
  ];
  const run = await runMediaTool('ffmpeg', args, {
    work: 'background',
    timeoutMs: DECODE_TIMEOUT_MS,
    maxStdoutBytes: MAX_PCM_BYTES,
    overflow: 'fail',
    maxStderrBytes: 4000,
  });
  if (run.exitCode !== 0 || run.killed) {
    throw new Error(`The recording could not be decoded: ${run.stderr.slice(0, 300)}`);
  }
  const bytes = run.stdout;
  const samples = new Int16Array(Math.floor(bytes.length / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2);
  return samples;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

/**
 * Loudness 0..1 for each video frame: 0 at or below a noise gate set from the recording's
 * own quiet and loud levels (so pauses and room noise read as silence), 1 at its loud
 * frames, linear in decibels between.
 */
export function frameLoudness(pcm: Int16Array, sampleRate: number, fps: number): number[] {
  const perFrame = sampleRate / fps;
  const frames = Math.ceil(pcm.length / perFrame);
  const levels: number[] = [];
  for (let f = 0; f < frames; f++) {
    const start = Math.floor(f * perFrame);
    const end = Math.min(pcm.length, Math.floor((f + 1) * perFrame));
    let sum = 0;
    for (let i = start; i < end; i++) {
      const v = (pcm[i] ?? 0) / 32768;
      sum += v * v;
    }
    const rms = Math.sqrt(sum / Math.max(1, end - start));
    levels.push(20 * Math.log10(rms + 1e-6));
  }
  const sorted = [...levels].sort((a, b) => a - b);
  const floor = percentile(sorted, 0.1);
  const peak = percentile(sorted, 0.95);
  // Absolute floor: digital silence or a very quiet room never opens the mouth.
  const gate = Math.max(-50, floor + Math.max(6, (peak - floor) * 0.3));
  const span = Math.max(3, peak - gate);
  return levels.map((db) => Math.min(1, Math.max(0, (db - gate) / span)) ** 0.8);
}

/**
 * Mouth openness 0..1 for each video frame, from the speech's loudness alone: fast attack
 * and slower release look like jaw movement rather than flicker, and the mouth is shut
 * whenever the loudness is under the gate.
 */
export function mouthEnvelope(pcm: Int16Array, sampleRate: number, fps: number): number[] {
  const openness: number[] = [];
  let previous = 0;
  for (const raw of frameLoudness(pcm, sampleRate, fps)) {
    const alpha = raw > previous ? 0.7 : 0.5;
    previous = previous + alpha * (raw - previous);
    openness.push(previous < 0.04 ? 0 : previous);
  }
  return openness;
}

export type Segment = { start: number; end: number };

/** Stretches of speech in seconds (gaps under 0.35 s bridged), for timing captions. */
export function voicedSegments(openness: number[], fps: number): Segment[] {
  const segments: Segment[] = [];
  for (let f = 0; f < openness.length; f++) {
    if ((openness[f] ?? 0) <= 0) continue;
    const t = f / fps;
    const last = segments.at(-1);
    if (last && t - last.end <= 0.35) last.end = t + 1 / fps;
    else segments.push({ start: t, end: t + 1 / fps });
  }
  return segments;
}
