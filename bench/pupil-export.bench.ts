/*
 * A pupil with 200 hand-ins (1 MB each, as a scanned PDF is), each with extracted text,
 * a written and a recorded comment (30 kB) and a share link opened twice: how long the
 * export takes over real HTTP and how much memory the process holds meanwhile, then how
 * long the erase takes (the transaction, and the removal of the stored files after it).
 * Run: npx tsx bench/pupil-export.bench.ts            (PGlite)
 *      BENCH_BACKEND=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *        npx tsx bench/pupil-export.bench.ts
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { documents, feedback, links, linkViews, students } from '../server/db/schema';
import { newUniqueId } from '../server/records/documents';
import { storeFile } from '../server/records/uploads';
import { signedInTeacher } from '../server/test/fixtures';
import { type Backend, startTestApp } from '../server/test/harness';

const HAND_INS = 200;
const FILE_BYTES = 1024 * 1024;
const AUDIO_BYTES = 30 * 1024;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const backend = (process.env.BENCH_BACKEND ?? 'pglite') as Backend;
const t = await startTestApp(backend, {}, { listen: true });
try {
  const owner = await signedInTeacher(t, 'Grace');
  const teacherId = owner.teacher.id;
  const [pupil] = await t.ctx.db
    .insert(students)
    .values({ teacherId, name: 'Maya', surname: 'Patel', yearGroup: 'Year 6', grade: '6' })
    .returning();
  const text = 'The old lighthouse at Gull Point stood against the storm. '.repeat(150);
  let stored = 0;
  for (let i = 0; i < HAND_INS; i += 1) {
    const file = await storeFile(t.ctx, {
      teacherId,
      bytes: randomBytes(FILE_BYTES),
      originalName: `hand-in-${i}.pdf`,
      contentType: 'application/pdf',
      extension: 'pdf',
      uploadedBy: 'pupil',
    });
    const audio = await storeFile(t.ctx, {
      teacherId,
      bytes: randomBytes(AUDIO_BYTES),
      originalName: 'recording.webm',
      contentType: 'audio/webm',
      extension: 'webm',
      uploadedBy: 'teacher',
    });
    stored += FILE_BYTES + AUDIO_BYTES;
    const [doc] = await t.ctx.db
      .insert(documents)
      .values({
        uniqueId: newUniqueId(),
        teacherId,
        studentId: pupil!.id,
        fileId: file.id,
        title: `Homework ${i + 1}`,
        author: 'Maya Patel',
        extractionStatus: 'done',
        extractedContent: text,
        totalPages: 2,
      })
      .returning();
    await t.ctx.db.insert(feedback).values([
      {
        teacherId,
        documentId: doc!.id,
        type: 'text',
        content: 'Lovely detail.',
        highlightId: `t${i}`,
      },
      {
        teacherId,
        documentId: doc!.id,
        type: 'audio',
        highlightId: `a${i}`,
        audioFileId: audio.id,
        audioDuration: 12,
      },
    ]);
    const [link] = await t.ctx.db
      .insert(links)
      .values({
        kind: 'feedback',
        teacherId,
        documentId: doc!.id,
        keyHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
        recipientName: 'Maya',
        expiresAt: new Date(Date.now() + 7 * 86_400_000),
      })
      .returning();
    await t.ctx.db.insert(linkViews).values([{ linkId: link!.id }, { linkId: link!.id }]);
  }

  global.gc?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);

  const started = performance.now();
  const exported = await new Promise<number>((resolve, reject) => {
    const request = http.get(
      `${t.config.publicUrl}/api/students/${pupil!.id}/export`,
      { headers: { cookie: owner.cookie } },
      (response) => {
        if (response.statusCode !== 200)
          reject(new Error(`export answered ${response.statusCode}`));
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
  const exportMs = performance.now() - started;
  clearInterval(sampler);

  const eraseStarted = performance.now();
  const erased = await t.app.inject({
    method: 'DELETE',
    url: `/api/students/${pupil!.id}`,
    headers: { cookie: owner.cookie },
  });
  const eraseMs = performance.now() - eraseStarted;
  if (erased.statusCode !== 200) throw new Error(`erase answered ${erased.statusCode}`);
  const removalStarted = performance.now();
  await t.ctx.jobs.drain();
  const removalMs = performance.now() - removalStarted;

  console.log(`Pupil export and erase on ${backend}, ${HAND_INS} hand-ins (${mb(stored)} stored)`);
  console.log(
    `  export: ${mb(exported)} zip in ${(exportMs / 1000).toFixed(2)} s (${mb((exported / exportMs) * 1000)}/s)`,
  );
  console.log(
    `  memory: RSS ${mb(baseline.rss)} before, peak ${mb(peakRss)} (+${mb(peakRss - baseline.rss)}); heap peak +${mb(peakHeap - baseline.heapUsed)}`,
  );
  console.log(
    `  erase: transaction ${eraseMs.toFixed(0)} ms (${JSON.stringify(erased.json().erased)})`,
  );
  console.log(`  file removal job: ${removalMs.toFixed(0)} ms for ${HAND_INS * 2} files`);
} finally {
  await t.close();
}
