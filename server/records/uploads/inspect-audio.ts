import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_RECORDING_SECONDS } from '../../../contract/recording-limits';
import { type CuttableContainer, probeMedia, runMediaTool } from '../../platform/media';
import {
  damagedRecording,
  fileEmpty,
  fileTooLarge,
  recordingTooLong,
  unsupportedRecording,
} from './upload-errors';

export const MAX_AUDIO_BYTES = 10 * 1024 * 1024;
/** The longest recorder's limit and its grace (contract/recording-limits.ts). */
export const MAX_AUDIO_SECONDS = MAX_RECORDING_SECONDS;
/** Decoding three minutes of audio takes about a second; longer means something is wrong. */
const FFMPEG_TIMEOUT_MS = 30_000;

type Container = {
  /** ffmpeg demuxer, forced so ffmpeg never guesses (no playlists, no image sequences). */
  demuxer: CuttableContainer;
  contentType: string;
  extension: string;
  /** Codecs a browser plays in that container. */
  codecs: RegExp;
};

/*
 * What browsers' MediaRecorder produces: Chrome and Firefox WebM or Ogg with Opus,
 * Safari MP4 with AAC; WAV from other recorders.
 */
function sniffContainer(bytes: Buffer): Container | null {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.readUInt32BE(0) === 0x1a45dfa3) {
    return {
      demuxer: 'matroska',
      contentType: 'audio/webm',
      extension: 'webm',
      codecs: /^(opus|vorbis)$/,
    };
  }
  if (ascii(0, 4) === 'OggS') {
    return {
      demuxer: 'ogg',
      contentType: 'audio/ogg',
      extension: 'ogg',
      codecs: /^(opus|vorbis)$/,
    };
  }
  if (ascii(4, 8) === 'ftyp') {
    return { demuxer: 'mov', contentType: 'audio/mp4', extension: 'm4a', codecs: /^(aac|opus)$/ };
  }
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') {
    return { demuxer: 'wav', contentType: 'audio/wav', extension: 'wav', codecs: /^pcm_/ };
  }
  return null;
}

/**
 * Checks a recorded feedback clip and measures its real length by decoding it:
 * MediaRecorder's WebM carries no duration in its header, so a header cannot be trusted.
 */
export async function inspectAudio(
  bytes: Buffer,
  limits: { maxSeconds?: number } = {},
): Promise<{
  contentType: string;
  extension: string;
  durationSeconds: number;
  /** The container, as ffmpeg names it: what a cut at the limit writes back. */
  container: CuttableContainer;
}> {
  const maxSeconds = limits.maxSeconds ?? MAX_AUDIO_SECONDS;
  if (bytes.length === 0) throw fileEmpty();
  if (bytes.length > MAX_AUDIO_BYTES) throw fileTooLarge(MAX_AUDIO_BYTES);
  const container = bytes.length >= 12 ? sniffContainer(bytes) : null;
  if (!container) throw unsupportedRecording();

  const decoded = await decodeWithFfmpeg(bytes, container.demuxer, maxSeconds);
  if (!decoded.ok || decoded.durationSeconds === null || decoded.durationSeconds <= 0) {
    throw damagedRecording();
  }
  if (!decoded.codec || !container.codecs.test(decoded.codec)) throw unsupportedRecording();
  if (decoded.durationSeconds > maxSeconds) throw recordingTooLong(maxSeconds);
  return {
    contentType: container.contentType,
    extension: container.extension,
    durationSeconds: Math.round(decoded.durationSeconds * 1000) / 1000,
    container: container.demuxer,
  };
}

type Decoded = { ok: boolean; codec: string | null; durationSeconds: number | null };

/**
 * Measures a clip at a bounded cost. The container's own length, when it gives one, is
 * read first and a clip that announces itself too long is refused without decoding (a
 * 1 MB Ogg can hold hours of silence). Otherwise the first audio stream is decoded to
 * nowhere, stopping a second past the limit: a clip can never cost more than the limit's
 * worth of decoding. The clip goes through a private temp file, not stdin: an MP4 whose
 * index sits at the end cannot be read from a pipe.
 */
async function decodeWithFfmpeg(
  bytes: Buffer,
  demuxer: Container['demuxer'],
  maxSeconds: number,
): Promise<Decoded> {
  const dir = await mkdtemp(join(tmpdir(), 'cv-audio-'));
  try {
    const input = join(dir, 'clip');
    await writeFile(input, bytes, { mode: 0o600 });
    const probed = await probeMedia(input, demuxer);
    if (probed?.durationSeconds && probed.durationSeconds > maxSeconds + 1) {
      const codec = probed.streams.find((stream) => stream.type === 'audio')?.codec ?? null;
      return { ok: true, codec, durationSeconds: probed.durationSeconds };
    }
    // biome-ignore format: options read best grouped with their values
    const args = [
      '-hide_banner', '-nostdin', '-nostats',
      '-protocol_whitelist', 'file',
      '-f', demuxer, '-i', input,
      '-map', '0:a:0', '-vn', '-sn', '-dn', '-t', String(maxSeconds + 1),
      '-f', 'null', '-progress', 'pipe:1', '-',
    ];
    const run = await runMediaTool('ffmpeg', args, {
      timeoutMs: FFMPEG_TIMEOUT_MS,
      maxStdoutBytes: 256 * 1024,
      overflow: 'keep-tail',
      maxStderrBytes: 256 * 1024,
    });
    const stdout = run.stdout.toString('utf8');
    return {
      ok: run.exitCode === 0 && !run.killed,
      codec: firstAudioCodec(run.stderr),
      durationSeconds: lastProgressTime(stdout),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** "Stream #0:0(und): Audio: aac (LC) (mp4a / 0x6134706D), ..." -> "aac" */
function firstAudioCodec(stderr: string): string | null {
  return /Stream #0:\d+[^:]*: Audio: ([\w-]+)/.exec(stderr)?.[1] ?? null;
}

/** The last "out_time=HH:MM:SS.micro" of ffmpeg's -progress output, in seconds. */
function lastProgressTime(progress: string): number | null {
  const times = [...progress.matchAll(/^out_time=(-?)(\d+):(\d+):(\d+(?:\.\d+)?)$/gm)];
  const last = times.at(-1);
  if (!last) return null;
  const [, sign, hours, minutes, seconds] = last;
  const value = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
  return sign === '-' ? -value : value;
}
