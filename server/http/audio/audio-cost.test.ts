import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/harness';

/** Ten seconds of Opus silence, then the same packets copied (no re-encoding) `loops` times. */
function longSilence(container: 'ogg' | 'webm', loops: number): Buffer {
  const ffmpegArgs = (args: string[]) => {
    const run = spawnSync(ffmpeg.path, ['-hide_banner', '-loglevel', 'error', ...args], {
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.status !== 0) throw new Error(run.stderr.toString());
    return run.stdout;
  };
  // biome-ignore format: options read best grouped with their values
  const tenSeconds = ffmpegArgs([
    '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono', '-t', '10',
    '-c:a', 'libopus', '-b:a', '6k', '-frame_duration', '120', '-f', 'ogg', 'pipe:1',
  ]);
  // Looping needs a file it can seek back to the start of.
  const dir = mkdtempSync(join(tmpdir(), 'cv-long-audio-'));
  try {
    const input = join(dir, 'ten.ogg');
    writeFileSync(input, tenSeconds);
    // Written to a pipe, a WebM carries no duration: like MediaRecorder's, it must be decoded
    // to be measured. The Ogg's last page says how long it is.
    // biome-ignore format: options read best grouped with their values
    return ffmpegArgs([
      '-stream_loop', String(loops), '-i', input, '-c', 'copy', '-f', container, 'pipe:1',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * CPU seconds used so far by this process's finished children (cutime + cstime of
 * /proc/self/stat, in clock ticks of 1/100 s): what the decoders cost, whatever the load.
 */
function childCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'latin1').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Processes running one of the bundled media tools right now. */
function mediaProcesses(): number {
  let found = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0')[0] ?? '';
      if (/(ffmpeg|ffprobe)-installer/.test(command)) found += 1;
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/*
 * A recording costs at most its limit's worth of decoding, however long it really is, and
 * a burst of them waits its turn instead of running a decoder each side by side.
 */
describe('audio that costs nothing to refuse', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    cookie = (await signedInTeacher(t)).cookie;
  });
  afterAll(async () => t?.close());

  const post = (bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('audio', new Blob([new Uint8Array(bytes)]), name);
    return t.app.inject({
      method: 'POST',
      url: '/api/audio/process',
      headers: { cookie },
      payload: form,
    });
  };

  it('refuses two hours of silence at once, a burst of six with at most one tool per core', async () => {
    // Two hours: 720 copies of ten seconds, under 2 MB either way.
    const ogg = longSilence('ogg', 719);
    const webm = longSilence('webm', 719);
    expect(ogg.length).toBeLessThan(2 * 1024 * 1024);
    expect(webm.length).toBeLessThan(3 * 1024 * 1024);

    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, mediaProcesses());
    }, 5);
    const started = Date.now();
    const cpuBefore = childCpuSeconds();
    const answers = await Promise.all(
      [ogg, webm, ogg, webm, ogg, webm].map((bytes, i) => post(bytes, `clip-${i}`)),
    );
    const seconds = (Date.now() - started) / 1000;
    const cpu = childCpuSeconds() - cpuBefore;
    clearInterval(watch);

    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(
        'The recording is too long. Recordings can be at most 3 minutes.',
      );
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(availableParallelism());
    // Decoding all twelve hours costs ~15 CPU seconds here; the limit's worth of each, or
    // none for the Ogg that says how long it is, well under one. Bounds, not speed figures.
    expect(cpu).toBeLessThan(3);
    expect(seconds).toBeLessThan(20);
  }, 60_000);

  it('counts a teacher’s media uploads and refuses past the allowance', async () => {
    const other = await signedInTeacher(t, 'Ada');
    const tiny = Buffer.from('not audio');
    let status = 0;
    for (let i = 0; i < 61 && status !== 429; i += 1) {
      const form = new FormData();
      form.append('audio', new Blob([tiny]), 'clip');
      status = (
        await t.app.inject({
          method: 'POST',
          url: '/api/audio/process',
          headers: { cookie: other.cookie },
          payload: form,
        })
      ).statusCode;
      if (i < 60) expect(status).toBe(400);
    }
    expect(status).toBe(429);
    // Another teacher is not held up by it.
    expect((await post(tiny, 'clip')).statusCode).toBe(400);
  }, 60_000);
});
