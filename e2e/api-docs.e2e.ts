import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer } from './support/app-server';
import { expectAccessible, launchBrowser, NARROW, openPage } from './support/browser';

/** The API reference page, as the administrator or an integrator reads it. */
describe('the API reference page in Chromium', () => {
  let server: Awaited<ReturnType<typeof startAppServer>>;
  let browser: Browser;

  beforeAll(async () => {
    server = await startAppServer('pglite');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const [label, viewport] of [
    ['1366', { width: 1366, height: 900 }],
    ['390', NARROW],
  ] as const) {
    it(`reads and navigates by keyboard at ${label} px, with no CSP or script errors`, async () => {
      const { page, close } = await openPage(browser, server.baseURL, viewport);
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.goto('/api/docs');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toContain('Classroom Voice API');
      // The first Tab reaches the skip link, which takes focus past the contents.
      await page.keyboard.press('Tab');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe('Skip to the reference');
      await page.getByRole('link', { name: 'Documents', exact: true }).click();
      await expect.poll(() => page.url()).toMatch(/#tag-Documents$/);
      expect(
        await page.getByRole('heading', { name: /GET\s+\/api\/documents\/\{id\}$/ }).count(),
      ).toBe(1);
      // Nothing in the page may overflow sideways on a phone.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page, `API reference at ${label} px`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `test-results/screens/api-docs-${label}.png` });
      await page.getByRole('heading', { name: /POST\s+\/api\/uploads$/ }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screens/api-docs-${label}-uploads.png` });
      expect(violations).toEqual([]);
      await close();
    });
  }
});
