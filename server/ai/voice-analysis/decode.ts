import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMediaTool } from '../../platform/media';

export const SAMPLE_RATE = 16_000;
const TIMEOUT_MS = 60_000;
/** A minute and a half is plenty to measure a voice, and keeps the measurement under ~5 s. */
const MAX_ANALYSED_SECONDS = 90;
/** 90 s of 16 kHz mono 16-bit PCM, with slack. */
const MAX_PCM_BYTES = 11 * 1024 * 1024;

/**
 * Decodes an (already inspected) recording to 16 kHz mono samples in -1..1 with the
 * bundled ffmpeg. The file goes through a private temp file: MP4 cannot be read from a pipe.
 */
export async function decodeToPcm(bytes: Uint8Array): Promise<Float32Array> {
  const dir = await mkdtemp(join(tmpdir(), 'cv-voice-'));
  try {
    const input = join(dir, 'sample');
    await writeFile(input, bytes, { mode: 0o600 });
    // biome-ignore format: options read best grouped with their values
    const args = [
      '-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error',
      '-protocol_whitelist', 'file',
      '-i', input, '-map', '0:a:0', '-vn', '-t', String(MAX_ANALYSED_SECONDS),
      '-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1',
    ];
    const run = await runMediaTool('ffmpeg', args, {
      timeoutMs: TIMEOUT_MS,
      maxStdoutBytes: MAX_PCM_BYTES,
      overflow: 'fail',
      maxStderrBytes: 4096,
    });
    if (run.exitCode !== 0 || run.killed) {
      throw new Error(`ffmpeg could not decode the sample: ${run.stderr.trim().slice(0, 300)}`);
    }
    const pcm = run.stdout;
    const samples = new Float32Array(Math.floor(pcm.length / 2));
    for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2) / 32_768;
    return samples;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
