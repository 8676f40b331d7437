import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';

export type PageWeight = { path: string; gzipBytes: number; scripts: string[] };

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
