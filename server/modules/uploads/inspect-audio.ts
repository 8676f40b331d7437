import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  damagedRecording,
  fileEmpty,
  fileTooLarge,
  recordingTooLong,
  unsupportedRecording,
} from './upload-errors';

export const MAX_AUDIO_BYTES = 10 * 1024 * 1024;
/** The recorder stops at 2 minutes; the slack covers encoder padding and clock drift. */
export const MAX_AUDIO_SECONDS = 125;
/** Decoding two minutes of audio takes well under a second; longer means something is wrong. */
const FFMPEG_TIMEOUT_MS = 30_000;

type Container = {
  /** ffmpeg demuxer, forced so ffmpeg never guesses (no playlists, no image sequences). */
  demuxer: 'matroska' | 'ogg' | 'mov' | 'wav';
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
): Promise<{ contentType: string; extension: string; durationSeconds: number }> {
  const maxSeconds = limits.maxSeconds ?? MAX_AUDIO_SECONDS;
  if (bytes.length === 0) throw fileEmpty();
  if (bytes.length > MAX_AUDIO_BYTES) throw fileTooLarge(MAX_AUDIO_BYTES);
  const container = bytes.length >= 12 ? sniffContainer(bytes) : null;
  if (!container) throw unsupportedRecording();

  const decoded = await decodeWithFfmpeg(bytes, container.demuxer);
  if (!decoded.ok || decoded.durationSeconds === null || decoded.durationSeconds <= 0) {
    throw damagedRecording();
  }
  if (!decoded.codec || !container.codecs.test(decoded.codec)) throw unsupportedRecording();
  if (decoded.durationSeconds > maxSeconds) throw recordingTooLong(maxSeconds);
  return {
    contentType: container.contentType,
    extension: container.extension,
    durationSeconds: Math.round(decoded.durationSeconds * 1000) / 1000,
  };
}

type Decoded = { ok: boolean; codec: string | null; durationSeconds: number | null };

/**
 * Decodes the first audio stream to nowhere and reads how far it got. The clip goes
 * through a private temp file, not stdin: an MP4 whose index sits at the end cannot
 * be read from a pipe.
 */
async function decodeWithFfmpeg(bytes: Buffer, demuxer: Container['demuxer']): Promise<Decoded> {
  const binary = await ffmpegBinary();
  const dir = await mkdtemp(join(tmpdir(), 'cv-audio-'));
  try {
    const input = join(dir, 'clip');
    await writeFile(input, bytes, { mode: 0o600 });
    // biome-ignore format: options read best grouped with their values
    const args = [
      '-hide_banner', '-nostdin', '-nostats',
      '-protocol_whitelist', 'file',
      '-f', demuxer, '-i', input,
      '-map', '0:a:0', '-vn', '-sn', '-dn',
      '-f', 'null', '-progress', 'pipe:1', '-',
    ];
    const run = await runProcess(binary, args, FFMPEG_TIMEOUT_MS);
    return {
      ok: run.exitCode === 0,
      codec: firstAudioCodec(run.stderr),
      durationSeconds: lastProgressTime(run.stdout),
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

type ProcessResult = { exitCode: number | null; stdout: string; stderr: string };

/** Output is capped: a hostile file must not make ffmpeg's chatter fill memory. */
function runProcess(command: string, args: string[], timeoutMs: number): Promise<ProcessResult> {
  const cap = 256 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    // -progress repeats its block; keep the tail, which holds the final time.
    child.stdout.on('data', (chunk: Buffer) => {
      stdout = (stdout + chunk.toString('utf8')).slice(-cap);
    });
    // The stream description comes first; keep the head.
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < cap) stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, stdout, stderr });
    });
  });
}

let binaryPath: Promise<string> | undefined;

/**
 * The static ffmpeg shipped in @ffmpeg-installer. Its package sets the executable bit
 * in a postinstall script, which `npm ci --ignore-scripts` skips, so set it here.
 */
export function ffmpegBinary(): Promise<string> {
  binaryPath ??= (async () => {
    let path: string;
    try {
      path = (await import('@ffmpeg-installer/ffmpeg')).default.path;
    } catch (error) {
      // The package throws a plain string when no binary exists for this platform.
      throw new Error(`ffmpeg is not available: ${String(error)}`);
    }
    try {
      await access(path, constants.X_OK);
    } catch {
      await chmod(path, 0o755);
    }
    return path;
  })().catch((error: unknown) => {
    binaryPath = undefined;
    throw error;
  });
  return binaryPath;
}
