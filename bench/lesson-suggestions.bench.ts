/*
 * Time of a lesson suggestion through the API for a full week (25 lessons, 5 a day) with 14 days
 * of marking (300 feedback items over 30 pupils), on PGlite, next to a baseline of the
 * cheapest authenticated request in the same run (GET /api/lesson-plans/:id), so the
 * figure can be quoted as a ratio. Also the engine alone (no database).
 *   npx tsx bench/lesson-suggestions.bench.ts [--runs=N]   (default 30)
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { LESSON_DAYS } from '../contract/lesson-plans';
import { suggestLessons } from '../server/ai/lesson-suggestions';
import { documents, feedback, students } from '../server/db/schema';
import { signedInTeacher } from '../server/test/fixtures';
import { startTestApp } from '../server/test/harness';
import { markingSummary } from '../server/work/suggestions';

const runsArg = process.argv.find((arg) => arg.startsWith('--runs='));
const RUNS = runsArg ? Math.max(3, Number(runsArg.slice('--runs='.length))) : 30;

const COMMENTS = [
  'Check the denominator before you add these fractions.',
  'Full stops at the end of each sentence, please.',
  'Spelling: “because”, “separate”, “definitely”.',
  'Start a new paragraph when the time or place changes.',
  'Good use of evidence from the text.',
  'Label the parts of the plant used in photosynthesis.',
  'Show your working for the times tables questions.',
  'Lovely vocabulary in this description of the storm.',
  'Use speech marks around what the character says.',
  'Commas between items in a list.',
];
const TITLES = ['Maths', 'English', 'Science', 'History', 'Reading', 'Spelling'];
const SLOTS = [
  '9:00 - 9:45 AM',
  '9:45 - 10:30 AM',
  '10:45 - 11:30 AM',
  '1:00 - 1:45 PM',
  '1:45 - 2:30 PM',
];

const t = await startTestApp('pglite');
const { cookie, teacher } = await signedInTeacher(t, 'Bench');
const plan = (
  await t.app.inject({
    method: 'POST',
    url: '/api/lesson-plans',
    headers: { cookie },
    payload: { title: 'Full week', dateRange: 'Nov 23 - 27, 2026' },
  })
).json();
for (const [d, day] of LESSON_DAYS.entries()) {
  for (const [s, timeSlot] of SLOTS.entries()) {
    await t.app.inject({
      method: 'POST',
      url: `/api/lesson-plans/${plan.id}/lessons`,
      headers: { cookie },
      payload: {
        title: TITLES[(d + s) % TITLES.length],
        description: 'Planned',
        timeSlot,
        day,
        color: 'blue',
      },
    });
  }
}
const pupils = await t.ctx.db
  .insert(students)
  .values(Array.from({ length: 30 }, (_, i) => ({ teacherId: teacher.id, name: `Pupil${i}` })))
  .returning();
const docs = await t.ctx.db
  .insert(documents)
  .values(
    pupils.map((pupil, i) => ({
      uniqueId: `bench${String(i).padStart(3, '0')}`,
      teacherId: teacher.id,
      studentId: pupil.id,
      title: `Homework ${i}`,
      author: pupil.name,
    })),
  )
  .returning();
const DAY = 86_400_000;
await t.ctx.db.insert(feedback).values(
  Array.from({ length: 300 }, (_, i) => ({
    teacherId: teacher.id,
    documentId: docs[i % docs.length]!.id,
    type: 'text' as const,
    content: COMMENTS[(i * 7) % COMMENTS.length]!,
    highlightId: `hl-bench-${i}`,
    highlightedText: 'a passage of the pupil’s work that drew a comment',
    createdAt: new Date(Date.now() - (i % 14) * DAY),
  })),
);

async function measure(name: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { name, median: times[Math.floor(times.length / 2)]!, max: times.at(-1)! };
}

const get = () => t.app.inject({ url: `/api/lesson-plans/${plan.id}`, headers: { cookie } });
const suggest = () =>
  t.app.inject({
    method: 'POST',
    url: `/api/lesson-plans/${plan.id}/ai-suggestion`,
    headers: { cookie },
  });
const sample = (await suggest()).json();
const input = {
  plan: { title: plan.title, dateRange: plan.dateRange },
  lessons: (await get()).json().lessons,
  marking: await markingSummary(t.ctx, teacher.id),
};

const rows = [
  await measure('baseline: GET /api/lesson-plans/:id', get),
  await measure('POST /api/lesson-plans/:id/ai-suggestion', suggest),
  await measure('marking summary (query + topics)', () => markingSummary(t.ctx, teacher.id)),
  await measure('built-in engine alone', async () => suggestLessons(input)),
];
const baseline = rows[0]!.median;
console.log(
  `Full week: ${input.lessons.length} lessons; marking: ${input.marking.items} feedback items, ` +
    `${input.marking.pupils} pupils; ${RUNS} runs after 3 warm-ups; PGlite; ` +
    `${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(2)}`,
);
console.log(
  `${'case'.padEnd(44)} ${'median ms'.padStart(10)} ${'max ms'.padStart(8)} ${'x baseline'.padStart(11)}`,
);
for (const row of rows) {
  console.log(
    `${row.name.padEnd(44)} ${row.median.toFixed(2).padStart(10)} ${row.max.toFixed(2).padStart(8)} ${(row.median / baseline).toFixed(2).padStart(11)}`,
  );
}
console.log(`Suggestion: ${sample.suggestedLessons.length} lessons; "${sample.message}"`);
await t.close();
