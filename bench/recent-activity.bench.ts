/*
 * GET /api/activity (the dashboard's Recent Activity) for a busy teacher: 3,000 hand-ins,
 * 1,000 share links, 100 lesson plans of 10 lessons and 500 parent reports, among nine other
 * teachers with as much, next to GET /api/settings (one primary-key read) in the same run,
 * so the figure can be quoted as a ratio.
 *   npx tsx bench/recent-activity.bench.ts [--postgres] [--runs=N]   (default 50)
 * --postgres uses TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  documents,
  lessonPlans,
  lessons,
  links,
  parentReports,
  students,
} from '../server/db/schema';
import { signedInTeacher } from '../server/test/fixtures';
import { startTestApp } from '../server/test/harness';

const runsArg = process.argv.find((arg) => arg.startsWith('--runs='));
const RUNS = runsArg ? Math.max(5, Number(runsArg.slice('--runs='.length))) : 50;
const backend = process.argv.includes('--postgres') ? 'postgres' : 'pglite';

const t = await startTestApp(backend);
const db = t.ctx.db;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let index = 0; index < rows.length; index += 500)
    await insert(rows.slice(index, index + 500));
}

async function seed(teacherId: number) {
  const [pupil] = await db
    .insert(students)
    .values({ teacherId, name: 'Maya', surname: 'Patel' })
    .returning({ id: students.id });
  const docIds: number[] = [];
  await inChunks(
    Array.from({ length: 3000 }, (_, index) => ({
      uniqueId: randomBytes(12).toString('base64url'),
      teacherId,
      title: `Essay ${index}`,
      author: 'Maya PA',
      createdAt: minutesAgo(index),
    })),
    async (chunk) => {
      const rows = await db.insert(documents).values(chunk).returning({ id: documents.id });
      docIds.push(...rows.map((row) => row.id));
    },
  );
  await inChunks(
    Array.from({ length: 1000 }, (_, index) => ({
      kind: 'feedback' as const,
      teacherId,
      documentId: docIds[index]!,
      keyHash: randomBytes(32).toString('hex'),
      recipientName: 'Maya',
      createdAt: minutesAgo(index + 3),
      expiresAt: minutesAgo(-10_000),
    })),
    (chunk) => db.insert(links).values(chunk),
  );
  for (let plan = 0; plan < 100; plan++) {
    const [row] = await db
      .insert(lessonPlans)
      .values({
        teacherId,
        title: `Week ${plan}`,
        dateRange: 'Nov',
        updatedAt: minutesAgo(plan * 7),
      })
      .returning({ id: lessonPlans.id });
    await db.insert(lessons).values(
      Array.from({ length: 10 }, (_, index) => ({
        teacherId,
        planId: row!.id,
        title: `Lesson ${index}`,
        description: '',
        timeSlot: '9:00 - 9:45 AM',
        day: 'Monday' as const,
      })),
    );
  }
  await inChunks(
    Array.from({ length: 500 }, (_, index) => ({
      teacherId,
      studentId: pupil!.id,
      subjects: 'Reading',
      content: 'Maya reads every evening.',
      status: index % 2 ? ('sent' as const) : ('draft' as const),
      updatedAt: minutesAgo(index * 2 + 1),
      sentAt: index % 2 ? minutesAgo(index * 2 + 1) : null,
    })),
    (chunk) => db.insert(parentReports).values(chunk),
  );
}

const seedStart = performance.now();
const me = await signedInTeacher(t, 'Bench');
await seed(me.teacher.id);
for (let other = 0; other < 9; other++) await seed((await signedInTeacher(t, 'Other')).teacher.id);
console.log(`seeded 10 teachers in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

async function time(url: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const response = await t.app.inject({ url, headers: { cookie: me.cookie } });
    times.push(performance.now() - start);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
  }
  return times.sort((a, b) => a - b);
}

const at = (sorted: number[], quantile: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * quantile))]!;
await time('/api/activity'); // warm-up
const activity = await time('/api/activity');
const settings = await time('/api/settings');
console.log(`${backend}, ${RUNS} runs`);
console.log(
  `GET /api/activity  median ${at(activity, 0.5).toFixed(1)} ms  p95 ${at(activity, 0.95).toFixed(1)} ms`,
);
console.log(
  `GET /api/settings  median ${at(settings, 0.5).toFixed(1)} ms  p95 ${at(settings, 0.95).toFixed(1)} ms`,
);
console.log(`ratio of medians ${(at(activity, 0.5) / at(settings, 0.5)).toFixed(1)}×`);
await t.close();
