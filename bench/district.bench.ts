/*
 * At district scale the cost follows the page, not the district (issue #24): one school
 * (50 teachers) and a district (5,000 teachers, 150,000 pupils, 1,000,000 hand-ins,
 * 5,000,000 feedback items, 50,000 parent reports, with their share links and views, lesson
 * plans and lessons) are loaded into two PostgreSQL databases of their own
 * (bench/support/district-seed.ts: every teacher has the same class and work, so the two
 * differ only in how many teachers there are), each served as docs/deploy.md describes: two
 * app instances with RUN_JOBS=false and a worker, the production build. In the same run,
 * rounds interleaved (school, district, school, ...), medians kept:
 *   - p50/p99 at 10 connections (autocannon, each connection going round 50 teachers'
 *     requests) of a teacher's documents list, Recent Activity, lesson suggestions for a
 *     week, a pupil's export and the administrator's teacher list. Goal: district p99 within
 *     1.5× the school's;
 *   - 300 pupils of 10 classes handing in at once over the two instances (request p99; the
 *     worker's extraction of the 300 after it);
 *   - the retention purge of the hand-ins due (every tenth teacher keeps work a year);
 *   - the plans of the queries each page sends, on the district (EXPLAIN ANALYZE, BUFFERS,
 *     through auto_explain): docs/benchmarks-district-plans.md.
 * Writes docs/benchmarks-district.md. The databases are dropped at the end unless --keep;
 * --reuse measures databases a --keep or --seed-only run left (no seeding); --seed-only
 * loads them and stops, so the measuring can wait for a quiet machine.
 *   npm run bench:district -- [--rounds=3] [--seconds=5] [--connections=10] [--keep] [--reuse]
 *     [--seed-only] [--scale=1] [--no-build] [--only=admin,documents]
 * --only measures those reads alone and prints them (no purge, hand-ins, plans or pages
 * written), to check one page against the district without the whole run.
 * Needs PostgreSQL (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * with auto_explain, and ~3 GB of disk for the district.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { loadConfig } from '../server/platform/config';
import { openFileStore } from '../server/platform/configured-file-store';
import { TEACHER_SESSION_COOKIE } from '../server/platform/cookies';
import { createTeacherSession } from '../server/records/teachers';
import { type ServerProcess, startApp, startBackground, stopAll } from '../server/test/processes';
import { runRetention } from '../server/work/retention/purge';
import { classroomKeyId, handIn } from './hand-ins.bench';
import { BENCH_ADMIN_PASSWORD } from './support/app-server';
import { databaseSize, dropDatabase, prepareDatabase } from './support/district-databases';
import {
  capturePlans,
  type PlanRequest,
  plansMarkdown,
  seqScanFindings,
} from './support/district-plans';
import { timeRetention } from './support/district-purge';
import { districtCounts, PER_TEACHER, RETENTION_EVERY } from './support/district-seed';
import { type LoadRequest, type LoadResult, load, median, percentile } from './support/load';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const flag = (name: string) => process.argv.includes(`--${name}`);
const ROUNDS = arg('rounds', 3);
const SECONDS = arg('seconds', 5);
const CONNECTIONS = arg('connections', 10);
const SCALE = arg('scale', 1);
const SCHOOL_SCALE = 0.01;
const ONLY = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
// The school has 45 teachers who keep their work (every tenth has a retention period).
const SAMPLE_TEACHERS = 40;
const CLASSES_HANDING_IN = 10;
const GOAL = 1.5;
const ESSAY_PDF = readFileSync(join(root, 'server/work/extraction/fixtures/essay.pdf'));
const WORKER_READY = /Worker \d+ running background jobs/;

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const log = (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`);

type Side = {
  label: 'school' | 'district';
  name: string;
  scale: number;
  url: string;
  apps: ServerProcess[];
  worker?: ServerProcess;
  /** Sample teachers spread over the database, each with a session. */
  teachers: { id: number; cookie: string }[];
  adminCookie: string;
};

