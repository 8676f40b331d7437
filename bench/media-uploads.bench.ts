/*
 * What large media uploads cost everyone else: GET /api/auth/user p99 at a steady 200
 * requests a second, idle and while ten teachers' maximum-size voice samples (10 MB each)
 * are uploaded at once, again and again. Goal: the read p99 while uploading stays within 2×
 * its idle figure (the baseline, measured in the same run on the same server).
 *
 * Runs the production build (`npm run build`). Writes docs/benchmarks-media-uploads.md.
 * Run: npx tsx bench/media-uploads.bench.ts [--rounds=3] [--seconds=6]
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROFILE_LIMITS } from '../contract/profile-limits';
import { encodeWav } from '../server/ai/voice-analysis';
import { openDatabase } from '../server/db/client';
import { teachers } from '../server/db/schema';
import { TEACHER_SESSION_COOKIE } from '../server/platform/cookies';
import { createTeacherSession } from '../server/records/teachers';
import { startApp } from './support/app-server';
import { load, median } from './support/load';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROUNDS = arg('rounds', 3);
const SECONDS = arg('seconds', 6);
const UPLOADS_AT_ONCE = 10;
const READS_PER_SECOND = 200;

/** A voice sample just under the 10 MB limit: a tone, 16-bit mono WAV at 44.1 kHz. */
function largestSample(): Buffer {
  const rate = 44_100;
  const seconds = Math.floor((PROFILE_LIMITS.audioBytes - 1024) / (rate * 2));
  const samples = new Float32Array(rate * seconds);
  for (let i = 0; i < samples.length; i++)
    samples[i] = 0.3 * Math.sin((2 * Math.PI * 220 * i) / rate);
  return encodeWav(samples, rate);
}

/** `count` verified teachers with a session each, in a new embedded database. */
async function teachersWithSessions(dataDir: string, count: number): Promise<string[]> {
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const [teacher] = await handle.db
      .insert(teachers)
      .values({
        email: `bench-media-${i}@classroom-voice.local`,
        passwordHash: 'not-used',
        firstName: 'Bench',
        emailVerifiedAt: new Date(),
      })
      .returning();
    const session = await createTeacherSession(handle.db, teacher!.id, 'bench');
    cookies.push(`${TEACHER_SESSION_COOKIE}=${session.token}`);
  }
  await handle.close();
  return cookies;
}

async function uploadUntil(url: string, cookie: string, sample: Buffer, stopAt: number) {
  let sent = 0;
  let refused = 0;
  while (Date.now() < stopAt) {
    const answers = await Promise.all(
      Array.from({ length: UPLOADS_AT_ONCE }, async () => {
        const form = new FormData();
        form.append(
          'audio',
          new Blob([new Uint8Array(sample)], { type: 'audio/wav' }),
          'sample.wav',
        );
        const response = await fetch(`${url}/api/teacher-voices/samples`, {
          method: 'POST',
          headers: { cookie },
          body: form,
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    sent += answers.length;
    refused += answers.filter((status) => status !== 200).length;
  }
  return { sent, refused };
}

async function main() {
  if (!existsSync(join(root, 'dist/server/main.mjs'))) {
    throw new Error('Build first: npm run build');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'cv-bench-media-'));
  // Ten teachers, so each uploads within the per-teacher media allowance.
  const cookies = await teachersWithSessions(dataDir, UPLOADS_AT_ONCE);
  const server = await startApp(4390, { DATA_DIR: dataDir });
  const sample = largestSample();
  const idle: number[] = [];
  const busy: number[] = [];
  let uploaded = 0;
  let refused = 0;
  try {
    const read = () =>
      load({
        url: `${server.url}/api/auth/user`,
        connections: 10,
        seconds: SECONDS,
        rate: READS_PER_SECOND,
        headers: { cookie: cookies[0]! },
        serverPid: server.process.pid,
      });
    for (let round = 0; round < ROUNDS; round++) {
      idle.push((await read()).p99);
      const stopAt = Date.now() + SECONDS * 1000;
      const [result, ...uploads] = await Promise.all([
        read(),
        ...cookies.map((cookie) => uploadUntil(server.url, cookie, sample, stopAt)),
      ]);
      busy.push((result as Awaited<ReturnType<typeof read>>).p99);
      for (const u of uploads as { sent: number; refused: number }[]) {
        uploaded += u.sent;
        refused += u.refused;
      }
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const idleP99 = median(idle);
  const busyP99 = median(busy);
  const ratio = busyP99 / idleP99;
  const lines = [
    '# Large media uploads and everyone else\n',
    `Measured ${new Date().toISOString()} by \`npx tsx bench/media-uploads.bench.ts\` on the compiled`,
    `build (PGlite), load average ${loadavg()[0]!.toFixed(1)} at the end. \`GET /api/auth/user\` at`,
    `${READS_PER_SECOND} requests a second over 10 connections, median of ${ROUNDS} rounds of ${SECONDS} s;`,
    `during each loaded round ${UPLOADS_AT_ONCE} teachers upload a ${(sample.length / 1024 / 1024).toFixed(1)} MB`,
    'voice sample each, as form uploads, again as soon as all ten are answered.\n',
    '| | p99 (ms) |',
    '|---|---|',
    `| idle (baseline) | ${idleP99.toFixed(1)} |`,
    `| while uploading | ${busyP99.toFixed(1)} |`,
    `| ratio | **${ratio.toFixed(2)}×** (goal ≤ 2×: ${ratio <= 2 ? 'met' : 'not met'}) |\n`,
    `${uploaded} uploads sent, ${refused} not answered 200.`,
    `Rounds: idle ${idle.map((v) => v.toFixed(1)).join(', ')}; uploading ${busy.map((v) => v.toFixed(1)).join(', ')}.`,
  ];
  writeFileSync(join(root, 'docs/benchmarks-media-uploads.md'), `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
}

await main();
