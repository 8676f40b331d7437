/*
 * Pupils handing in and their files being read, each against a baseline
 * measured in the same run:
 *   - "30 pupils handing in at once, request p99" against one pupil handing in alone
 *     (every request of a hand-in: the upload and the submission);
 *   - "30 hand-ins extracted": from the first of the 30 hand-ins to the last text stored,
 *     against running `pdftotext` (poppler-utils) on the same PDF 30 times one by one.
 * Rounds are interleaved (pdftotext, one pupil, 30 pupils) and medians kept.
 *
 * Used by bench/speed.bench.ts (handInRows); also runs on its own against the production
 * build already in dist/ (`npm run build` first):
 *   npx tsx bench/hand-ins.bench.ts [--rounds=3]
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { serveArgs } from './support/app-server';
import { seedTeachers } from './support/seed';

const root = fileURLToPath(new URL('..', import.meta.url));
const ESSAY_PDF = join(root, 'server/work/extraction/fixtures/essay.pdf');
const PUPILS = 30;

export type HandInRow = {
  what: string;
  baselineLabel: string;
  baseline: number;
  now: number;
  unit: string;
  ratio: string;
  goal: string;
  met: boolean;
  before: string;
  /** Set here: the goals are not a plain "≤ n" of `now`. */
  check: (row: { baseline: number; now: number }) => boolean;
};

type App = { url: string; stop: () => Promise<void> };
export type StartApp = (env: Record<string, string>) => Promise<App>;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });

type HandIn = { latencies: number[]; errors: number; documentId: number | null };
/** What the failed requests answered (status or network error), for the details. */
const failures: string[] = [];

/** One pupil's upload and submission over HTTP, as the browser sends them. */
export async function handIn(
  base: string,
  keyId: string,
  title: string,
  pdf: Buffer,
  fileName = 'essay.pdf',
  /** Who hands in: one pupil unless told (a burst of a whole class names each). */
  pupil = { firstName: 'Maya', surnameInitials: 'PA' },
): Promise<HandIn> {
  const latencies: number[] = [];
  let errors = 0;
  const timed = async (run: () => Promise<Response>) => {
    const started = performance.now();
    try {
      const response = await run();
      const body = await response.json().catch(() => null);
      latencies.push(performance.now() - started);
      if (!response.ok) {
        errors += 1;
        failures.push(`${response.status} ${JSON.stringify(body).slice(0, 120)}`);
      }
      return response.ok ? body : null;
    } catch (error) {
      latencies.push(performance.now() - started);
      errors += 1;
      failures.push(String((error as Error).cause ?? error).slice(0, 120));
      return null;
    }
  };
  const form = new FormData();
  form.append('classroomKeyId', keyId);
  form.append('file', new Blob([new Uint8Array(pdf)]), fileName);
  const uploaded = await timed(() => fetch(`${base}/api/uploads`, { method: 'POST', body: form }));
  if (!uploaded) return { latencies, errors, documentId: null };
  const submitted = await timed(() =>
    fetch(`${base}/api/student-portal/submit-assignment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        title,
        ...pupil,
        yearGroup: 'Year 6',
        fileUrl: uploaded.fileUrl,
        classroomKeyId: keyId,
      }),
    }),
  );
  return { latencies, errors, documentId: submitted?.id ?? null };
}

/** Resolves when every document's text is stored (or failed), with how many failed. */
export async function extracted(base: string, cookie: string, ids: number[]): Promise<number> {
  const waiting = new Set(ids);
  let failed = 0;
  const deadline = Date.now() + 10 * 60_000;
  while (waiting.size > 0) {
    if (Date.now() > deadline) throw new Error(`${waiting.size} documents never extracted`);
    for (const id of [...waiting]) {
      const answer = await fetch(`${base}/api/documents/${id}/extract`, { headers: { cookie } });
      const { status } = (await answer.json()) as { status: string };
      if (status === 'done' || status === 'failed') waiting.delete(id);
      if (status === 'failed') failed += 1;
    }
    if (waiting.size > 0) await sleep(100);
  }
  return failed;
}

/** The id a pupil's page gets for the teacher's classroom passphrase, to hand in with. */
export async function classroomKeyId(base: string, teacherCookie: string): Promise<string> {
  const { classroomPhrase } = await (
    await fetch(`${base}/api/settings/classroom-phrase`, { headers: { cookie: teacherCookie } })
  ).json();
  const { id } = await (
    await fetch(`${base}/api/student-portal/verify-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ keyPhrase: classroomPhrase }),
    })
  ).json();
  return id;
}

function pdftotextThirtyTimes(): number {
  const started = performance.now();
  for (let i = 0; i < PUPILS; i += 1) execFileSync('pdftotext', [ESSAY_PDF, '-']);
  return performance.now() - started;
}