/** Teacher ids spread evenly, none of them one whose work the purge removes. */
function sampleTeacherIds(scale: number): number[] {
  const total = districtCounts(scale).teachers;
  const kept = Array.from({ length: total }, (_, i) => i + 1).filter(
    (id) => id % RETENTION_EVERY !== 0,
  );
  const step = kept.length / SAMPLE_TEACHERS;
  return Array.from(
    { length: Math.min(SAMPLE_TEACHERS, kept.length) },
    (_, i) => kept[Math.floor(i * step)]!,
  );
}

async function sessions(url: string, ids: number[]) {
  const handle = await openDatabase({ kind: 'postgres', url });
  try {
    return await Promise.all(
      ids.map(async (id) => {
        const session = await createTeacherSession(handle.db, id, 'district-bench');
        return { id, cookie: `${TEACHER_SESSION_COOKIE}=${session.token}` };
      }),
    );
  } finally {
    await handle.close();
  }
}

async function adminCookie(base: string): Promise<string> {
  const answer = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
  });
  if (!answer.ok) throw new Error(`admin login answered ${answer.status}`);
  return answer.headers.getSetCookie()[0]!.split(';')[0]!;
}

const environment = (side: { url: string }, dataDir: string) => ({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: side.url,
  // Both instances and the worker on one machine share the file store's folder.
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
  PUBLIC_URL: 'http://127.0.0.1:1',
});

/** Pupil p (1-30) of teacher t, and teacher t's newest plan, by the seed's computed ids. */
const pupilOf = (t: number, p: number) => (t - 1) * PER_TEACHER.pupils + p;
const newestPlanOf = (t: number) => (t - 1) * PER_TEACHER.plans + 1;

/** The export subject's pupils (pupil i of the i-th sample teacher, round 30). */
const exportedPupils = (teachers: { id: number }[]) =>
  teachers.map((t, i) => pupilOf(t.id, 1 + (i % PER_TEACHER.pupils)));

/**
 * The seed stores no bytes; the pupils whose export is measured get a real PDF under each
 * of their hand-ins' keys, so the export reads files as it does in use.
 */
async function storeExportedFiles(
  url: string,
  env: Record<string, string>,
  teachers: { id: number }[],
) {
  const store = await openFileStore(loadConfig({ ...env, RUN_JOBS: 'false' }));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select f.storage_key from documents d join files f on f.id = d.file_id where d.student_id = any($1)',
      [exportedPupils(teachers)],
    );
    for (const row of rows) await store.put(row.storage_key, ESSAY_PDF);
  } finally {
    await client.end();
  }
}

type Subject = {
  key: string;
  what: string;
  requests: (side: Side) => LoadRequest[];
};

const SUBJECTS: Subject[] = [
  {
    key: 'documents',
    what: "A teacher's documents list (`GET /api/documents`, first page)",
    requests: (side) =>
      side.teachers.map((t) => ({ path: '/api/documents', headers: { cookie: t.cookie } })),
  },
  {
    key: 'activity',
    what: 'Recent Activity on the dashboard (`GET /api/activity`)',
    requests: (side) =>
      side.teachers.map((t) => ({ path: '/api/activity', headers: { cookie: t.cookie } })),
  },
  {
    key: 'suggestions',
    what: 'Lesson suggestions for a week (`POST /api/lesson-plans/:id/ai-suggestion`)',
    requests: (side) =>
      side.teachers.map((t) => ({
        method: 'POST',
        path: `/api/lesson-plans/${newestPlanOf(t.id)}/ai-suggestion`,
        headers: { cookie: t.cookie, 'content-type': 'application/json' },
        body: '{}',
      })),
  },
  {
    key: 'export',
    what: "A pupil's export (`GET /api/students/:id/export`, zip)",
    requests: (side) => {
      const pupils = exportedPupils(side.teachers);
      return side.teachers.map((t, i) => ({
        path: `/api/students/${pupils[i]}/export`,
        headers: { cookie: t.cookie },
      }));
    },
  },
  {
    key: 'admin',
    // The page's first request: 50 teachers, newest first, no search (the rest on Load more).
    what: "The administrator's teacher list (`GET /api/admin/users`, the first page of 50 as /admin/users asks it)",
    requests: (side) => [{ path: '/api/admin/users', headers: { cookie: side.adminCookie } }],
  },
];
const MEASURED = ONLY ? SUBJECTS.filter((subject) => ONLY.includes(subject.key)) : SUBJECTS;

