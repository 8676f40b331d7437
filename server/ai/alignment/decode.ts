import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMediaTool } from '../../platform/media';

/** Aligning listens at 16 kHz: speech's features all lie under 8 kHz. */
export const ANALYSIS_RATE = 16_000;
/** The cleaned recording keeps the rate the video's sound track is encoded at. */
export const OUTPUT_RATE = 44_100;
const DECODE_TIMEOUT_MS = 60_000;
/** Recordings are kept to about two minutes; ten is far past any the app stores. */
const MAX_SECONDS = 600;

/**
 * Decodes a recording (any format ffmpeg reads: WebM/Opus, Ogg, MP4/AAC, WAV, MP3) to mono
 * samples in −1..1 at `sampleRate`, with the bundled ffmpeg as background work. The file
 * goes through a private temp file: MP4 cannot be read from a pipe.
 */
export async function decodeMono(recording: Uint8Array, sampleRate: number): Promise<Float32Array> {
  const dir = await mkdtemp(join(tmpdir(), 'cv-align-'));
  try {
    const input = join(dir, 'recording');
    await writeFile(input, recording, { mode: 0o600 });
    // biome-ignore format: options read best grouped with their values
    const args = [
      '-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error',
      '-protocol_whitelist', 'file',
      '-i', input, '-map', '0:a:0', '-vn', '-t', String(MAX_SECONDS),
      '-ac', '1', '-ar', String(sampleRate), '-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1',
    ];
    const run = await runMediaTool('ffmpeg', args, {
      work: 'background',
      timeoutMs: DECODE_TIMEOUT_MS,
      maxStdoutBytes: MAX_SECONDS * sampleRate * 2 + 4096,
      overflow: 'fail',
      maxStderrBytes: 4096,
    });
    if (run.exitCode !== 0 || run.killed) {
      throw new Error(`The recording could not be decoded: ${run.stderr.trim().slice(0, 300)}`);
    }
    const pcm = run.stdout;
    const samples = new Float32Array(Math.floor(pcm.length / 2));
    for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2) / 32_768;
    return samples;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
