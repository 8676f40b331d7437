/*
 * Memory after load: the server's RSS idle, right after three bursts of 30 pupils handing
 * in a 2-page PDF (their texts extracted), and every 10 s for a minute after, against the
 * goal of ≤ 1.5× idle within that minute. Where the rest is, from /proc/<pid>/smaps:
 * WebAssembly memories (PostgreSQL's, the OCR engine's) are the mappings that reserve
 * several GiB of address space for their guard regions; they can grow and never shrink.
 *
 * Runs the production build already in dist/ (`npm run build` first):
 *   npx tsx bench/memory-after-bursts.bench.ts [--server=dist/…/main.mjs]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { classroomKeyId, extracted, handIn } from './hand-ins.bench';
import { rssMiB, startApp } from './support/app-server';
import { seedTeachers } from './support/seed';

const root = fileURLToPath(new URL('..', import.meta.url));
const ESSAY_PDF = join(root, 'server/work/extraction/fixtures/essay.pdf');
const BURSTS = 3;
const PUPILS = 30;
const IDLE_MS = 30_000;
const AFTER_MS = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 0 });

/**
 * Resident MiB of WebAssembly memories and of the rest, from /proc/<pid>/smaps. V8 places
 * a WebAssembly memory at the start of a reservation of 8 GiB: the pages in use are
 * read-write, and the guard region after them (at least 4 GiB) is inaccessible.
 */
export function residentByKind(smaps: string): { wasmMiB: number; otherMiB: number } {
  type Mapping = { start: bigint; end: bigint; access: string; rssKiB: number };
  const mappings: Mapping[] = [];
  for (const line of smaps.split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) (\S+)/.exec(line);
    if (range) {
      mappings.push({
        start: BigInt(`0x${range[1]}`),
        end: BigInt(`0x${range[2]}`),
        access: range[3]!,
        rssKiB: 0,
      });
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && mappings.length > 0) mappings.at(-1)!.rssKiB = Number(rss[1]);
  }
  const guardStarts = new Set(
    mappings
      .filter((m) => m.access.startsWith('---') && m.end - m.start >= 4n * 2n ** 30n)
      .map((m) => m.start),
  );
  let wasmKiB = 0;
  let otherKiB = 0;
  for (const m of mappings) {
    if (m.access.startsWith('rw') && guardStarts.has(m.end)) wasmKiB += m.rssKiB;
    else otherKiB += m.rssKiB;
  }
  return { wasmMiB: wasmKiB / 1024, otherMiB: otherKiB / 1024 };
}

const smapsOf = (pid: number) => residentByKind(readFileSync(`/proc/${pid}/smaps`, 'utf8'));

/** The row for docs/benchmarks.md (bench/speed.bench.ts) and its detail lines. */
export async function memoryAfterBursts(server?: string) {
  const { idleMiB, minuteMiB, lines } = await measure(server);
  return {
    row: {
      what: `server memory a minute after ${BURSTS} bursts of ${PUPILS} hand-ins (RSS)`,
      baselineLabel: `same server idle (${IDLE_MS / 1000} s after start)`,
      baseline: idleMiB,
      now: minuteMiB,
      unit: 'MiB',
      ratio: '',
      goal: '≤ 1.5× baseline',
      met: false,
      before: '583–615 MiB, staying there',
      check: (row: { baseline: number; now: number }) => row.now <= 1.5 * row.baseline,
    },
    lines,
  };
}

async function measure(server: string | undefined) {
  const scratch = mkdtempSync(join(tmpdir(), 'cv-bench-memory-'));
  const dataDir = join(scratch, 'data');
  const seeded = await seedTeachers({ kind: 'pglite', dataDir }, 0, 0);
  const app = await startApp(4391, { DATA_DIR: dataDir }, server);
  const pid = app.process.pid!;
  const cookie = seeded.manyCookie;
  try {
    await sleep(IDLE_MS);
    const idle = { rss: rssMiB(pid), ...smapsOf(pid) };
    const keyId = await classroomKeyId(app.url, cookie);
    const pdf = readFileSync(ESSAY_PDF);
    let failed = 0;
    for (let burst = 1; burst <= BURSTS; burst += 1) {
      console.log(`Memory: burst ${burst} of ${BURSTS}...`);
      const handIns = await Promise.all(
        Array.from({ length: PUPILS }, (_, i) => handIn(app.url, keyId, `B${burst} ${i}`, pdf)),
      );
      const ids = handIns.flatMap((h) => (h.documentId === null ? [] : [h.documentId]));
      failed += PUPILS - ids.length + (await extracted(app.url, cookie, ids));
    }
    const after = { rss: rssMiB(pid), ...smapsOf(pid) };
    const later: number[] = [];
    for (let waited = 0; waited < AFTER_MS; waited += 10_000) {
      await sleep(10_000);
      later.push(rssMiB(pid));
    }
    const minute = { rss: later.at(-1)!, ...smapsOf(pid) };
    const lines = [
      `Memory after ${BURSTS} bursts of ${PUPILS} hand-ins (${failed} failed): RSS idle ${fmt(idle.rss)} MiB, right after ${fmt(after.rss)} MiB, a minute later ${fmt(minute.rss)} MiB (${(minute.rss / idle.rss).toFixed(2)}× idle; goal ≤ 1.5×). Every 10 s: ${later.map(fmt).join(', ')} MiB.`,
      `- WebAssembly memories (never shrink): idle ${fmt(idle.wasmMiB)} MiB, after ${fmt(after.wasmMiB)}, a minute later ${fmt(minute.wasmMiB)}; the rest: ${fmt(idle.otherMiB)}, ${fmt(after.otherMiB)}, ${fmt(minute.otherMiB)} MiB.`,
    ];
    console.log(lines.join('\n'));
    return { idleMiB: idle.rss, minuteMiB: minute.rss, lines };
  } finally {
    await app.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await measure(process.argv.find((a) => a.startsWith('--server='))?.slice('--server='.length));
}