async function measureReads(sides: Side[]) {
  const results: Record<string, LoadResult[]> = {};
  for (let round = 1; round <= ROUNDS; round += 1) {
    log(
      `Reads, round ${round} of ${ROUNDS} (load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')})`,
    );
    for (const subject of MEASURED) {
      // Alternate which side goes first, so neither always follows the other's load.
      const order = round % 2 ? sides : [...sides].reverse();
      for (const side of order) {
        const app = side.apps[0]!;
        const result = await load({
          url: app.base,
          connections: CONNECTIONS,
          seconds: SECONDS,
          requests: subject.requests(side),
          serverPid: app.child.pid,
        });
        const key = `${subject.key} ${side.label}`;
        results[key] = [...(results[key] ?? []), result];
      }
    }
  }
  return results;
}

type Burst = { p50: number; p99: number; errors: number; extractedSeconds: number | null };

async function pendingExtractions(url: string, ids: number[]): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as n from documents where id = any($1) and extraction_status = 'pending'",
      [ids],
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** 300 pupils of 10 classes hand in at once, every other one through the other instance. */
async function handInBurst(side: Side, keys: string[], round: number): Promise<Burst> {
  const started = performance.now();
  const pupils = keys.flatMap((key, c) =>
    Array.from({ length: PER_TEACHER.pupils }, (_, p) => ({ key, c, p })),
  );
  const burst = await Promise.all(
    pupils.map(({ key, c, p }, i) =>
      handIn(
        side.apps[i % side.apps.length]!.base,
        key,
        `Burst ${round} ${c}-${p}`,
        ESSAY_PDF,
        'essay.pdf',
        {
          firstName: `Pupil${p}`,
          surnameInitials: 'BU',
        },
      ),
    ),
  );
  const latencies = Float64Array.from(burst.flatMap((h) => h.latencies)).sort();
  const ids = burst.flatMap((h) => (h.documentId === null ? [] : [h.documentId]));
  let extractedSeconds: number | null = null;
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    if ((await pendingExtractions(side.url, ids)) === 0) {
      extractedSeconds = (performance.now() - started) / 1000;
      break;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors: burst.reduce((sum, h) => sum + h.errors, 0),
    extractedSeconds,
  };
}

