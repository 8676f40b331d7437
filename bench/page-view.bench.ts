/*
 * Time to the first page of a 20-page PDF in the review's page view: from the
 * click on "Page" to page 1 drawn on its canvas with its text layer in place, measured in
 * the page (performance.now). Cold: a fresh browser context, so the pdf.js chunk (~124 KB
 * gzip) and its worker (~1.2 MB) are fetched and compiled first. Warm: Text, then Page again
 * in the same tab (code cached, the PDF fetched and parsed again). Baseline in the same run:
 * the same click on "Text" back to the text view (React re-rendering a 300-word page).
 * Needs the built SPA: npx vite build && npx tsx bench/page-view.bench.ts
 */
import { PDFDocument } from 'pdf-lib';
import { chromium, type Page } from 'playwright-core';
import { startAppServer } from '../e2e/support/app-server';
import { classroomKeyOf, handIn, signedInTeacher } from '../server/test/fixtures';
import {
  INDENTED_ESSAY,
  layoutPdf,
  sampleDocument,
} from '../server/work/extraction/pdfs.test-support';

const RUNS = 5;
const FIRST_PAGE = '[data-page-number="1"] .textLayer [data-item]';

async function twentyPages(): Promise<Uint8Array> {
  for (let paragraphs = 60; ; paragraphs += 4) {
    const bytes = await layoutPdf(sampleDocument(20, paragraphs), INDENTED_ESSAY);
    if ((await PDFDocument.load(bytes)).getPageCount() >= 20) return bytes;
  }
}

/**
 * Clicks the toggle button and waits in the page for `selector`; milliseconds between.
 * A string, not a function: tsx's name helpers do not exist inside the page.
 */
function timeClick(page: Page, button: string, selector: string): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const target = Array.from(document.querySelectorAll('button')).find(
      (b) => b.textContent.trim() === ${JSON.stringify(button)},
    );
    const start = performance.now();
    const observer = new MutationObserver(() => {
      if (!document.querySelector(${JSON.stringify(selector)})) return;
      observer.disconnect();
      resolve(performance.now() - start);
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    target.click();
  })`) as Promise<number>;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await startAppServer('pglite');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const { cookie } = await signedInTeacher(server, 'Ada');
  const { keyId } = await classroomKeyOf(server, cookie);
  const pdf = await twentyPages();
  const pages = (await PDFDocument.load(pdf)).getPageCount();
  const { id } = (
    await handIn(server, keyId, { file: { bytes: Buffer.from(pdf), name: 'long.pdf' } })
  ).json() as { id: number };
  // The hand-in's own text extraction must not share the CPU with the measurement.
  await server.ctx.jobs.drain();
  const [name, value] = cookie.split(';')[0]!.split('=') as [string, string];

  const cold: number[] = [];
  const warm: number[] = [];
  const text: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await context.addCookies([{ name, value, url: server.baseURL }]);
    const page = await context.newPage();
    await page.goto(`${server.baseURL}/teacher/document/${id}`);
    await page.getByRole('button', { name: 'Page', exact: true }).waitFor();
    cold.push(await timeClick(page, 'Page', FIRST_PAGE));
    text.push(await timeClick(page, 'Text', '[role="document"]'));
    warm.push(await timeClick(page, 'Page', FIRST_PAGE));
    await context.close();
  }
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  console.info(`PDF: ${pages} pages, ${(pdf.length / 1024).toFixed(0)} KiB; ${RUNS} runs, medians`);
  console.info(
    `first page, cold (chunk + worker + PDF): ${ms(median(cold))}  [${cold.map(ms).join(', ')}]`,
  );
  console.info(
    `first page, warm (PDF parsed again):   ${ms(median(warm))}  [${warm.map(ms).join(', ')}]`,
  );
  console.info(
    `baseline, back to the text view:       ${ms(median(text))}  [${text.map(ms).join(', ')}]`,
  );
  console.info(`ratio cold / baseline: ${(median(cold) / median(text)).toFixed(1)}×`);
} finally {
  await browser.close();
  await server.close();
}
