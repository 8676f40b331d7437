import { readdirSync, readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { POOL_THREAD_NICENESS, shutdownWorkerPool } from '../../platform/worker-pool';
import { ExtractionError } from './errors';
import { extractTextIsolated, TOO_SLOW } from './isolated';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** A 'text bomb': one small compressed page that expands to millions of characters. */
function textBombPdf(): Buffer {
  const content = `BT /F1 1 Tf ${'(the keeper climbed the stairs ) Tj T* '.repeat(150_000)}ET`;
  const stream = deflateSync(content);
  const parts = [
    '%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n',
    '2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n',
    '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>> endobj\n',
    `4 0 obj <</Length ${stream.length}/Filter/FlateDecode>> stream\n`,
  ];
  return Buffer.concat([
    Buffer.from(parts.join('')),
    stream,
    Buffer.from(
      '\nendstream endobj\n5 0 obj <</Type/Font/Subtype/Type1/BaseFont/Helvetica>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
    ),
  ]);
}

describe('extraction in the worker pool', () => {
  afterAll(async () => shutdownWorkerPool());

  it('reads a PDF and a Word document off the main thread', async () => {
    expect((await extractTextIsolated(fixture('essay.pdf'), 'pdf')).text).toContain('Gull Point');
    expect((await extractTextIsolated(fixture('essay.docx'), 'docx')).text).toContain('Gull Point');
  });

  it('passes on a clear error for a damaged file', async () => {
    const error = await extractTextIsolated(fixture('damaged.pdf'), 'pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as Error).message).toMatch(/damaged/i);
  });

  it('refuses a small file that expands to too much text, while the server thread stays responsive', async () => {
    const bomb = textBombPdf();
    expect(bomb.length).toBeLessThan(200_000);
    let ticks = 0;
    const ticker = setInterval(() => {
      ticks += 1;
    }, 50);
    const started = Date.now();
    const error = await extractTextIsolated(bomb, 'pdf').catch((e: unknown) => e);
    clearInterval(ticker);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as ExtractionError).reason).toBe('too-large');
    // The event loop kept ticking the whole time (at least half the expected ticks).
    expect(ticks).toBeGreaterThan((Date.now() - started) / 50 / 2);
  }, 120_000);

  it('gives up on a file that takes too long, and the server thread stays free', async () => {
    const started = Date.now();
    const error = await extractTextIsolated(fixture('essay.pdf'), 'pdf', { timeoutMs: 1 }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe(TOO_SLOW);
    expect(Date.now() - started).toBeLessThan(5_000);
    // The thread that ran out of time was replaced: the next file is read as usual.
    expect((await extractTextIsolated(fixture('essay.pdf'), 'pdf')).text).toContain('Gull Point');
  });

  it('reads files in threads that give way to the server thread', async () => {
    await extractTextIsolated(fixture('essay.docx'), 'docx');
    // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value (Linux).
    const niceOf = (tid: string) =>
      Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    const threads = readdirSync('/proc/self/task');
    expect(niceOf(String(process.pid))).toBe(0);
    expect(threads.some((tid) => niceOf(tid) === POOL_THREAD_NICENESS)).toBe(true);
  });

  it('reads a photo by OCR in the pool as well', async () => {
    expect(
      (await extractTextIsolated(fixture('homework.png'), 'png')).text.toLowerCase(),
    ).toContain('homework');
  }, 60_000);
});
