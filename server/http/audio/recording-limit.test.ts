/*
 * An audio comment may be three minutes long: the recorder stops there, the server accepts a
 * clip a moment longer (the recorder's last frames) and cuts it at the limit, and refuses a
 * clip further over. Checked on the stored file, decoded, not on the answer alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FEEDBACK_RECORDING_SECONDS,
  MAX_RECORDING_SECONDS,
} from '../../../contract/recording-limits';
import { files } from '../../db/schema';
import { signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

function ffmpegRun(args: string[], input?: Buffer): { stdout: Buffer; stderr: string } {
  const run = spawnSync(ffmpeg.path, ['-hide_banner', ...args], {
    input,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(run.stderr.toString());
  return { stdout: run.stdout, stderr: run.stderr.toString() };
}

/** A WebM of `seconds` of a quiet tone, written to a pipe: no duration in its header, as MediaRecorder's. */
function webmClip(seconds: number): Buffer {
  // biome-ignore format: options read best grouped with their values
  return ffmpegRun([
    '-loglevel', 'error', '-f', 'lavfi',
    '-i', `sine=frequency=300:duration=${seconds}:sample_rate=8000`,
    '-c:a', 'libopus', '-b:a', '6k', '-compression_level', '0', '-f', 'webm', 'pipe:1',
  ]).stdout;
}

/** The length of a stored clip, by decoding all of it. */
function decodedSeconds(bytes: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'cv-limit-'));
  try {
    const path = join(dir, 'clip.webm');
    writeFileSync(path, bytes);
    const { stderr } = ffmpegRun(['-nostats', '-i', path, '-f', 'null', '-']);
    const times = [...stderr.matchAll(/time=(\d+):(\d+):(\d+(?:\.\d+)?)/g)];
    const [, h, m, s] = times.at(-1) ?? [];
    return Number(h) * 3600 + Number(m) * 60 + Number(s);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(testBackends())('the recording limit on %s', (backend) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    cookie = (await signedInTeacher(t)).cookie;
  }, 120_000);
  afterAll(async () => t?.close());

  const post = (bytes: Buffer) => {
    const form = new FormData();
    form.append('audio', new Blob([new Uint8Array(bytes)], { type: 'audio/webm' }), 'clip.webm');
    return t.app.inject({
      method: 'POST',
      url: '/api/audio/process',
      headers: { cookie },
      payload: form,
    });
  };

  const storedBytes = async (audioUrl: string) => {
    const id = audioUrl.split('/').at(-1)!;
    const [row] = await t.ctx.db.select().from(files).where(eq(files.id, id));
    return t.ctx.files.read(row!.storageKey);
  };

  it('keeps a clip under three minutes whole', async () => {
    const answer = await post(webmClip(FEEDBACK_RECORDING_SECONDS - 2));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().duration).toBeCloseTo(FEEDBACK_RECORDING_SECONDS - 2, 0);
    const stored = decodedSeconds(await storedBytes(answer.json().audioUrl));
    expect(stored).toBeCloseTo(FEEDBACK_RECORDING_SECONDS - 2, 0);
  }, 60_000);

  it('cuts a clip a moment past the limit at three minutes', async () => {
    const answer = await post(webmClip(FEEDBACK_RECORDING_SECONDS + 3));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().duration).toBe(FEEDBACK_RECORDING_SECONDS);
    const stored = decodedSeconds(await storedBytes(answer.json().audioUrl));
    // Cut on a packet boundary: within one Opus packet of the limit.
    expect(stored).toBeGreaterThan(FEEDBACK_RECORDING_SECONDS - 0.1);
    expect(stored).toBeLessThan(FEEDBACK_RECORDING_SECONDS + 0.1);
  }, 60_000);

  it('refuses a clip further past the limit and keeps nothing', async () => {
    const before = await t.ctx.db.select().from(files);
    const answer = await post(webmClip(MAX_RECORDING_SECONDS + 4));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(
      'The recording is too long. Recordings can be at most 3 minutes.',
    );
    expect(await t.ctx.db.select().from(files)).toHaveLength(before.length);
  }, 60_000);
});
