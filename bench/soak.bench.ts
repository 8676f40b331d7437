/*
 * The soak: simulated users for ten minutes against the deployment
 * of docs/deploy.md on one machine — two app instances serving HTTP only (RUN_JOBS=false)
 * behind a simulated TLS proxy, one worker process, one PostgreSQL database, one
 * S3-compatible store (s3rver), the production build. Goals: 0 errors, memory flat.
 *
 * Teachers, pupils and parents (bench/support/soak-users.ts) each send every request to
 * the other instance than their previous one, with their own client address in
 * X-Forwarded-For, so the per-address limits count per person as behind a real proxy.
 * Errors: any answer ≥ 400, any network error, any line the server processes log at
 * level error or fatal, a process that exits, a hand-in whose text is not read.
 * Memory: the RSS of each process every 10 s; the last third of the run against the
 * middle third (the first is warm-up), and the least-squares slope over both.
 *
 * Writes docs/benchmarks-soak.md. Needs TEST_DATABASE_URL (a fresh database is created
 * and dropped). Cleans up on Ctrl-C too.
 *   npx tsx bench/soak.bench.ts [--minutes=10] [--users=200] [--no-build]
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPostgresDatabase } from '../server/test/harness';
import { type ServerProcess, startApp, startBackground, stopAll } from '../server/test/processes';
import { type Answer, alternating, ProxiedClient, SITE } from '../server/test/proxied-client';
import { type LocalS3, startLocalS3 } from '../server/test/s3-server';
import { startSmtpCapture } from '../server/test/smtp-capture';
import { seedClassTeachers } from './support/seed';
import {
  FLAT_GROWTH_PERCENT,
  type MemorySample,
  type MemoryVerdict,
  memoryVerdict,
  RequestLog,
} from './support/soak-stats';
import {
  type Classroom,
  essayPdf,
  Parent,
  Pupil,
  type SoakWorld,
  Teacher,
} from './support/soak-users';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const MINUTES = arg('minutes', 10);
const USERS = arg('users', 200);
const PASSWORD = 'soak-teacher-password-2026';
/** History each teacher pages through: more than the server's first page of 50. */
const DOCUMENTS_EACH = 120;
/** The worker's start-up line (server/worker-process.ts). */
const WORKER_READY = /Worker \d+ running background jobs/;

/** One in ten users a teacher, one in five a parent, the rest pupils. */
function mix(users: number) {
  const teachers = Math.max(1, Math.round(users * 0.1));
  const parents = Math.round(users * 0.2);
  return { teachers, parents, pupils: Math.max(0, users - teachers - parents) };
}

type Running = {
  smtp?: Awaited<ReturnType<typeof startSmtpCapture>>;
  database?: Awaited<ReturnType<typeof createPostgresDatabase>>;
  s3?: LocalS3;
  scratch: string;
};
const running: Running = { scratch: mkdtempSync(join(tmpdir(), 'cv-soak-')) };
let cleaned: Promise<void> | null = null;

/** Stops every process, drops the database, removes the files; once, however it ends. */
function cleanUp(): Promise<void> {
  cleaned ??= (async () => {
    await stopAll();
    await running.database?.drop().catch((error) => console.error('Dropping failed:', error));
    await running.s3?.stop();
    await running.smtp?.close();
    rmSync(running.scratch, { recursive: true, force: true });
  })();
  return cleaned;
}

