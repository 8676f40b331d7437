import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';

export type PageWeight = { path: string; gzipBytes: number; scripts: string[] };

/** The pages a pupil or a parent opens (goal: ≤ 100 KiB of gzipped JavaScript each). */
export const PUPIL_PAGES = [
  '/',
  '/login',
  '/student',
  '/student/submit/00000000-0000-4000-8000-000000000000',
  '/feedback-view/bench-access-key',
  '/documents/apple-river-cloud-stone/abcd1234',
  '/shared/bench-report-key',
];

/** The teacher's pages, opened signed in (goal: ≤ 250 KiB each). */
export const TEACHER_PAGES = [
  '/teacher',
  '/teacher/documents',
  '/teacher/document/1',
  '/teacher/lesson-planner',
  '/teacher/parent-reports',
  '/teacher/profile',
];

const gz = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

/** The baseline: the smallest React 19 app, built by the same Vite, gzip-summed. */
export async function helloReactWeight(outDir: string): Promise<number> {
  await build({
    root: fileURLToPath(new URL('../hello-react', import.meta.url)),
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  const assets = join(outDir, 'assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .reduce((sum, name) => sum + gz(readFileSync(join(assets, name))), 0);
}

/**
 * Opens each page in Chromium and adds up the JavaScript it actually downloaded
 * (gzip level 9 of each script body), once the network has gone quiet.
 */
export async function pageWeights(
  baseURL: string,
  pages: { path: string; cookies?: { name: string; value: string }[] }[],
): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  const weights: PageWeight[] = [];
  try {
    for (const { path, cookies } of pages) {
      const context = await browser.newContext();
      if (cookies) {
        await context.addCookies(cookies.map((c) => ({ ...c, url: baseURL })));
      }
      const page = await context.newPage();
      const bodies: Promise<{ url: string; size: number }>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        bodies.push(
          response
            .body()
            .then((body) => ({ url: response.url(), size: gz(body) }))
            // A script still arriving as the page closes was not needed to show it.
            .catch(() => ({ url: response.url(), size: 0 })),
        );
      });
      await page.goto(new URL(path, baseURL).toString(), { waitUntil: 'networkidle' });
      // On a busy machine the network can fall quiet while the entry script is still being
      // compiled, before it asks for the page's own chunks: wait for the page to replace
      // its loading screen, then for the network to be quiet again.
      await page
        .waitForFunction(() => !document.body.textContent?.includes('Loading page...'), null, {
          timeout: 30_000,
        })
        .catch(() => {});
      await quiet(page);
      const scripts = (await Promise.all(bodies)).filter((s) => s.size > 0);
      weights.push({
        path,
        gzipBytes: scripts.reduce((sum, s) => sum + s.size, 0),
        scripts: scripts.map((s) => new URL(s.url).pathname.replace('/assets/', '')),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return weights;
}

/** Resolves once no request has been in flight for half a second. */
async function quiet(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const start = () => {
    inFlight += 1;
    lastChange = Date.now();
  };
  const end = () => {
    inFlight -= 1;
    lastChange = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    while (inFlight > 0 || Date.now() - lastChange < 500) {
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}