async function main() {
  const loadAtStart = loadavg();
  const scratch = mkdtempSync(join(tmpdir(), 'cv-district-'));
  const specs = [
    { label: 'school' as const, name: 'cv_district_school', scale: SCHOOL_SCALE },
    { label: 'district' as const, name: 'cv_district_bench', scale: SCALE },
  ];
  const seeding: string[] = [];
  const prepared = [];
  for (const spec of specs) {
    const counts = districtCounts(spec.scale);
    log(
      `Preparing ${spec.name}: ${fmt(counts.teachers)} teachers, ${fmt(counts.documents)} hand-ins, ${fmt(counts.feedback)} feedback items...`,
    );
    const result = await prepareDatabase(spec.name, spec.scale, { reuse: flag('reuse'), log });
    seeding.push(`${spec.label}: ${result.note}, ${await databaseSize(spec.name)} on disk`);
    prepared.push({ ...spec, url: result.url });
  }
  if (flag('seed-only')) {
    log(`Seeded and kept: ${seeding.join('; ')}. Measure with --reuse.`);
    return;
  }
  // Before any worker starts: its first scheduled run would purge the hand-ins due itself.
  const purges = [];
  if (!ONLY) log('Retention purge...');
  for (const spec of ONLY ? [] : prepared)
    purges.push({ side: spec.label, ...(await timeRetention(spec.url)) });
  if (!flag('no-build')) {
    log('Building (web client and compiled server)...');
    execSync('npm run build', { cwd: root, stdio: 'ignore' });
  }
  const sides: Side[] = [];
  try {
    for (const spec of prepared) {
      const env = environment(spec, join(scratch, spec.label));
      const teachers = await sessions(spec.url, sampleTeacherIds(spec.scale));
      await storeExportedFiles(spec.url, env, teachers);
      const [a, b, worker] = await Promise.all([
        startApp(`${spec.label}-a`, { ...env, RUN_JOBS: 'false' }, 'dist/server/main.mjs'),
        startApp(`${spec.label}-b`, { ...env, RUN_JOBS: 'false' }, 'dist/server/main.mjs'),
        // The worker says it is ready at info level.
        startBackground(
          `${spec.label}-worker`,
          'dist/server/worker.mjs',
          { ...env, LOG_LEVEL: 'info' },
          WORKER_READY,
        ),
      ]);
      sides.push({
        ...spec,
        apps: [a!, b!],
        worker,
        teachers,
        adminCookie: await adminCookie(a!.base),
      });
    }
    // Warm-up: every request once on each side (JIT, the database's caches).
    for (const side of sides)
      for (const subject of MEASURED)
        for (const request of subject.requests(side)) {
          const answer = await fetch(`${side.apps[0]!.base}${request.path}`, {
            method: request.method ?? 'GET',
            headers: request.headers,
            body: request.body,
          });
          await answer.arrayBuffer();
          if (!answer.ok) throw new Error(`${subject.key} on ${side.label}: ${answer.status}`);
        }
    const reads = await measureReads(sides);
    if (ONLY) {
      printReads(reads);
      return;
    }

    log('Hand-in bursts...');
    const keys = new Map<string, string[]>();
    for (const side of sides) {
      keys.set(
        side.label,
        await Promise.all(
          side.teachers
            .slice(0, CLASSES_HANDING_IN)
            .map((t) => classroomKeyId(side.apps[0]!.base, t.cookie)),
        ),
      );
    }
    const bursts: Record<string, Burst[]> = { school: [], district: [] };
    for (let round = 1; round <= 2; round += 1) {
      for (const side of round % 2 ? sides : [...sides].reverse()) {
        bursts[side.label]!.push(await handInBurst(side, keys.get(side.label)!, round));
      }
    }

    log('Plans on the district...');
    const district = sides.find((s) => s.label === 'district')!;
    const teacher = district.teachers[1]!;
    const planRequests = SUBJECTS.map((subject) => {
      const request = subject.requests(district)[1] ?? subject.requests(district)[0]!;
      return {
        subject: subject.what,
        method: (request.method ?? 'GET') as PlanRequest['method'],
        url: request.path,
        cookie: String(request.headers?.cookie),
        body: request.body ? JSON.parse(request.body) : undefined,
      };
    });
    planRequests.push({
      subject: 'Deleting a hand-in (`DELETE /api/documents/:id`, what the purge does per hand-in)',
      method: 'DELETE',
      url: `/api/documents/${(teacher.id - 1) * PER_TEACHER.documents + 150}`,
      cookie: teacher.cookie,
      body: undefined,
    });
    const plans = await capturePlans(
      district.url,
      planRequests,
      environment(district, join(scratch, district.label)),
      [
        {
          subject:
            'The retention purge (the scheduled task; run after the timed purge, so nothing is left due)',
          run: (ctx) => runRetention(ctx),
        },
      ],
    );
    writeFileSync(
      join(root, 'docs/benchmarks-district-plans.md'),
      plansMarkdown(plans, [
        '# Query plans on the district database',
        '',
        'Written by `npm run bench:district` (`bench/district.bench.ts`); do not edit by hand.',
        `Captured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: each page's request sent once to the app built in the bench process, on one connection with auto_explain (ANALYZE, BUFFERS), against ${fmt(districtCounts(SCALE).teachers)} teachers' data. Every distinct query a request ran is shown, in order (the plan of its first run).`,
      ]),
    );
    report(reads, bursts, purges, plans, seeding, loadAtStart);
  } finally {
    await stopAll();
    rmSync(scratch, { recursive: true, force: true });
    if (!flag('keep')) for (const spec of specs) await dropDatabase(spec.name);
  }
}

/** --only: each measured read's medians on both sides, printed rather than written. */
function printReads(reads: Record<string, LoadResult[]>) {
  for (const subject of MEASURED) {
    const side = (label: string, f: (r: LoadResult) => number) =>
      median((reads[`${subject.key} ${label}`] ?? []).map(f));
    const ratio = side('district', (r) => r.p99) / side('school', (r) => r.p99);
    const errors = ['school', 'district'].reduce(
      (sum, label) =>
        sum + (reads[`${subject.key} ${label}`] ?? []).reduce((s, r) => s + r.errors, 0),
      0,
    );
    log(
      `${subject.what}: school p50 / p99 ${fmt(
        side('school', (r) => r.p50),
        1,
      )} / ${fmt(
        side('school', (r) => r.p99),
        1,
      )} ms, district ${fmt(
        side('district', (r) => r.p50),
        1,
      )} / ${fmt(
        side('district', (r) => r.p99),
        1,
      )} ms, p99 ratio ${fmt(ratio, 2)}x (goal <= ${GOAL}x), ${errors} errors`,
    );
  }
}