/**
 * Seeds a teacher into a fresh embedded database, starts the app on it (startApp: the
 * production build), and measures. Returns rows for docs/benchmarks.md and detail lines.
 */
export async function handInRows(
  startApp: StartApp,
  rounds = 3,
): Promise<{ rows: HandInRow[]; details: string[] }> {
  const scratch = mkdtempSync(join(tmpdir(), 'cv-bench-handins-'));
  const dataDir = join(scratch, 'data');
  console.log('Seeding a teacher for the hand-ins...');
  const seeded = await seedTeachers({ kind: 'pglite', dataDir }, 0, 0);
  const app = await startApp({ DATA_DIR: dataDir });
  const cookie = seeded.manyCookie;
  const pdf = readFileSync(ESSAY_PDF);
  try {
    const keyId = await classroomKeyId(app.url, cookie);
    // Warm-up: the first hand-in and extraction (JIT, a worker's first start).
    const warm = await handIn(app.url, keyId, 'Warm-up', pdf);
    if (warm.documentId === null) throw new Error('The warm-up hand-in failed');
    await extracted(app.url, cookie, [warm.documentId]);
    pdftotextThirtyTimes();

    const pdftotext: number[] = [];
    const alone: number[] = [];
    const together: number[] = [];
    const extraction: number[] = [];
    let errors = 0;
    let failedExtractions = 0;
    for (let round = 1; round <= rounds; round += 1) {
      console.log(`Hand-ins round ${round} of ${rounds}...`);
      pdftotext.push(pdftotextThirtyTimes());
      const one = await handIn(app.url, keyId, `Alone ${round}`, pdf);
      errors += one.errors;
      alone.push(Math.max(...one.latencies));
      await extracted(app.url, cookie, one.documentId === null ? [] : [one.documentId]);
      const started = performance.now();
      const burst = await Promise.all(
        Array.from({ length: PUPILS }, (_, i) =>
          handIn(app.url, keyId, `Round ${round} ${i}`, pdf),
        ),
      );
      errors += burst.reduce((sum, h) => sum + h.errors, 0);
      together.push(
        percentile(
          burst.flatMap((h) => h.latencies),
          99,
        ),
      );
      const ids = burst.flatMap((h) => (h.documentId === null ? [] : [h.documentId]));
      failedExtractions += await extracted(app.url, cookie, ids);
      extraction.push(performance.now() - started);
    }
    const rows: HandInRow[] = [
      {
        what: `${PUPILS} pupils handing in at once, request p99 (upload and submission)`,
        baselineLabel: 'one pupil alone, slowest request',
        baseline: median(alone),
        now: median(together),
        unit: 'ms',
        ratio: '',
        goal: '≤ 500 ms, 0 errors',
        met: false,
        before: '870 ms, 0 errors (one pupil: 16 ms)',
        check: (row) => row.now <= 500 && errors === 0,
      },
      {
        what: `${PUPILS} hand-ins extracted (2-page PDF), first hand-in to last text stored`,
        baselineLabel: `${PUPILS} × \`pdftotext\` one by one`,
        baseline: median(pdftotext),
        now: median(extraction),
        unit: 'ms',
        ratio: '',
        goal: '≤ 10× pdftotext',
        met: false,
        before: '77 s (pdftotext 0.9 s)',
        check: (row) => row.now <= 10 * row.baseline,
      },
    ];
    const details = [
      `- Hand-ins: ${errors} failed requests over ${rounds} rounds of ${PUPILS} pupils; ${failedExtractions} extractions failed. 30-at-once p99 per round: ${together.map((v) => fmt(v, 1)).join(', ')} ms; extraction of 30 per round: ${extraction.map((v) => fmt(v / 1000, 2)).join(', ')} s; pdftotext × 30: ${pdftotext.map((v) => fmt(v / 1000, 2)).join(', ')} s.${failures.length ? ` Failed requests: ${[...new Set(failures)].join('; ')}.` : ''}`,
    ];
    return { rows, details };
  } finally {
    await app.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The production build as a child process (the same as speed.bench.ts starts it). */
const startBuiltApp: StartApp = async (env) => {
  const port = 4390 + Math.floor(Math.random() * 100);
  const child = spawn('sh', serveArgs('dist/server/main.mjs'), {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (i > 600) throw new Error('the server never answered');
    if ((await fetch(`${url}/api/health`).catch(() => null))?.ok) break;
    await sleep(100);
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, stop };
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.split('=')[1] ?? 3);
  const { rows, details } = await handInRows(startBuiltApp, rounds);
  for (const row of rows) {
    const ratio = row.now / row.baseline;
    console.log(
      `${row.what}: ${row.baselineLabel} ${fmt(row.baseline, 1)} ms, now ${fmt(row.now, 1)} ms (${fmt(ratio, 2)}×), goal ${row.goal}: ${row.check(row) ? 'met' : 'NOT met'}`,
    );
  }
  console.log(details.join('\n'));
}
