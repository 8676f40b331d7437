import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * `backForwardCache`: keep Chromium's back/forward cache, which Playwright turns off by
 * default, for a test of what a page restored from it shows. `microphone`: a WAV file the
 * fake microphone plays once (instead of its beeps), for a recording with speech in it.
 */
export async function launchBrowser({
  backForwardCache = false,
  microphone,
}: {
  backForwardCache?: boolean;
  microphone?: string;
} = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    ...(backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      ...(microphone ? [`--use-file-for-fake-audio-capture=${microphone}%noloop`] : []),
    ],
  });
}

export type Viewport = { width: number; height: number };
export const WIDE: Viewport = { width: 1280, height: 800 };
export const NARROW: Viewport = { width: 390, height: 844 };

/**
 * A fresh context per test (no shared cookies). Uncaught page errors and console
 * errors fail the test; a failed resource load (an expected 401) is not an error.
 */
export async function openPage(browser: Browser, baseURL: string, viewport: Viewport = WIDE) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (message.text().startsWith('Failed to load resource')) return;
    problems.push(`console.error: ${message.text()}`);
  });
  return {
    page,
    context,
    problems,
    close: async () => {
      await context.close();
      expect(problems, 'errors in the page').toEqual([]);
    },
  };
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

type AxeViolation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };

/**
 * Waits for every finite animation in the page (a toast fading out, a dialog fading in) to
 * end, then two frames so React can drop what closed. axe reads colours as they are painted,
 * so text caught half-way through a fade fails contrast although nobody reads it like that.
 * Endless animations (spinners, skeletons) are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => {
      const end = animation.effect?.getComputedTiming().endTime;
      return typeof end === 'number' && Number.isFinite(end);
    });
    const ended = Promise.all(finite.map((animation) => animation.finished.catch(() => null)));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** Runs axe-core in the page (WCAG 2 A/AA) once animations settle and fails on any violation. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await settleAnimations(page);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  const summary = (violations as AxeViolation[]).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `accessibility of ${label}`).toEqual([]);
}

/** Screenshots land in test-results/screens for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/**
 * Scrolls, as a reader would, to a part of the page that loads only when it comes near
 * the viewport (the dashboard's embedded tools and reports card, NearViewport), whose
 * place shows `loadingLabel` until then. Already loaded: nothing to do.
 */
export async function scrollToDeferredPart(page: Page, loadingLabel: string): Promise<void> {
  await page
    .getByText(loadingLabel, { exact: true })
    .first()
    .scrollIntoViewIfNeeded({ timeout: 2_000 })
    .catch(() => {});
}
