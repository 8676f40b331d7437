import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { encodeWav, syntheticVoice } from '../../ai/voice-analysis';

/** Test media made on the spot, so the tests need nothing outside npm packages. */

export const dataUrl = (bytes: Buffer, type: string) =>
  `data:${type};base64,${bytes.toString('base64')}`;

/** Eight seconds of a voice-like signal at 130 Hz, as WAV. */
export const voiceWav = () =>
  encodeWav(syntheticVoice({ pitchHz: 130, syllablesPerSecond: 4, seconds: 8 }), 16_000);

export const silentWav = (seconds = 5) => encodeWav(new Float32Array(16_000 * seconds), 16_000);

/** A short clip made by the bundled ffmpeg (e.g. a test-pattern video). */
export function makeWithFfmpeg(extension: string, args: string[]): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'cv-media-'));
  try {
    const out = join(dir, `clip.${extension}`);
    const run = spawnSync(ffmpeg.path, ['-hide_banner', '-loglevel', 'error', ...args, '-y', out]);
    if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// biome-ignore format: options read best grouped with their values
export const testVideo = () =>
  makeWithFfmpeg('mp4', [
    '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15:duration=2',
    '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart',
  ]);
