import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECORDING_SECONDS } from '../../../contract/recording-limits';
import { AppError } from '../../platform/errors';
import { inspectAudio, MAX_AUDIO_BYTES } from './inspect';

const run = promisify(execFile);

/**
 * A clip from ffmpeg's sine generator, written to stdout. Matroska written to a pipe
 * has no duration in its header, just like MediaRecorder's WebM.
 */
async function makeClip(seconds: number, format: string[], sampleRate = 48_000): Promise<Buffer> {
  const sine = `sine=frequency=440:duration=${seconds}:sample_rate=${sampleRate}`;
  const { stdout } = await run(
    ffmpeg.path,
    ['-v', 'error', '-f', 'lavfi', '-i', sine, ...format, 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => expect.fail('expected the recording to be refused'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const OPUS_WEBM = ['-c:a', 'libopus', '-b:a', '24k', '-f', 'webm'];

describe('inspectAudio', () => {
  let webm: Buffer;
  let ogg: Buffer;
  let m4a: Buffer;
  let wav: Buffer;

  beforeAll(async () => {
    [webm, ogg, m4a, wav] = await Promise.all([
      makeClip(3, OPUS_WEBM),
      makeClip(3, ['-c:a', 'libopus', '-f', 'ogg']),
      // Fragmented, as a pipe needs; Safari's MediaRecorder writes fragmented MP4 too.
      makeClip(3, ['-c:a', 'aac', '-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov']),
      makeClip(3, ['-f', 'wav']),
    ]);
  });

  it('measures a WebM clip that has no duration in its header', async () => {
    const probe = spawnSync(ffmpeg.path, ['-hide_banner', '-i', 'pipe:0'], { input: webm });
    expect(probe.stderr.toString()).toMatch(/Duration: N\/A/);
    const result = await inspectAudio(webm);
    expect(result.contentType).toBe('audio/webm');
    expect(result.extension).toBe('webm');
    expect(result.durationSeconds).toBeGreaterThan(2.9);
    expect(result.durationSeconds).toBeLessThan(3.1);
  });

  it('accepts Ogg Opus, MP4 AAC and WAV', async () => {
    for (const [bytes, contentType, extension] of [
      [ogg, 'audio/ogg', 'ogg'],
      [m4a, 'audio/mp4', 'm4a'],
      [wav, 'audio/wav', 'wav'],
    ] as const) {
      const result = await inspectAudio(bytes);
      expect([result.contentType, result.extension]).toEqual([contentType, extension]);
      expect(Math.abs(result.durationSeconds - 3), extension).toBeLessThan(0.1);
    }
  });

  it('reads an MP4 whose index comes after the audio', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'inspect-audio-'));
    try {
      const path = join(dir, 'clip.m4a');
      await run(ffmpeg.path, [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'sine=duration=2',
        '-c:a',
        'aac',
        path,
      ]);
      const bytes = await readFile(path);
      expect(bytes.indexOf('moov')).toBeGreaterThan(bytes.indexOf('mdat'));
      const result = await inspectAudio(bytes);
      expect(Math.abs(result.durationSeconds - 2)).toBeLessThan(0.1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a clip past the three-minute limit and its grace', async () => {
    // 8 kHz at the fastest setting keeps the fixture quick to encode.
    const fast = ['-c:a', 'libopus', '-b:a', '6k', '-compression_level', '0', '-f', 'webm'];
    const long = await makeClip(MAX_RECORDING_SECONDS + 5, fast, 8_000);
    const error = await refusal(inspectAudio(long));
    expect([error.statusCode, error.code]).toEqual([400, 'recording_too_long']);
    expect(error.message).toBe('The recording is too long. Recordings can be at most 3 minutes.');
  });

  it('refuses other formats and codecs', async () => {
    const mp3 = await makeClip(1, ['-c:a', 'libmp3lame', '-f', 'mp3']);
    expect((await refusal(inspectAudio(mp3))).code).toBe('unsupported_file_type');
    // The right container with a codec browsers will not play in it.
    const flacInMkv = await makeClip(1, ['-c:a', 'flac', '-f', 'matroska']);
    expect((await refusal(inspectAudio(flacInMkv))).code).toBe('unsupported_file_type');
    const text = Buffer.from('this is not a recording at all');
    expect((await refusal(inspectAudio(text))).code).toBe('unsupported_file_type');
  });

  it('refuses a clip that fails to decode', async () => {
    const garbage = Buffer.concat([webm.subarray(0, 4), randomBytes(4000)]);
    const error = await refusal(inspectAudio(garbage));
    expect([error.code, error.message]).toEqual([
      'damaged_file',
      'This recording could not be played. Please record it again.',
    ]);
    const noAudio = await run(
      ffmpeg.path,
      [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'color=c=black:s=32x32:d=1',
        '-c:v',
        'libvpx',
        '-f',
        'webm',
        'pipe:1',
      ],
      { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
    );
    expect((await refusal(inspectAudio(noAudio.stdout))).code).toBe('damaged_file');
  });

  it('refuses empty and oversized clips', async () => {
    expect((await refusal(inspectAudio(Buffer.alloc(0)))).code).toBe('file_empty');
    const big = Buffer.concat([webm, Buffer.alloc(MAX_AUDIO_BYTES)]);
    const error = await refusal(inspectAudio(big));
    expect([error.statusCode, error.code]).toEqual([413, 'file_too_large']);
    expect(error.message).toBe('The file is too large. The maximum size is 10 MB.');
  });
});
