import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classroomKeyOf, handIn, signedInTeacher } from '../server/test/fixtures';
import { testBackends } from '../server/test/harness';
import { startAppServer } from './support/app-server';
import { launchBrowser, openPage } from './support/browser';

/*
 * Decision 0030 and 0035: a page restored from Chromium's back/forward cache asks for what
 * it shows again. Playwright turns that cache off by default; this file keeps it on.
 */
describe.each(testBackends())('a shared link and the Back button in Chromium on %s', (backend) => {
  let server: Awaited<ReturnType<typeof startAppServer>>;
  let cachingBrowser: Browser;
  let cookie: string;
  let documentId: number;

  beforeAll(async () => {
    server = await startAppServer(backend);
    cookie = (await signedInTeacher(server, 'Katherine')).cookie;
    const key = await classroomKeyOf(server, cookie);
    documentId = (
      await handIn(server, key.keyId, { firstName: 'Maya', surnameInitials: 'pa' })
    ).json().id;
    await server.ctx.jobs.drain();
    cachingBrowser = await launchBrowser({ backForwardCache: true });
  });
  afterAll(async () => {
    await cachingBrowser?.close();
    await server?.close();
  });

  it('a shared link revoked while its reader was away shows as no longer available on Back', async () => {
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      server.app.inject({ method, url, payload, headers: { cookie } });
    const shared = await as('POST', `/api/documents/${documentId}/share-feedback`, {
      studentName: 'Back Button',
      expiryDays: 7,
      sendEmail: false,
    });
    const link = new URL(shared.json().shareableLink).pathname;
    const links: { id: number; studentName: string | null }[] = (
      await as('GET', `/api/documents/${documentId}/share-links`)
    ).json();
    const linkId = links.find((each) => each.studentName === 'Back Button')!.id;

    const parent = await openPage(cachingBrowser, server.baseURL);
    const v = parent.page;
    // Records whether the page came back from the back/forward cache, as Chromium does.
    await v.addInitScript(() => {
      window.addEventListener('pageshow', (event) => {
        if (event.persisted) document.documentElement.dataset.restored = '';
      });
    });
    await v.goto(link);
    await v.getByRole('tab', { name: /Feedback List/ }).waitFor();
    await v.goto('/');
    expect((await as('POST', `/api/share-links/${linkId}/revoke`)).statusCode).toBe(200);
    // A page restored from the cache fires no load event.
    await v.goBack({ waitUntil: 'commit' });
    await v.locator('html[data-restored]').waitFor({ state: 'attached' });
    await v.getByText('Invalid or Expired Link').waitFor();
    expect(await v.getByRole('tab', { name: /Feedback List/ }).count()).toBe(0);
    await parent.close();
  }, 60_000);

  it('opening a shared link asks for its answer once: the page uses the one the server preloads', async () => {
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      server.app.inject({ method, url, payload, headers: { cookie } });
    const shared = await as('POST', `/api/documents/${documentId}/share-feedback`, {
      studentName: 'One View',
      expiryDays: 7,
      sendEmail: false,
    });
    const link = new URL(shared.json().shareableLink).pathname;
    const accessKey = link.split('/').pop();

    const parent = await openPage(cachingBrowser, server.baseURL);
    const asked: string[] = [];
    parent.page.on('request', (request) => {
      if (request.url().includes('/api/feedback-view/')) asked.push(request.url());
    });
    const page = await parent.page.goto(link);
    expect(await page?.headerValue('link')).toContain(`</api/feedback-view/${accessKey}>`);
    await parent.page.getByRole('tab', { name: /Feedback List/ }).waitFor();
    expect(asked).toHaveLength(1);
    // The teacher sees one view: the preload and the page's fetch were one request.
    const links: { studentName: string | null; viewCount: number }[] = (
      await as('GET', `/api/documents/${documentId}/share-links`)
    ).json();
    expect(links.find((each) => each.studentName === 'One View')?.viewCount).toBe(1);
    await parent.close();
  }, 60_000);
});
