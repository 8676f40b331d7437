import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teachers } from '../server/db/schema';
import { classroomKeyOf, signedInTeacher } from '../server/test/fixtures';
import { testBackends } from '../server/test/harness';
import { firstLink } from '../server/test/smtp-capture';
import { ADMIN, startAppServer } from './support/app-server';
import {
  expectAccessible,
  launchBrowser,
  NARROW,
  openPage,
  screenshot,
  WIDE,
} from './support/browser';

const PASSWORD = 'lighthouse-keeper-1923';
const DESKTOP = { width: 1366, height: 900 };

describe.each(testBackends())('teacher accounts in Chromium on %s', (backend) => {
  let server: Awaited<ReturnType<typeof startAppServer>>;
  let browser: Browser;

  beforeAll(async () => {
    server = await startAppServer(backend);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function register(page: import('playwright-core').Page, email: string) {
    await page.goto('/register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('First name').fill('Rosa');
    await page.getByLabel('Last name').fill('Parks');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.url(), { timeout: 8_000 }).toMatch(/\/login$/);
  }

  async function signIn(page: import('playwright-core').Page, email: string) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
  }

  it('registers, receives the e-mail over SMTP, verifies, signs in, sees the shell and signs out', async () => {
    const email = `rosa.${Date.now()}@school.example`;
    const { page, close } = await openPage(browser, server.baseURL);

    await page.goto('/register');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Confirm password').fill('54321');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await page.getByText('Passwords do not match').waitFor();
    await expectAccessible(page, 'register with errors');

    await register(page, email);
    const mail = await server.smtp.waitForMail(email, /Verify your Classroom Voice/);
    await page.goto(firstLink(mail.text));
    await expect.poll(() => page.url()).toMatch(/\/login\?verified=true$/);
    await page.getByText('Email address verified successfully! You can now log in.').waitFor();
    await expectAccessible(page, 'login after verification');

    await signIn(page, email);
    await expect.poll(() => page.url(), { timeout: 8_000 }).toMatch(/\/teacher$/);
    await page.getByRole('heading', { name: 'Welcome, Rosa!' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Documents' })
      .waitFor();
    await expectAccessible(page, 'teacher dashboard');
    await screenshot(page, `teacher-dashboard-wide-${backend}`);

    await page.getByRole('link', { name: 'Log Out' }).click();
    await expect.poll(() => page.url()).toMatch(/\/login$/);
    await page.goto('/teacher');
    await expect.poll(() => page.url(), { timeout: 5_000 }).toMatch(/\/login$/);
    await close();
  });

  it('refuses sign-in while blocked by the administrator, and allows it once unblocked', async () => {
    const email = `ada.${Date.now()}@school.example`;
    const teacherTab = await openPage(browser, server.baseURL);
    await register(teacherTab.page, email);
    await server.smtp.waitForMail(email, /Verify/);

    // More teachers than one page, all newer than Ada: she is found by searching.
    const tag = `roster${Date.now()}`;
    await server.ctx.db.insert(teachers).values(
      Array.from({ length: 52 }, (_, i) => ({
        email: `kit.${i}.${tag}@school.example`,
        passwordHash: 'unused',
        firstName: 'Kit',
        lastName: `Roster ${i}`,
      })),
    );

    const admin = await openPage(browser, server.baseURL, DESKTOP);
    await admin.page.goto('/admin-login');
    await admin.page.getByLabel('Username').fill(ADMIN.username);
    await admin.page.getByLabel('Password').fill(ADMIN.password);
    await admin.page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => admin.page.url()).toMatch(/\/admin$/);
    // The dashboard's counts come from the server, not from a list of every teacher.
    await expect
      .poll(() => admin.page.getByRole('definition').first().textContent())
      .toMatch(/^\d[\d,]*$/);
    await admin.page.goto('/admin/users');
    const bodyRows = admin.page.locator('tbody tr');
    const showing = (text: string) => admin.page.getByText(text, { exact: true }).waitFor();
    await expect.poll(() => bodyRows.count()).toBe(50);
    const search = admin.page.getByLabel('Search teachers by name or e-mail');
    await search.fill(tag.toUpperCase());
    await showing('Showing 50 of 52 teachers');
    await expectAccessible(admin.page, 'admin users searched');
    await screenshot(admin.page, `admin-users-searched-wide-${backend}`);
    await admin.page.getByRole('button', { name: 'Load more' }).click();
    await showing('Showing 52 of 52 teachers');
    await expect.poll(() => bodyRows.count()).toBe(52);
    expect(await admin.page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await search.fill(email);
    await showing('Showing 1 of 1 teacher');
    expect(await bodyRows.count()).toBe(1);

    const row = admin.page.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: 'Verify' }).click();
    await row.getByRole('button', { name: 'Block' }).click();
    await row.getByRole('button', { name: 'Unblock' }).waitFor();
    await expectAccessible(admin.page, 'admin users');
    await screenshot(admin.page, `admin-users-wide-${backend}`);

    await teacherTab.page.goto('/login');
    await signIn(teacherTab.page, email);
    await teacherTab.page
      .getByText('Your account has been blocked. Please contact your school administrator.')
      .first()
      .waitFor();

    await row.getByRole('button', { name: 'Unblock' }).click();
    await row.getByRole('button', { name: 'Block' }).waitFor();

    await teacherTab.page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => teacherTab.page.url(), { timeout: 8_000 }).toMatch(/\/teacher$/);
    await teacherTab.close();

    // On a phone the search and the count stay above one card per teacher.
    await admin.page.setViewportSize(NARROW);
    await search.fill(tag);
    await showing('Showing 50 of 52 teachers');
    await expectAccessible(admin.page, 'admin users narrow');
    await screenshot(admin.page, `admin-users-narrow-${backend}`);
    await admin.close();
  });

  it('shows the three not-found variants', async () => {
    const { page, close } = await openPage(browser, server.baseURL, NARROW);
    await page.goto('/no-such-page');
    await page.getByText("The page you're looking for doesn't exist.").waitFor();
    await page.getByRole('button', { name: 'Home' }).waitFor();
    await expectAccessible(page, 'not found (home)');

    await page.goto('/student/nowhere');
    await page.getByRole('button', { name: 'Student Portal' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/student');

    // Teacher variant, signed in as a verified teacher.
    const email = `grace.${Date.now()}@school.example`;
    await register(page, email);
    const mail = await server.smtp.waitForMail(email, /Verify/);
    await page.goto(firstLink(mail.text));
    await signIn(page, email);
    await expect.poll(() => page.url(), { timeout: 8_000 }).toMatch(/\/teacher$/);
    await page.goto('/teacher/not-a-screen');
    await page.getByText("The page you're looking for doesn't exist.").waitFor();
    await screenshot(page, `teacher-not-found-narrow-${backend}`);
    await page.getByRole('button', { name: 'Teacher Dashboard' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/teacher');

    // On a phone, Settings and Log Out are in the compact bar's More menu.
    const more = page.getByRole('navigation', { name: 'Sections' }).getByRole('button', {
      name: 'More',
    });
    await more.click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/teacher/settings');
    await more.click();
    await page.getByRole('menu').waitFor();
    await expectAccessible(page, 'phone more menu');
    await screenshot(page, `teacher-more-menu-narrow-${backend}`);
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await close();
  });

  it('keeps a Continue pressed on the prerendered /student page before its script has run', async () => {
    const { cookie } = await signedInTeacher(server, 'Nell');
    const { phrase } = await classroomKeyOf(server, cookie);
    const { page, close } = await openPage(browser, server.baseURL, NARROW);
    // The page's scripts are held back: the prerendered form shows but nothing handles it.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/student', { waitUntil: 'commit' });
    await page.getByLabel('Classroom key').fill(phrase);
    await page.getByRole('button', { name: 'Continue' }).click();
    // Not sent natively (that would be a GET with the key in the address)...
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => 'hydrated' in document.documentElement.dataset)).toBe(false);
    // ...and sent by the page itself once it has taken over.
    release();
    await page.getByLabel('Assignment title').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/student\/submit\/[\w-]+$/);
    await close();
  });

  it('has accessible public pages on a wide and a narrow window', async () => {
    for (const viewport of [WIDE, NARROW]) {
      const { page, close } = await openPage(browser, server.baseURL, viewport);
      for (const path of ['/', '/login', '/register', '/admin-login']) {
        await page.goto(path);
        await page.getByRole('heading').first().waitFor();
        await expectAccessible(page, `${path} at ${viewport.width}px`);
        await screenshot(
          page,
          `${path.replaceAll('/', '') || 'landing'}-${viewport.width}-${backend}`,
        );
      }
      await close();
    }
  });
});
