import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMediaTool } from './run-tool';

/** Copying packets up to a point takes a fraction of a second; longer means something is wrong. */
const CUT_TIMEOUT_MS = 30_000;

/** The muxer that writes back each container a recording arrives in. */
const MUXERS = { matroska: 'webm', ogg: 'ogg', mov: 'ipod', wav: 'wav' } as const;
export type CuttableContainer = keyof typeof MUXERS;

/**
 * The first `seconds` of a recording's first audio stream, in its own container and codec:
 * the packets are copied, not re-encoded, so the clip sounds exactly as recorded and the cut
 * lands on a packet boundary (20 ms for Opus, 23 ms for AAC). `demuxer` is forced, as for
 * every tool run here. Returns null when ffmpeg cannot do it (the caller keeps what it has).
 */
export async function cutAudio(
  bytes: Buffer,
  demuxer: CuttableContainer,
  seconds: number,
): Promise<Buffer | null> {
  const dir = await mkdtemp(join(tmpdir(), 'cv-cut-'));
  try {
    const input = join(dir, 'clip');
    const output = join(dir, 'cut');
    await writeFile(input, bytes, { mode: 0o600 });
    // biome-ignore format: options read best grouped with their values
    const args = [
      '-hide_banner', '-nostdin', '-nostats', '-loglevel', 'error',
      '-protocol_whitelist', 'file',
      '-f', demuxer, '-i', input,
      '-map', '0:a:0', '-vn', '-sn', '-dn', '-t', String(seconds), '-c', 'copy',
      '-f', MUXERS[demuxer], output,
    ];
    const run = await runMediaTool('ffmpeg', args, {
      timeoutMs: CUT_TIMEOUT_MS,
      maxStderrBytes: 16 * 1024,
    });
    if (run.exitCode !== 0 || run.killed) return null;
    const cut = await readFile(output);
    return cut.length > 0 ? cut : null;
  } catch {
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