// Ctrl-C reaches this process twice (from the terminal, and relayed by tsx): a handler
// that stays, so the second signal cannot kill the process half-way through cleaning up.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (cleaned) return;
    console.log(`\n${signal}: stopping the processes and dropping the database...`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function main() {
  if (!process.env.TEST_DATABASE_URL) {
    throw new Error('The soak runs on PostgreSQL: set TEST_DATABASE_URL (see README).');
  }
  const counts = mix(USERS);
  const loadAtStart = loadavg();
  if (!process.argv.includes('--no-build')) {
    console.log('Building (web client and compiled server)...');
    execSync('npm run build', { cwd: root, stdio: 'ignore' });
  }

  running.smtp = await startSmtpCapture();
  running.database = await createPostgresDatabase();
  running.s3 = await startLocalS3({ bucket: 'cv-soak' });
  console.log(`Seeding ${counts.teachers} teachers with ${DOCUMENTS_EACH} hand-ins each...`);
  const emails = await seedClassTeachers(running.database.url, {
    count: counts.teachers,
    documentsEach: DOCUMENTS_EACH,
    password: PASSWORD,
  });

  const env = (name: string) => ({
    ...running.s3!.env,
    NODE_ENV: 'production',
    DATABASE_URL: running.database!.url,
    DATA_DIR: join(running.scratch, name),
    SMTP_URL: running.smtp!.url,
    PUBLIC_URL: SITE,
    TRUST_PROXY: '1',
    SEED_DEMO: 'false',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'soak-admin-password-2026',
  });
  const [appA, appB, worker] = await Promise.all([
    startApp('app-a', { ...env('app-a'), RUN_JOBS: 'false' }, 'dist/server/main.mjs'),
    startApp('app-b', { ...env('app-b'), RUN_JOBS: 'false' }, 'dist/server/main.mjs'),
    startBackground('worker', 'dist/server/worker.mjs', env('worker'), WORKER_READY),
  ]);
  const processes = [appA, appB, worker];
  const bases = [appA.base, appB.base];

  const world: SoakWorld = {
    classrooms: [],
    password: PASSWORD,
    sharedKeys: [],
    handedIn: [],
    log: new RequestLog(),
    stopAt: Number.POSITIVE_INFINITY,
  };
  console.log('Opening the classrooms (passphrase, a lesson plan, two shared links each)...');
  let address = 0;
  /** A client address of its own for every person, and their own turn over the instances. */
  const browser = () => {
    address += 1;
    const turn = alternating(address % 2 === 0 ? bases : [...bases].reverse());
    return new ProxiedClient(
      turn,
      `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    );
  };
  const teacherBrowsers = emails.map(() => browser());
  for (const [i, email] of emails.entries()) {
    world.classrooms.push(await openClassroom(teacherBrowsers[i]!, email, world));
  }

  const warm = await extractionOutcome(running.database.url, world.handedIn);
  if (warm.done !== world.handedIn.length)
    throw new Error(`Setup hand-ins not read: ${JSON.stringify(warm)}`);
  world.handedIn.length = 0;

  const people: { run: () => Promise<void>; client: ProxiedClient }[] = [];
  for (const [i, classroom] of world.classrooms.entries()) {
    const client = teacherBrowsers[i]!;
    people.push({ client, run: () => new Teacher(client, world, classroom).run() });
  }
  for (let i = 0; i < counts.pupils; i += 1) {
    const client = browser();
    const classroom = world.classrooms[i % world.classrooms.length]!;
    const name = { firstName: `Kid${i}`, surnameInitials: initials(i) };
    people.push({ client, run: () => new Pupil(client, world, classroom, name).run() });
  }
  for (let i = 0; i < counts.parents; i += 1) {
    const client = browser();
    people.push({ client, run: () => new Parent(client, world).run() });
  }

  // Everything before this line was setup: its requests are not the soak's.
  const soakLog = new RequestLog();
  world.log = soakLog;
  const started = Date.now();
  world.stopAt = started + MINUTES * 60_000;
  console.log(
    `Soak: ${USERS} users (${counts.teachers} teachers, ${counts.pupils} pupils, ${counts.parents} parents) for ${MINUTES} min...`,
  );
  const sampler = sampleProcesses(processes, started, soakLog);
  await Promise.all(people.map((person) => person.run()));
  const elapsedMinutes = (Date.now() - started) / 60_000;
  const memory = await sampler.stop();

  console.log(`Waiting for the ${world.handedIn.length} hand-ins to be read...`);
  const reading = await extractionOutcome(running.database.url, world.handedIn);
  if (reading.failed > 0) soakLog.fail('extraction', `${reading.failed} hand-ins failed to read`);
  if (reading.pending > 0) soakLog.fail('extraction', `${reading.pending} hand-ins never read`);
  for (const job of reading.failedJobs) soakLog.fail('job', job);

  const perInstance = bases.map((base) =>
    people.reduce((sum, p) => sum + p.client.served.filter((b) => b === base).length, 0),
  );
  const report = writeReport({
    counts,
    elapsedMinutes,
    log: soakLog,
    memory,
    reading,
    handedIn: world.handedIn.length,
    sharedLinks: world.sharedKeys.length,
    perInstance,
    loadAtStart,
    loadAtEnd: loadavg(),
    logged: sampler.logged,
  });
  console.log(report);
  const flat = Object.values(memory).every((verdict) => verdict.flat);
  if (soakLog.errorCount > 0 || !flat) process.exitCode = 1;
}

/** Signs the teacher in on their browser, reads the passphrase, makes a plan, shares two. */
async function openClassroom(client: ProxiedClient, email: string, world: SoakWorld) {
  const must = async (what: string, answer: Promise<Answer>) => {
    const done = await answer;
    if (done.status >= 400) throw new Error(`Setup: ${what} answered ${done.status}`);
    return done.json();
  };
  await must('sign-in', client.post('/api/auth/login', { email, password: world.password }));
  const { classroomPhrase } = await must('phrase', client.get('/api/settings/classroom-phrase'));
  const plan = await must(
    'plan',
    client.post('/api/lesson-plans', { title: 'Week 12', dateRange: '17–21 November' }),
  );
  for (const day of ['Monday', 'Wednesday', 'Friday']) {
    await must(
      'lesson',
      client.post(`/api/lesson-plans/${plan.id}/lessons`, {
        title: `Reading ${day}`,
        description: 'Guided reading in groups, then a short written answer.',
        timeSlot: '9:00 - 9:45 AM',
        day,
        color: 'green',
      }),
    );
  }
  const rows = await must('documents', client.get('/api/documents?limit=2'));
  for (const row of rows as { id: number; author: string }[]) {
    const shared = await must(
      'share',
      client.post(`/api/documents/${row.id}/share-feedback`, {
        studentName: row.author,
        sendEmail: false,
      }),
    );
    world.sharedKeys.push((shared.shareableLink as string).split('/').pop()!);
  }
  await must('sign-out', client.post('/api/auth/logout'));
  // A first hand-in with a file, so the worker's readers are warm before the soak starts.
  const key = await must(
    'passphrase',
    client.post('/api/student-portal/verify-key', { keyPhrase: classroomPhrase }),
  );
  const uploaded = await must(
    'upload',
    client.upload(
      '/api/uploads',
      {
        bytes: await essayPdf('First homework', 'Ada'),
        name: 'homework.pdf',
        type: 'application/pdf',
      },
      { classroomKeyId: key.id },
    ),
  );
  const handedIn = await must(
    'hand-in',
    client.post('/api/student-portal/submit-assignment', {
      title: 'First homework',
      firstName: 'Ada',
      surnameInitials: 'LO',
      yearGroup: 'Year 6',
      fileUrl: uploaded.fileUrl,
      classroomKeyId: key.id,
    }),
  );
  world.handedIn.push(handedIn.id);
  return {
    email,
    phrase: classroomPhrase as string,
    planId: plan.id as number,
  } satisfies Classroom;
}

/** Two letters for pupil i: AA, AB, ... */
function initials(i: number) {
  const letter = (n: number) => String.fromCharCode(65 + (n % 26));
  return `${letter(Math.floor(i / 26))}${letter(i)}`;
}

function rssMiB(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return null;
  }
}

/**
 * Every 10 s (more often in a short run, for at least a dozen readings): each process's
 * RSS, and its log since the last reading — lines at level error or fatal are errors
 * (pino: 50 and 60); warnings are counted. A process that exits is an error.
 */
function sampleProcesses(processes: ServerProcess[], started: number, log: RequestLog) {
  const samples: Record<string, MemorySample[]> = {};
  const logged = { warnings: 0, otherCount: 0, errors: [] as string[], other: [] as string[] };
  const partial = new Map<string, string>();
  const every = Math.min(10_000, (MINUTES * 60_000) / 12);
  const read = () => {
    const minutes = (Date.now() - started) / 60_000;
    for (const server of processes) {
      const mib = rssMiB(server.child.pid);
      if (mib !== null && server.child.exitCode === null) {
        samples[server.name] ??= [];
        samples[server.name]!.push({ minutes, mib });
      }
      const text = (partial.get(server.name) ?? '') + server.output.splice(0).join('');
      const lines = text.split('\n');
      partial.set(server.name, lines.pop() ?? '');
      for (const line of lines) scanLine(server.name, line);
    }
  };
  const scanLine = (name: string, line: string) => {
    if (!line.trim()) return;
    let level = 0;
    try {
      level = (JSON.parse(line) as { level?: number }).level ?? 0;
    } catch {
      // Not pino's: Node's own warnings (the AWS SDK's about Node 20, for one) or a crash.
      logged.otherCount += 1;
      if (/error|exception|uncaught|unhandled/i.test(line) && logged.other.length < 10) {
        logged.other.push(`${name}: ${line.slice(0, 300)}`);
      }
      return;
    }
    if (level >= 50) {
      logged.errors.push(`${name}: ${line.slice(0, 500)}`);
      log.fail(`${name} log`, line.slice(0, 500));
    } else if (level === 40) logged.warnings += 1;
  };
  const exits = processes.map((server) => {
    const onExit = (code: number | null, signal: string | null) =>
      log.fail(server.name, `exited during the soak (code ${code}, signal ${signal})`);
    server.child.once('exit', onExit);
    return () => server.child.off('exit', onExit);
  });
  read();
  const timer = setInterval(read, every);
  return {
    logged,
    stop: async () => {
      clearInterval(timer);
      read();
      for (const forget of exits) forget();
      const verdicts: Record<string, MemoryVerdict & { samples: MemorySample[] }> = {};
      for (const [name, list] of Object.entries(samples)) {
        verdicts[name] = { ...memoryVerdict(list, MINUTES), samples: list };
      }
      return verdicts;
    },
  };
}

type Reading = { done: number; failed: number; pending: number; failedJobs: string[] };

/** Waits (up to 2 min) until every hand-in's text is read; counts failures and failed jobs. */
async function extractionOutcome(url: string, ids: number[]): Promise<Reading> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { rows } = await client.query<{ status: string; count: number }>(
        'select extraction_status as status, count(*)::int as count from documents where id = any($1) group by 1',
        [ids],
      );
      const count = (status: string) => rows.find((r) => r.status === status)?.count ?? 0;
      const reading = { done: count('done'), failed: count('failed'), pending: count('pending') };
      if (reading.pending === 0 || Date.now() > deadline) {
        const jobs = await client.query<{ kind: string; last_error: string | null }>(
          "select kind, last_error from jobs where status = 'failed' limit 20",
        );
        const failedJobs = jobs.rows.map((j) => `${j.kind}: ${j.last_error ?? ''}`.slice(0, 300));
        return { ...reading, failedJobs };
      }
      await sleep(1000);
    }
  } finally {
    await client.end();
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const signed = (n: number, digits = 1) => `${n >= 0 ? '+' : ''}${fmt(n, digits)}`;

function writeReport(r: {
  counts: ReturnType<typeof mix>;
  elapsedMinutes: number;
  log: RequestLog;
  memory: Record<string, MemoryVerdict & { samples: MemorySample[] }>;
  reading: Reading;
  handedIn: number;
  sharedLinks: number;
  perInstance: number[];
  loadAtStart: number[];
  loadAtEnd: number[];
  logged: { warnings: number; otherCount: number; errors: string[]; other: string[] };
}): string {
  const load = (l: number[]) => l.map((v) => fmt(v, 2)).join(', ');
  const overall = r.log.overall();
  const memoryRows = Object.entries(r.memory).map(
    ([name, m]) =>
      `| memory of ${name}: last third against middle third (RSS mean) | middle third: ${fmt(m.middleMiB)} MiB | ${fmt(m.lastMiB)} MiB (${signed(m.growthPercent)} %; slope ${signed(m.slopeMiBPerMinute, 2)} MiB/min; peak ${fmt(m.peakMiB)} MiB) | ≤ +${FLAT_GROWTH_PERCENT} % | ${m.flat ? 'yes' : '**no**'} |`,
  );
  const lines = [
    '# Soak',
    '',
    'Written by `npx tsx bench/soak.bench.ts` (the last step of `npm run bench`); do not edit by hand.',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${fmt(totalmem() / 2 ** 30, 1)} GiB, Node ${process.version}; load average (1, 5, 15 min) ${load(r.loadAtStart)} at the start, ${load(r.loadAtEnd)} at the end.`,
    `Two app instances (HTTP only, RUN_JOBS=false) and one worker process, the production build, on one PostgreSQL database and one S3-compatible store (s3rver), behind a simulated TLS proxy. ${USERS} simulated users for ${fmt(r.elapsedMinutes, 1)} min: ${r.counts.teachers} teachers, ${r.counts.pupils} pupils, ${r.counts.parents} parents, each with their own client address, every request to the other instance than their previous one, a few seconds of thinking between screens (bench/support/soak-users.ts). The load generator runs on the same machine.`,
    '',
    '| what | baseline | now | goal | met |',
    '|---|---|---|---|---|',
    `| errors: answers ≥ 400, network errors, logged errors, exits, unread hand-ins | — | ${r.log.errorCount} of ${fmt(r.log.requests)} requests | 0 | ${r.log.errorCount === 0 ? 'yes' : '**no**'} |`,
    ...memoryRows,
    '',
    '## Details',
    '',
    `- Requests: ${fmt(r.log.requests)} (${fmt(r.log.requests / (r.elapsedMinutes * 60), 1)}/s), app-a ${fmt(r.perInstance[0] ?? 0)}, app-b ${fmt(r.perInstance[1] ?? 0)} (setup requests included); p50 ${fmt(overall.p50, 1)} ms, p99 ${fmt(overall.p99, 1)} ms over all kinds.`,
    `- Hand-ins during the soak: ${r.handedIn}; read by the worker ${r.reading.done}, failed ${r.reading.failed}, not read within 2 min of the end ${r.reading.pending}. Failed jobs: ${r.reading.failedJobs.length}. Links shared (with setup's): ${r.sharedLinks}.`,
    `- Server logs: ${r.logged.errors.length} lines at level error or above, ${r.logged.warnings} warnings; other output (not log lines) ${r.logged.otherCount} lines, of which ${r.logged.other.length} mention an error or exception.`,
    '- Memory: RSS of each process every 10 s; the first third of the run is warm-up, "flat" compares the mean of the last third with the middle third; the slope is the least-squares fit over both, in MiB per minute. RSS includes heap that V8 grew under load and has not handed back: a step that then holds level is not a leak, a slope that keeps climbing to the end is; the readings below show which.',
    '',
    '### Latency by kind of request (ms)',
    '',
    '| request | count | p50 | p99 | max |',
    '|---|---|---|---|---|',
    ...r.log
      .byKind()
      .map(
        (k) =>
          `| ${k.kind} | ${fmt(k.count)} | ${fmt(k.p50, 1)} | ${fmt(k.p99, 1)} | ${fmt(k.max, 1)} |`,
      ),
    '',
    '### Memory readings (MiB)',
    '',
    `| minute | ${Object.keys(r.memory).join(' | ')} |`,
    `|---|${Object.keys(r.memory)
      .map(() => '---')
      .join('|')}|`,
    ...memoryTable(r.memory),
    '',
    ...(r.log.errors.length
      ? [
          '### Errors (first 50)',
          '',
          ...r.log.errors.map(
            (e) => `- ${fmt(e.atMs / 1000, 1)} s, ${e.kind}: ${e.what.replace(/\n/g, ' ')}`,
          ),
          '',
        ]
      : []),
    ...(r.logged.other.length
      ? [
          '### Output that is not a log line and mentions an error',
          '',
          ...r.logged.other.map((l) => `- ${l}`),
          '',
        ]
      : []),
  ];
  const text = lines.join('\n');
  writeFileSync(join(root, 'docs/benchmarks-soak.md'), text);
  return text;
}

function memoryTable(memory: Record<string, { samples: MemorySample[] }>): string[] {
  const names = Object.keys(memory);
  const rows = Math.max(0, ...names.map((n) => memory[n]!.samples.length));
  return Array.from({ length: rows }, (_, i) => {
    const at = memory[names[0]!]!.samples[i]?.minutes ?? 0;
    return `| ${fmt(at, 2)} | ${names.map((n) => fmt(memory[n]!.samples[i]?.mib ?? 0)).join(' | ')} |`;
  });
}

try {
  await main();
} finally {
  await cleanUp();
}