function report(
  reads: Record<string, LoadResult[]>,
  bursts: Record<string, Burst[]>,
  purges: (Awaited<ReturnType<typeof timeRetention>> & { side: string })[],
  plans: Awaited<ReturnType<typeof capturePlans>>,
  seeding: string[],
  loadAtStart: number[],
) {
  const pick = (key: string, field: (r: LoadResult) => number) =>
    median((reads[key] ?? []).map(field));
  const rows = SUBJECTS.map((subject) => {
    const school = (f: (r: LoadResult) => number) => pick(`${subject.key} school`, f);
    const district = (f: (r: LoadResult) => number) => pick(`${subject.key} district`, f);
    const ratio = district((r) => r.p99) / school((r) => r.p99);
    const errors = ['school', 'district'].reduce(
      (sum, side) =>
        sum + (reads[`${subject.key} ${side}`] ?? []).reduce((s, r) => s + r.errors, 0),
      0,
    );
    return {
      what: subject.what,
      school: `${fmt(
        school((r) => r.p50),
        1,
      )} / ${fmt(
        school((r) => r.p99),
        1,
      )} ms`,
      district: `${fmt(
        district((r) => r.p50),
        1,
      )} / ${fmt(
        district((r) => r.p99),
        1,
      )} ms`,
      ratio,
      met: ratio <= GOAL && errors === 0,
      detail: `${subject.key}: ${fmt(school((r) => r.perSecond))} req/s on the school, ${fmt(district((r) => r.perSecond))} on the district; p99 per round ${(reads[`${subject.key} school`] ?? []).map((r) => fmt(r.p99, 1)).join(', ')} and ${(reads[`${subject.key} district`] ?? []).map((r) => fmt(r.p99, 1)).join(', ')} ms; ${errors} errors`,
    };
  });
  const burst = (label: string, f: (b: Burst) => number) => median(bursts[label]!.map(f));
  const burstRatio = burst('district', (b) => b.p99) / burst('school', (b) => b.p99);
  const burstErrors = [...bursts.school!, ...bursts.district!].reduce((s, b) => s + b.errors, 0);
  rows.push({
    what: `${CLASSES_HANDING_IN * PER_TEACHER.pupils} pupils of ${CLASSES_HANDING_IN} classes handing in at once over two instances (request p50 / p99, upload and submission)`,
    school: `${fmt(
      burst('school', (b) => b.p50),
      1,
    )} / ${fmt(
      burst('school', (b) => b.p99),
      1,
    )} ms`,
    district: `${fmt(
      burst('district', (b) => b.p50),
      1,
    )} / ${fmt(
      burst('district', (b) => b.p99),
      1,
    )} ms`,
    ratio: burstRatio,
    met: burstRatio <= GOAL && burstErrors === 0,
    detail: `hand-ins: ${burstErrors} failed requests; p99 per round: school ${bursts.school!.map((b) => fmt(b.p99, 1)).join(', ')}, district ${bursts.district!.map((b) => fmt(b.p99, 1)).join(', ')} ms; the worker extracted the 300 within ${[...bursts.school!, ...bursts.district!].map((b) => (b.extractedSeconds === null ? 'never' : `${fmt(b.extractedSeconds, 1)} s`)).join(', ')} of the burst's start (school, then district, by round)`,
  });
  const findings = seqScanFindings(plans);
  const counts = districtCounts(SCALE);
  const table = [
    '| subject | school p50 / p99 | district p50 / p99 | p99 ratio | goal ≤ 1.5× met |',
    '|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.what} | ${r.school} | ${r.district} | ${fmt(r.ratio, 2)}× | ${r.met ? 'yes' : '**no**'} |`,
    ),
  ];
  const purgeLines = purges.map(
    (p) =>
      `- Retention purge, ${p.side}: ${fmt(p.purged)} hand-ins of ${fmt(p.teachers)} teachers purged in ${fmt(p.seconds, 1)} s (${fmt((p.seconds * 1000) / Math.max(1, p.purged), 1)} ms each, one transaction per hand-in); most in one teacher's batch ${fmt(p.largestBatch)} (the bound: ${fmt(p.batchLimit)} per teacher per run); due after the run: ${fmt(p.leftDue)}; a second run ${fmt(p.secondRunSeconds, 2)} s, purging ${fmt(p.secondRunPurged)}.`,
  );
  const page = [
    '# Benchmarks: a district',
    '',
    'Written by `npm run bench:district` (`bench/district.bench.ts`); do not edit by hand.',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model.split(' ').slice(0, 2).join(' ')}), ${fmt(totalmem() / 1024 ** 3, 1)} GiB, Node ${process.version}, PostgreSQL on the same machine; the production build. Load average at the start ${loadAtStart.map((l) => l.toFixed(1)).join(', ')}, at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}: other work on the machine slows both sides alike but adds noise.`,
    '',
    `The school: ${fmt(districtCounts(SCHOOL_SCALE).teachers)} teachers. The district: ${fmt(counts.teachers)} teachers, ${fmt(counts.students)} pupils, ${fmt(counts.documents)} hand-ins, ${fmt(counts.feedback)} feedback items, ${fmt(counts.parentReports)} parent reports, ${fmt(counts.links)} share links with ${fmt(counts.linkViews)} views, ${fmt(counts.lessonPlans)} lesson plans with ${fmt(counts.lessons)} lessons. Every teacher has the same: ${PER_TEACHER.pupils} pupils, ${PER_TEACHER.documents} hand-ins over a school year with ${PER_TEACHER.feedbackPerDocument} comments each, ${PER_TEACHER.reports} reports, ${PER_TEACHER.plans} weekly plans (bench/support/district-seed.ts). Each side is served by two app instances (RUN_JOBS=false) and a worker on its own database; reads go to one instance, the hand-ins to both.`,
    `Reads: ${CONNECTIONS} keep-alive connections from autocannon for ${SECONDS} s, each connection going round ${SAMPLE_TEACHERS} teachers' requests (pupils and plans by the seed's ids), medians of ${ROUNDS} interleaved rounds. Goal: the district's p99 within ${GOAL}× the school's.`,
    '',
    ...table,
    '',
    '## Details',
    '',
    ...rows.map((r) => `- ${r.detail}.`),
    `- The documents list is answered from each instance's memory while the teacher's list version is unchanged (decision 0028): after the first request for each of the ${SAMPLE_TEACHERS} teachers, both sides measure mostly that. The list's own query on the district (its first build) is in the plans page; the other reads are built afresh on every request.`,
    ...purgeLines,
    `- Databases: ${seeding.join('; ')}.`,
    "- Found and fixed with this benchmark (before, measured on the same district, 2026-11-26): deleting a hand-in deleted its file, and the foreign-key check of `feedback.region_crop_file_id` (no index) read all 5,000,000 feedback items: 892 ms per hand-in (EXPLAIN ANALYZE of the delete: `Trigger for constraint feedback_region_crop_file_id_files_id_fk: time=891.546`), so purging 10,000 hand-ins would have taken over 2 hours; with migration 0026 (an index on every foreign key) the check takes 0.08 ms. Recent Activity counted each lesson plan's lessons with a subquery whose bare `id` was the lesson's own: a scan of all 300,000 lessons (80 ms) on every dashboard load, and wrong counts; fixed in server/work/activity/recent-activity.ts.",
    `- Query plans on the district: [benchmarks-district-plans.md](benchmarks-district-plans.md). ${findings.length === 0 ? 'No sequential scan of a big table.' : `Sequential scans of big tables: ${findings.join('; ')}.`}`,
    '',
  ].join('\n');
  writeFileSync(join(root, 'docs/benchmarks-district.md'), page);
  console.log(`\n${table.join('\n')}\n`);
  console.log([...rows.map((r) => `- ${r.detail}`), ...purgeLines].join('\n'));
  if (findings.length) console.log(`\nSequential scans:\n${findings.join('\n')}`);
}

await main();
