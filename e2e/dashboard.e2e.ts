import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documents,
  feedback,
  lessonPlans,
  parentReports,
  students,
  teachers,
} from '../server/db/schema';
import { hashPassword } from '../server/platform/secrets';
import { classroomKeyOf, handIn, signedInTeacher } from '../server/test/fixtures';
import { testBackends, uniqueEmail } from '../server/test/harness';
import { tipOfTheDay } from '../web/app/dashboard/components/tips';
import { startAppServer } from './support/app-server';
import {
  expectAccessible,
  launchBrowser,
  NARROW,
  openPage,
  screenshot,
  scrollToDeferredPart,
} from './support/browser';
import { dragSelect } from './support/selection';

const LAPTOP = { width: 1366, height: 900 };
const PASSWORD = 'teaching-is-fun';

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect.poll(() => page.url(), { timeout: 8_000 }).toMatch(/\/teacher$/);
}

const card = (page: Page, title: string) =>
  page.locator('section[aria-labelledby="welcome-heading"] > div > div').filter({
    has: page.getByRole('heading', { name: title, level: 3 }),
  });

describe.each(testBackends())('teacher dashboard in Chromium on %s', (backend) => {
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

  it('walks a first-time teacher through the intro, and another browser continues it', async () => {
    const email = uniqueEmail('nia');
    const [teacher] = await server.ctx.db
      .insert(teachers)
      .values({
        email,
        passwordHash: await hashPassword(PASSWORD),
        firstName: 'Nia',
        lastName: 'Adeyemi',
        emailVerifiedAt: new Date(),
      })
      .returning();

    const first = await openPage(browser, server.baseURL, LAPTOP);
    const a = first.page;
    await logIn(a, email);
    await a.getByRole('heading', { name: 'Welcome, Nia!' }).waitFor();
    await a.getByRole('heading', { name: 'Welcome to Classroom Voice' }).waitFor();
    for (const title of ['Document Feedback', 'Lesson Planning', 'Parent Reports']) {
      await card(a, title).getByRole('button', { name: 'Explore Feature' }).waitFor();
    }
    // A new teacher has nothing yet: the empty state and its two ways in.
    await a.getByRole('heading', { name: 'No Recent Activity' }).waitFor();
    await a.getByRole('button', { name: 'Create Document' }).waitFor();
    await expectAccessible(a, 'dashboard, first visit');
    await screenshot(a, 'dashboard-first-time-1366');

    // Opening a tool another way than its card explores it all the same.
    await a.getByRole('button', { name: 'Plan Lessons' }).last().click();
    await expect.poll(() => a.url()).toMatch(/\/teacher\/lesson-planner$/);
    await a.goBack();
    const planning = card(a, 'Lesson Planning');
    await planning.getByRole('button', { name: 'View Again' }).waitFor();
    await planning.getByText('(visited)').waitFor();

    // Exploring a feature goes there and marks the card visited.
    await card(a, 'Document Feedback').getByRole('button', { name: 'Explore Feature' }).click();
    await expect.poll(() => a.url()).toMatch(/\/teacher\/documents$/);
    await a.goBack();
    await card(a, 'Document Feedback').getByRole('button', { name: 'View Again' }).waitFor();

    // Dismissing a card brings the tip-of-the-day card.
    await a.getByRole('button', { name: 'Dismiss Parent Reports' }).click();
    await a.getByText('Tip dismissed', { exact: true }).waitFor();
    expect(await card(a, 'Parent Reports').count()).toBe(0);
    const tip = tipOfTheDay();
    const tipCard = card(a, tip.title);
    await tipCard.getByText('Tip of the day').waitFor();
    await tipCard.getByRole('button', { name: 'Explore Feature' }).waitFor();
    await a.getByRole('button', { name: 'Dismiss welcome message' }).click();
    await a
      .getByRole('heading', { name: 'Welcome to Classroom Voice' })
      .waitFor({ state: 'detached' });
    await expectAccessible(a, 'dashboard, intro under way');
    await screenshot(a, 'dashboard-intro-under-way-1366');

    // The server holds it all.
    await expect
      .poll(async () => {
        const response = await a.request.get('/api/settings');
        return (await response.json()).onboarding;
      })
      .toEqual({
        introStarted: true,
        hasSeenIntro: false,
        welcomeDismissed: true,
        visitedFeatures: ['lesson-planning', 'document-feedback'],
        dismissedFeatures: ['parent-reports'],
        dismissedTips: [],
      });
    await first.close();

    // Another browser, later: the account is no longer new and this browser knows nothing,
    // so only the server can say the intro is under way and what was done.
    await server.ctx.db
      .update(teachers)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(teachers.id, teacher!.id));
    const second = await openPage(browser, server.baseURL, NARROW);
    const b = second.page;
    await logIn(b, email);
    await b.getByRole('heading', { name: 'Welcome, Nia!' }).waitFor();
    await card(b, 'Lesson Planning').getByRole('button', { name: 'View Again' }).waitFor();
    expect(await card(b, 'Parent Reports').count()).toBe(0);
    expect(await b.getByRole('heading', { name: 'Welcome to Classroom Voice' }).count()).toBe(0);
    await card(b, tip.title).getByText('Tip of the day').waitFor();
    expect(await b.evaluate(() => localStorage.getItem('cv_has_seen_intro'))).toBe('false');
    await expectAccessible(b, 'dashboard, intro continued on a phone');
    await screenshot(b, 'dashboard-intro-continued-390');

    // Three dismissed cards end the intro: the returning greeting and the daily tip banner.
    await b.getByRole('button', { name: 'Dismiss Document Feedback' }).click();
    await b.getByRole('button', { name: 'Dismiss Lesson Planning' }).click();
    await b.getByRole('heading', { name: 'Welcome back, Nia!' }).waitFor();
    await b.getByRole('button', { name: 'Learn More' }).waitFor();
    expect(await b.evaluate(() => localStorage.getItem('cv_has_seen_intro'))).toBe('true');
    await expect
      .poll(
        async () => (await (await b.request.get('/api/settings')).json()).onboarding.hasSeenIntro,
      )
      .toBe(true);
    await second.close();
  });

  it('leaves first-run mode once the three tools were opened from the sidebar', async () => {
    const email = uniqueEmail('omar');
    await server.ctx.db.insert(teachers).values({
      email,
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Omar',
      lastName: 'Haddad',
      emailVerifiedAt: new Date(),
    });
    const session = await openPage(browser, server.baseURL, LAPTOP);
    const p = session.page;
    await logIn(p, email);
    await p.getByRole('heading', { name: 'Welcome, Omar!' }).waitFor();
    const sidebar = p.getByRole('navigation', { name: 'Main' });
    for (const [link, heading] of [
      ['Documents', 'Documents'],
      ['Lesson Planner', 'Lesson Planner'],
      ['Parent Reports', 'Parent Reports'],
    ] as const) {
      await sidebar.getByRole('link', { name: link }).click();
      await p.getByRole('heading', { name: heading, level: 1 }).waitFor();
    }
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await p.getByRole('heading', { name: 'Welcome back, Omar!' }).waitFor();
    expect(await p.getByRole('heading', { name: 'Welcome to Classroom Voice' }).count()).toBe(0);
    await expect
      .poll(
        async () => (await (await p.request.get('/api/settings')).json()).onboarding.hasSeenIntro,
      )
      .toBe(true);
    await session.close();
  });

  it('greets a returning teacher with the tip of the day and lists their real activity', async () => {
    const { teacher, cookie } = await signedInTeacher(server, 'Ravi');
    const { keyId } = await classroomKeyOf(server, cookie);
    expect(
      (await handIn(server, keyId, { title: 'Volcano Diary', firstName: 'Maya' })).statusCode,
    ).toBe(200);
    const [doc] = await server.ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.teacherId, teacher.id));
    const [pupil] = await server.ctx.db
      .insert(students)
      .values({ teacherId: teacher.id, name: 'Tomi', surname: 'Okafor', yearGroup: 'Year 5' })
      .returning();
    const inject = (method: 'POST', url: string, payload: object) =>
      server.app.inject({ method, url, payload, headers: { cookie } });
    const sent = await inject('POST', '/api/parent-reports', {
      studentId: pupil!.id,
      subjects: 'Reading',
      content: 'Tomi reads every evening.',
    });
    await inject('POST', `/api/parent-reports/${sent.json().id}/share`, { sendEmail: false });
    const draft = await inject('POST', '/api/parent-reports', {
      studentId: pupil!.id,
      subjects: 'Science',
      content: 'Tomi explained how magma rises.',
    });
    const plan = await inject('POST', '/api/lesson-plans', {
      title: 'Week of volcanoes',
      dateRange: 'Nov 23 - Nov 27',
    });
    expect([sent.statusCode, draft.statusCode, plan.statusCode]).toEqual([200, 200, 200]);
    // An account from last week: a returning teacher.
    await server.ctx.db
      .update(teachers)
      .set({ createdAt: new Date(Date.now() - 7 * 86_400_000) })
      .where(eq(teachers.id, teacher.id));

    const opened = await openPage(browser, server.baseURL, LAPTOP);
    const page = opened.page;
    await logIn(page, teacher.email);
    await page.getByRole('heading', { name: 'Welcome back, Ravi!' }).waitFor();
    const tip = tipOfTheDay();
    await page.getByRole('heading', { name: tip.title, level: 2 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Welcome to Classroom Voice' }).count()).toBe(0);

    const list = page.getByRole('list', { name: 'Recent activity' });
    await list.getByText('Handed in by Maya PA · New hand-in').waitFor();
    await list.getByText('Parent report: Tomi Okafor').first().waitFor();
    await list.getByText('Reading · Sent to parents').waitFor();
    await list.getByText('Science · Draft').waitFor();
    await list.getByRole('button', { name: 'Edit Week of volcanoes' }).waitFor();
    await expectAccessible(page, 'dashboard, returning teacher with activity');
    await screenshot(page, 'dashboard-returning-1366');

    await page.getByRole('button', { name: 'Learn More' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(tip.route);
    await page.goBack();

    // The embedded feedback tool: the hand-in awaiting review, marked in place.
    await scrollToDeferredPart(page, 'Loading the feedback tool…');
    const tool = page.locator('section[aria-labelledby="embedded-review-heading"]');
    await tool.getByRole('heading', { name: 'Volcano Diary', level: 3 }).waitFor();
    await tool.getByText(/old lighthouse at Gull Point/).waitFor({ timeout: 20_000 });
    await dragSelect(page, 'old lighthouse at Gull Point');
    await tool.getByRole('tab', { name: 'Text Feedback' }).click();
    await tool.getByLabel('Feedback text').fill('A vivid opening: I can picture the lighthouse.');
    await tool.getByRole('button', { name: 'Save Feedback' }).click();
    await page.getByText('Feedback Saved', { exact: true }).first().waitFor();
    await tool.getByText('A vivid opening: I can picture the lighthouse.').first().waitFor();
    expect(
      await server.ctx.db
        .select({ content: feedback.content })
        .from(feedback)
        .where(eq(feedback.documentId, doc!.id)),
    ).toEqual([{ content: 'A vivid opening: I can picture the lighthouse.' }]);
    await tool.getByRole('button', { name: 'Share Document' }).click();
    await page.getByRole('dialog', { name: 'Share Feedback' }).waitFor();
    await expectAccessible(page, 'dashboard, embedded review sharing');
    await page.keyboard.press('Escape');

    // Hand-in: View opens the review screen, Share its share dialog.
    await list.getByRole('button', { name: 'View Volcano Diary', exact: true }).click();
    await expect.poll(() => page.url()).toMatch(new RegExp(`/teacher/document/${doc!.id}$`));
    await page.goBack();
    await list.getByRole('button', { name: 'Share Volcano Diary', exact: true }).click();
    await page.getByRole('dialog', { name: 'Share Feedback' }).waitFor();
    await page.keyboard.press('Escape');
    await page.goBack();

    // Sent report: View and Share open the report's own dialogs; no Edit or Delete.
    const sentTitle = 'Parent report: Tomi Okafor';
    const sentRow = list.getByRole('listitem').filter({ hasText: 'Reading · Sent to parents' });
    expect(await sentRow.getByRole('button', { name: /^(Edit|Delete)/ }).count()).toBe(0);
    await sentRow.getByRole('button', { name: `View ${sentTitle}` }).click();
    await page.getByRole('dialog', { name: 'Report for Tomi Okafor' }).waitFor();
    await page.keyboard.press('Escape');
    await sentRow.getByRole('button', { name: `Share ${sentTitle}` }).click();
    await page.getByRole('dialog', { name: 'Share Report' }).waitFor();
    await expectAccessible(page, 'dashboard, share report dialog');
    await page.keyboard.press('Escape');

    // Draft report: Edit goes to Parent Reports with the draft open; Delete asks first.
    const draftRow = list.getByRole('listitem').filter({ hasText: 'Science · Draft' });
    expect(await draftRow.getByRole('button', { name: /^(View|Share)/ }).count()).toBe(0);
    await draftRow.getByRole('button', { name: `Edit ${sentTitle}` }).click();
    await page.getByRole('dialog', { name: 'Edit Parent Report' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/teacher/parent-reports');
    await page.keyboard.press('Escape');
    await page.goto('/teacher');
    await draftRow.getByRole('button', { name: `Delete ${sentTitle}` }).click();
    const confirmReport = page.getByRole('alertdialog', { name: 'Delete this report?' });
    await confirmReport.getByRole('button', { name: 'Cancel' }).click();
    expect(await draftRow.count()).toBe(1);
    await draftRow.getByRole('button', { name: `Delete ${sentTitle}` }).click();
    await confirmReport.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Report Deleted', { exact: true }).waitFor();
    await draftRow.waitFor({ state: 'detached' });
    expect(
      await server.ctx.db
        .select({ id: parentReports.id })
        .from(parentReports)
        .where(eq(parentReports.id, draft.json().id)),
    ).toEqual([]);

    // Lesson plan: Edit opens it in the planner; Delete removes it after confirmation.
    const planRow = list.getByRole('listitem').filter({ hasText: 'Week of volcanoes' });
    await planRow.getByRole('button', { name: 'Edit Week of volcanoes' }).click();
    await expect
      .poll(() => page.url())
      .toMatch(new RegExp(`/teacher/lesson-planner\\?plan=${plan.json().id}$`));
    await page.getByText('Week of volcanoes').first().waitFor();
    await page.goBack();
    await planRow.getByRole('button', { name: 'Delete Week of volcanoes' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete this lesson plan?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await planRow.waitFor({ state: 'detached' });
    expect(
      await server.ctx.db
        .select({ id: lessonPlans.id })
        .from(lessonPlans)
        .where(eq(lessonPlans.teacherId, teacher.id)),
    ).toEqual([]);

    // View All goes to the documents list.
    await page.getByRole('link', { name: 'View All' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/teacher/documents');
    await page.goBack();

    // Dismissing the daily tip is remembered on the server.
    await page.getByRole('button', { name: 'Dismiss tip' }).click();
    await page.getByText('Tip dismissed', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Learn More' }).waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          (await (await page.request.get('/api/settings')).json()).onboarding.dismissedTips,
      )
      .toEqual([tip.id]);
    await opened.close();

    const phone = await openPage(browser, server.baseURL, NARROW);
    await logIn(phone.page, teacher.email);
    await phone.page.getByRole('heading', { name: 'Welcome back, Ravi!' }).waitFor();
    await phone.page
      .getByRole('list', { name: 'Recent activity' })
      .getByRole('button', { name: 'View Volcano Diary', exact: true })
      .waitFor();
    expect(await phone.page.getByRole('button', { name: 'Learn More' }).count()).toBe(0);
    await expectAccessible(phone.page, 'dashboard on a phone');
    await screenshot(phone.page, 'dashboard-returning-390');
    await scrollToDeferredPart(phone.page, 'Loading the feedback tool…');
    await phone.page
      .locator('section[aria-labelledby="embedded-review-heading"]')
      .screenshot({ path: 'test-results/screens/dashboard-embedded-review-390.png' });
    await phone.close();
  });
});
