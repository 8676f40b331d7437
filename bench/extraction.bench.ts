// How long text extraction takes per format, next to a baseline of reading the same bytes
// and paginating text that is already plain, so figures can be quoted as ratios.
//   npx tsx bench/extraction.bench.ts [--runs=N]   (N scales the document runs; default 30)
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { paginate, WORDS_PER_PAGE } from '../server/records/documents/pages';
import {
  type DocumentKind,
  extractText,
  shutdownOcr,
} from '../server/work/extraction/extract-text';

const runsArg = process.argv.find((arg) => arg.startsWith('--runs='));
const RUNS = runsArg ? Math.max(1, Number(runsArg.slice('--runs='.length))) : 30;
// OCR takes seconds a picture; fewer runs give a stable median all the same.
const OCR_RUNS = Math.max(1, Math.round(RUNS / 5));
const BASELINE_RUNS = 200;

interface Case {
  label: string;
  file: string;
  kind: DocumentKind;
  runs: number;
  warmUp: number;
}

const cases: Case[] = [
  { label: 'PDF, 2 pages', file: 'essay.pdf', kind: 'pdf', runs: RUNS, warmUp: 3 },
  { label: 'DOCX', file: 'essay.docx', kind: 'docx', runs: RUNS, warmUp: 3 },
  { label: 'DOC (Word 97)', file: 'essay.doc', kind: 'doc', runs: RUNS, warmUp: 3 },
  { label: 'JPG, photo of a page', file: 'essay-page.jpg', kind: 'jpg', runs: OCR_RUNS, warmUp: 1 },
  { label: 'JPG, 4 lines', file: 'science-notes.jpg', kind: 'jpg', runs: OCR_RUNS, warmUp: 1 },
  { label: 'PNG, 4 lines', file: 'homework.png', kind: 'png', runs: OCR_RUNS, warmUp: 1 },
];

const fixturePath = (file: string) =>
  fileURLToPath(new URL(`../server/work/extraction/fixtures/${file}`, import.meta.url));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function time(runs: number, run: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

const format = (ms: number) =>
  ms >= 100 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(1) : ms.toFixed(3);

async function measure(c: Case) {
  const path = fixturePath(c.file);
  // What the app does with an upload: read the stored bytes, extract, paginate.
  const extract = async () => paginate(await extractText(await readFile(path), c.kind));
  const [first] = await time(1, extract);
  await time(c.warmUp - 1, extract);
  const extraction = median(await time(c.runs, extract));

  const text = await extractText(await readFile(path), c.kind);
  const baselineRun = async () => {
    await readFile(path);
    return paginate(text);
  };
  await time(10, baselineRun);
  const baseline = median(await time(BASELINE_RUNS, baselineRun));

  const words = text.split(/\s+/u).length;
  const pages = words / WORDS_PER_PAGE;
  return {
    format: c.label,
    runs: String(c.runs),
    words: String(words),
    'first call ms': format(first!),
    'median ms': format(extraction),
    'ms / page': format(extraction / pages),
    'baseline ms': format(baseline),
    'baseline ms / page': format(baseline / pages),
    'x baseline': `${Math.round(extraction / baseline).toLocaleString('en-GB')}×`,
  };
}

function printTable(rows: Record<string, string>[]): void {
  const columns = Object.keys(rows[0]!);
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)));
  console.log(line(columns).join('  '));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(columns.map((column) => row[column]!)).join('  '));
}

console.log(
  `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ` +
    `load average ${loadavg()[0]!.toFixed(2)}; page = ${WORDS_PER_PAGE} words; ` +
    'baseline = read the same bytes + paginate the already-extracted text.',
);
const rows = [];
try {
  for (const c of cases) rows.push(await measure(c));
} finally {
  await shutdownOcr();
}
printTable(rows);
console.log(`load average after: ${loadavg()[0]!.toFixed(2)}`);
