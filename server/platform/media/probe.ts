import { runMediaTool } from './run-tool';

const PROBE_TIMEOUT_MS = 15_000;

export type ProbedMedia = {
  /** What the container says of its length, when it says (MediaRecorder's WebM does not). */
  durationSeconds: number | null;
  streams: { type: string; codec: string }[];
};

/**
 * What a file's container says about itself, read by ffprobe without decoding: cheap
 * enough to refuse a file that announces itself too long before any decoding starts.
 * `demuxer` forces the container (never guessed: no playlists, no image sequences).
 */
export async function probeMedia(path: string, demuxer?: string): Promise<ProbedMedia | null> {
  // biome-ignore format: options read best grouped with their values
  const args = [
    '-v', 'error', '-protocol_whitelist', 'file',
    ...(demuxer ? ['-f', demuxer] : []),
    '-show_entries', 'format=duration:stream=codec_type,codec_name',
    '-of', 'json', path,
  ];
  const run = await runMediaTool('ffprobe', args, {
    timeoutMs: PROBE_TIMEOUT_MS,
    maxStdoutBytes: 64 * 1024,
  });
  if (run.exitCode !== 0 || run.killed) return null;
  try {
    const parsed = JSON.parse(run.stdout.toString('utf8')) as {
      streams?: { codec_type?: string; codec_name?: string }[];
      format?: { duration?: string };
    };
    const duration = Number(parsed.format?.duration);
    return {
      durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
      streams: (parsed.streams ?? []).map((stream) => ({
        type: stream.codec_type ?? '',
        codec: stream.codec_name ?? '',
      })),
    };
  } catch {
    return null;
  }
}
