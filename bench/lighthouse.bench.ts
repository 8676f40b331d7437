/*
 * Lighthouse alone: the five pages of `npm run bench`'s Lighthouse part on the
 * production build, with each page's failing opportunities and diagnostics, so a change to
 * the front end can be measured without the rest of the speed benchmark.
 * The load average is printed with the figures: total blocking time is measured on this
 * machine's CPU, which other work shares (figures above a load of 2 mean little).
 *
 * Run: npx tsx bench/lighthouse.bench.ts [--no-build] [--runs=1] [--reports=DIR]
 */
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp } from './support/app-server';
import { type LighthouseScore, lighthouseOnFivePages } from './support/lighthouse';
import { seedTeachers } from './support/seed';

const root = fileURLToPath(new URL('..', import.meta.url));
const option = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const RUNS = Number(option('runs') ?? 1);
const REPORTS = option('reports');
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

if (!process.argv.includes('--no-build')) {
  console.log('Building (web client and compiled server)...');
  execSync('npm run build', { cwd: root, stdio: 'ignore' });
}
const scratch = mkdtempSync(join(tmpdir(), 'cv-lighthouse-'));
try {
  console.log('Seeding a teacher with 1,000 hand-ins (PGlite)...');
  const seeded = await seedTeachers({ kind: 'pglite', dataDir: join(scratch, 'data') }, 1000, 10);
  const app = await startApp(4390, { DATA_DIR: join(scratch, 'data') });
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      const reportDir = REPORTS ? join(REPORTS, `run-${run}`) : undefined;
      if (reportDir) mkdirSync(reportDir, { recursive: true });
      const before = load();
      const scores = await lighthouseOnFivePages(app.url, seeded.manyCookie, reportDir);
      print(run, scores, before, load());
    }
  } finally {
    await app.stop();
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

function print(run: number, scores: LighthouseScore[], loadBefore: string, loadAfter: string) {
  const ms = (n: number) => `${Math.round(n)} ms`;
  console.log(`\nRun ${run} (load average 1/5/15 min: before ${loadBefore}, after ${loadAfter})`);
  console.log('| page | perf (median) | every run | a11y | FCP | LCP | TBT | CLS |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const s of scores) {
    const page = s.path.startsWith('/feedback-view/') ? '/feedback-view/…' : s.path;
    console.log(
      `| ${page} | ${s.performance} | ${s.runs.join(', ')} | ${s.accessibility} | ${ms(s.fcpMs)} | ${ms(s.lcpMs)} | ${ms(s.tbtMs)} | ${s.cls.toFixed(3)} |`,
    );
  }
  for (const s of scores) {
    console.log(`\n${s.path}:`);
    for (const line of s.details.slice(0, 8)) console.log(`  - ${line}`);
  }
}
