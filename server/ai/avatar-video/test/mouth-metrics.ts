import { spawn } from 'node:child_process';
import { mediaBinary } from '../../../platform/media';
import type { Point } from '../../media-types';

/*
 * Measures a rendered MP4 as a parent meets it: the mouth's opening from the pictures and
 * the loudness from the sound track, frame by frame, and how well they agree. Nothing
 * here knows how the video was made; it is told only where the mouth is in the picture.
 */

const FPS = 25;
const AUDIO_RATE = 16_000;

function run(args: string[]): Promise<Buffer> {
  return mediaBinary('ffmpeg').then(
    (ffmpeg) =>
      new Promise((resolve, reject) => {
        const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        const out: Buffer[] = [];
        let err = '';
        child.stdout.on('data', (c: Buffer) => out.push(c));
        child.stderr.on('data', (c: Buffer) => {
          err += c.toString();
        });
        child.on('error', reject);
        child.on('close', (code) =>
          code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`ffmpeg failed: ${err}`)),
        );
      }),
  );
}

export type MouthRegion = {
  x: number;
  y: number;
  width: number;
  height: number;
  mouthWidth: number;
};

/**
 * Where to look for the mouth, from its landmarks in the video's pixels: between the
 * mouth corners (the inside of the mouth never reaches past them) and from the top of the
 * upper lip to below the lower lip by the jaw's reach; nothing of the cheeks, where hair
 * or a collar's shadow could move in and out with the head.
 */
export function mouthRegion(landmarks: Point[]): MouthRegion {
  const lips = landmarks.slice(48, 68);
  const xs = lips.map((p) => p.x);
  const ys = lips.map((p) => p.y);
  const left = Math.min(...xs);
  const right = Math.max(...xs);
  const mouthWidth = right - left;
  const x = Math.round(left + mouthWidth * 0.12);
  const y = Math.round(Math.min(...ys) - mouthWidth * 0.05);
  return {
    x,
    y,
    width: Math.round(mouthWidth * 0.76) & ~1,
    height: Math.round(Math.max(...ys) - y + mouthWidth * 0.3) & ~1,
    mouthWidth,
  };
}

/**
 * How open the mouth is in each frame, as the mean height of the dark inside of the mouth
 * across the mouth's width, in mouth widths (0.1: a tenth as high as wide): pixels under 30 % of the region's middle brightness
 * (darker than any lip, skin or lipstick in the region), above what the quietest frames
 * show (a lip line or a shadow that is always there).
 */
export async function mouthOpenings(video: string, region: MouthRegion): Promise<number[]> {
  const { x, y, width, height } = region;
  // biome-ignore format: options read best grouped with their values
  const out = await run([
    '-v', 'error', '-i', video,
    '-vf', `fps=${FPS},crop=${width}:${height}:${x}:${y}`,
    '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1',
  ]);
  const size = width * height * 3;
  const frames: Buffer[] = [];
  for (let i = 0; i + size <= out.length; i += size) frames.push(out.subarray(i, i + size));
  const lumaOf = (f: Buffer, i: number) =>
    0.299 * (f[i] as number) + 0.587 * (f[i + 1] as number) + 0.114 * (f[i + 2] as number);
  const first = frames[0] as Buffer;
  const lumas: number[] = [];
  for (let i = 0; i < first.length; i += 3) lumas.push(lumaOf(first, i));
  lumas.sort((a, b) => a - b);
  const middle = lumas[Math.floor(lumas.length / 2)] ?? 128;
  const darkBelow = middle * 0.3;
  const counts = frames.map((f) => {
    let n = 0;
    for (let i = 0; i < f.length; i += 3) if (lumaOf(f, i) < darkBelow) n++;
    return n;
  });
  const sorted = [...counts].sort((a, b) => a - b);
  const baseline = sorted[Math.floor(sorted.length * 0.05)] ?? 0;
  return counts.map((n) => Math.max(0, n - baseline) / region.mouthWidth ** 2);
}

/** Loudness in dB (full scale) of the sound track over each video frame. */
export async function loudnessPerFrame(video: string): Promise<number[]> {
  // biome-ignore format: options read best grouped with their values
  const bytes = await run([
    '-v', 'error', '-i', video, '-map', '0:a:0', '-ac', '1', '-ar', String(AUDIO_RATE),
    '-f', 's16le', 'pipe:1',
  ]);
  const perFrame = AUDIO_RATE / FPS;
  const levels: number[] = [];
  for (let start = 0; start + perFrame * 2 <= bytes.length / 1; start += perFrame * 2) {
    let sum = 0;
    for (let i = 0; i < perFrame; i++) {
      const v = bytes.readInt16LE(start + i * 2) / 32768;
      sum += v * v;
    }
    levels.push(20 * Math.log10(Math.sqrt(sum / perFrame) + 1e-6));
  }
  return levels;
}

export type LipSyncReport = {
  /** Share of frames at least 120 ms into a silence with the mouth closed. */
  closedInPauses: number;
  /** Share of sounding frames with the mouth closed (m, b, p and the like). */
  closedWhileSounding: number;
  /** Pearson correlation of mouth opening and loudness (dB, floored at the silence gate). */
  correlation: number;
  pauseFrames: number;
  soundingFrames: number;
};

/**
 * A mouth counts as closed when what shows between the lips is no more than a line: under
 * 1.5 % of the mouth's width high on average (1.4 pixels for a mouth 94 pixels wide).
 */
export const CLOSED_BELOW = 0.015;

export function lipSyncReport(openings: number[], loudness: number[]): LipSyncReport {
  const n = Math.min(openings.length, loudness.length);
  const sorted = loudness.slice(0, n).sort((a, b) => a - b);
  const peak = sorted[Math.floor(n * 0.95)] ?? 0;
  // Silence: 35 dB under the loud frames, or below -55 dBFS whatever the level.
  const gate = Math.max(-55, peak - 35);
  const pauseAfterFrames = Math.ceil(0.12 * FPS);
  let silentRun = 0;
  let pause = 0;
  let pauseClosed = 0;
  let sounding = 0;
  let soundingClosed = 0;
  for (let f = 0; f < n; f++) {
    const closed = (openings[f] ?? 0) < CLOSED_BELOW;
    if ((loudness[f] ?? -120) < gate) {
      silentRun++;
      if (silentRun > pauseAfterFrames) {
        pause++;
        if (closed) pauseClosed++;
      }
    } else {
      silentRun = 0;
      sounding++;
      if (closed) soundingClosed++;
    }
  }
  const a = openings.slice(0, n);
  const b = loudness.slice(0, n).map((db) => Math.max(gate, db));
  return {
    closedInPauses: pause ? pauseClosed / pause : 1,
    closedWhileSounding: sounding ? soundingClosed / sounding : 0,
    correlation: pearson(a, b),
    pauseFrames: pause,
    soundingFrames: sounding,
  };
}

function pearson(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    const x = (a[i] as number) - ma;
    const y = (b[i] as number) - mb;
    num += x * y;
    da += x * x;
    db += y * y;
  }
  return da && db ? num / Math.sqrt(da * db) : 0;
}
