import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECONDARY_DAY } from '../contract/school-day';
import { classroomKeyOf, handIn, signedInTeacher } from '../server/test/fixtures';
import { testBackends } from '../server/test/harness';
import { startAppServer } from './support/app-server';
import { expectAccessible, launchBrowser, openPage, screenshot } from './support/browser';
import { dayColumn, lessonCard } from './support/lesson-planner';

/*
 * A secondary maths teacher's week: the school day from Settings, 9Y1 and 7X2 lessons,
 * and 9Y1's hand-ins marked with the same algebra mistake. The teacher follows the
 * suggestion's reason to the feedback it counts, applies it into 9Y1's own lesson, and on
 * a phone carries a lesson onto another day's tab by touch.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('teaching-is-fun');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect.poll(() => page.url(), { timeout: 8_000 }).toMatch(/\/teacher$/);
}

/** A finger's press, hold and slide, as Chromium's touch input delivers it. */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number, y: number) => [{ x: Math.round(x), y: Math.round(y), id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: point(from.x, from.y),
  });
  await page.waitForTimeout(300);
  for (let step = 1; step <= 15; step++) {
    const x = from.x + ((to.x - from.x) * step) / 15;
    const y = from.y + ((to.y - from.y) * step) / 15;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x, y) });
    await page.waitForTimeout(16);
  }
  await page.waitForTimeout(100);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe.each(testBackends())(
  'lesson suggestions and the planner on a phone, in Chromium on %s',
  (backend) => {
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

    it('follows a reason to its feedback, applies it into the class’s lesson, and moves a lesson by touch at 390 px', async () => {
      const { teacher, cookie } = await signedInTeacher(server, 'Hassan');
      const api = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
        server.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      expect((await api('PUT', '/api/settings', { schoolDay: SECONDARY_DAY })).statusCode).toBe(
        200,
      );
      const plan = (
        await api('POST', '/api/lesson-plans', {
          title: 'Week 48',
          dateRange: 'Spring term, week 3',
        })
      ).json();
      const lessons = [
        ['Monday', '9:00 - 10:00 AM', '9Y1 Maths', 'Sequences'],
        ['Monday', '11:20 AM - 12:20 PM', '7X2 Maths', 'Place value'],
        ['Tuesday', '1:05 - 2:05 PM', '9Y1 Maths', 'Linear graphs'],
        ['Wednesday', '10:00 - 11:00 AM', '7X2 Maths', 'Rounding'],
        ['Thursday', '2:05 - 3:05 PM', '9Y1 Maths', 'Substitution'],
      ];
      const ids: number[] = [];
      for (const [day, timeSlot, title, description] of lessons) {
        const made = await api('POST', `/api/lesson-plans/${plan.id}/lessons`, {
          title,
          description,
          timeSlot,
          day,
          color: 'blue',
        });
        expect(made.statusCode, made.body).toBe(200);
        ids.push(made.json().id);
      }
      // 9Y1's hand-ins: three with the same mistake in expanding brackets, one praised.
      const { keyId } = await classroomKeyOf(server, cookie);
      const marks = [
        ['Amir', 'Multiply every term inside the bracket, not just the first one.'],
        ['Bea', 'Expand both brackets fully.'],
        ['Cal', 'You’ve multiplied the bracket out but only the first term.'],
        ['Dana', 'Excellent – all correct.'],
      ];
      for (const [firstName, content] of marks) {
        const submitted = await handIn(server, keyId, {
          firstName,
          title: `9Y1 Expanding brackets – ${firstName}`,
        });
        expect(submitted.statusCode, submitted.body).toBe(200);
        const feedback = await api('POST', `/api/documents/${submitted.json().id}/feedback`, {
          type: 'text',
          content,
        });
        expect(feedback.statusCode, feedback.body).toBe(200);
      }

      const session = await openPage(browser, server.baseURL, DESKTOP);
      const page = session.page;
      await logIn(page, teacher.email);

      // Settings: the school day the planner and suggestions use.
      await page.goto('/teacher/settings');
      await page.getByText('School Day', { exact: true }).waitFor();
      expect(await page.getByLabel('Name').nth(1).inputValue()).toBe('P1');
      await page.getByLabel('P2 on Wednesday is non-contact').check();
      await page.getByRole('button', { name: 'Save school day' }).click();
      await page.getByText('Your school day is saved').first().waitFor();
      await expectAccessible(page, 'settings with the school day');
      await screenshot(page, `school-day-settings-1366-${backend}`);
      const saved = (await api('GET', '/api/settings')).json();
      expect(saved.preferences.schoolDay.nonContact).toEqual([{ day: 'Wednesday', period: 'P2' }]);

      // The suggestion: a re-teach in 9Y1's first lesson, for the 3 pupils with the mistake.
      await page.goto('/teacher/lesson-planner');
      await lessonCard(page, '9Y1 Maths').first().waitFor();
      const started = Date.now();
      await page.getByRole('button', { name: 'AI Suggestions' }).click();
      const banner = page.locator('section').filter({ hasText: 'No Thanks' });
      const item = banner
        .getByRole('listitem')
        .filter({ hasText: 'Turn the starter of Monday P1' });
      await item.waitFor();
      console.log(`[${backend}] suggestion answered in ${Date.now() - started} ms`);
      expect(await banner.getByRole('listitem').count()).toBe(1);
      const text = await item.textContent();
      expect(text).toContain('“9Y1 Maths”');
      expect(text).toContain('3 pupils in 9Y1 had a correction or next step on expanding brackets');
      expect(text).not.toMatch(/Dana/);
      await item.getByText('See the 3 feedback items behind this').click();
      for (const name of ['Amir', 'Bea', 'Cal'])
        await item.getByRole('link', { name: new RegExp(`^${name}`) }).waitFor();
      await expectAccessible(page, 'suggestion with its evidence open');
      await screenshot(page, `lesson-suggestion-evidence-1366-${backend}`);

      // The reason opens the feedback it counts.
      await item.getByRole('link', { name: /^Bea/ }).click();
      await expect.poll(() => page.url()).toMatch(/\/teacher\/document\/\d+$/);
      await page.getByText('Expand both brackets fully.').first().waitFor();
      await page.goBack();
      await lessonCard(page, '9Y1 Maths').first().waitFor();

      // Applied into the lesson 9Y1 already has: no new lesson, the starter added once.
      const count = await page.getByRole('article').count();
      await page.getByRole('button', { name: 'AI Suggestions' }).click();
      await banner.getByRole('button', { name: 'Change 1 lesson' }).click();
      await page.getByText('AI suggestion applied').first().waitFor();
      await expect.poll(() => banner.count()).toBe(0);
      expect(await page.getByRole('article').count()).toBe(count);
      const monday = (await api('GET', `/api/lesson-plans/${plan.id}`))
        .json()
        .lessons.find((lesson: { id: number }) => lesson.id === ids[0]);
      expect(monday.description).toMatch(
        /^Sequences\n\nFrom marking – expanding brackets: a 15-minute re-teach as the starter/,
      );
      await dayColumn(page, 'Monday').getByText('From marking – expanding brackets').waitFor();
      await screenshot(page, `lesson-planner-applied-1366-${backend}`);

      // Bump: Thursday is lost; its 9Y1 lesson goes to Friday.
      await page.getByLabel('Bump a day’s lessons on by one day').selectOption('Thursday');
      const bump = page.getByRole('alertdialog', { name: 'Bump Thursday’s lessons?' });
      await bump.getByText(/every later day’s move on one day/).waitFor();
      await expectAccessible(page, 'bump confirmation');
      await bump.getByRole('button', { name: 'Bump Lessons' }).click();
      await page.getByText('Lessons Bumped').first().waitFor();
      await dayColumn(page, 'Friday').getByRole('article', { name: '9Y1 Maths' }).waitFor();
      expect(await dayColumn(page, 'Thursday').getByRole('article').count()).toBe(0);

      // Taught every week, with its class and a period of the school day: a new plan has it.
      await page.getByRole('button', { name: 'Edit 7X2 Maths' }).first().click();
      const editDialog = page.getByRole('dialog', { name: 'Edit Lesson' });
      await editDialog.getByLabel('Period').selectOption('P4');
      expect(await editDialog.getByLabel('Time Slot').inputValue()).toBe('1:05 - 2:05 PM');
      await editDialog.getByLabel('Class').fill('7X2');
      await editDialog.getByLabel('Taught every week').check();
      await expectAccessible(page, 'edit lesson dialog with period, class and every week');
      await screenshot(page, `lesson-dialog-every-week-1366-${backend}`);
      await editDialog.getByRole('button', { name: 'Save Changes' }).click();
      await editDialog.waitFor({ state: 'hidden' });
      await lessonCard(page, '7X2 Maths')
        .first()
        .getByRole('img', { name: 'Taught every week' })
        .waitFor();
      await page.getByRole('button', { name: 'Create New Plan' }).click();
      const create = page.getByRole('dialog', { name: 'Create New Lesson Plan' });
      await create.getByLabel('Title').fill('Week 49');
      await create.getByLabel('Date Range').fill('Spring term, week 4');
      await create.getByRole('button', { name: 'Create Plan' }).click();
      await expect
        .poll(() => page.getByLabel('Lesson plan').locator('option:checked').textContent())
        .toMatch(/^Week 49/);
      await expect.poll(() => page.getByRole('article').count()).toBe(1);
      const copied = lessonCard(page, '7X2 Maths');
      expect(await copied.textContent()).toContain('1:05 - 2:05 PM');
      expect(await copied.textContent()).toContain('7X2');
      await page.getByLabel('Lesson plan').selectOption({ label: 'Week 48 (Spring term, week 3)' });
      await lessonCard(page, '9Y1 Maths').first().waitFor();

      // "No Thanks" is remembered for that evidence: 7X2's negative numbers are not offered again.
      for (const [firstName, content] of [
        ['Eve', 'Two negatives make a positive only when you multiply.'],
        ['Finn', 'Look at the sign: -4 + 7 is 3.'],
      ]) {
        const submitted = await handIn(server, keyId, {
          firstName,
          title: `7X2 Directed numbers – ${firstName}`,
        });
        const feedback = await api('POST', `/api/documents/${submitted.json().id}/feedback`, {
          type: 'text',
          content,
        });
        expect(feedback.statusCode, feedback.body).toBe(200);
      }
      await page.getByRole('button', { name: 'AI Suggestions' }).click();
      await banner.getByRole('listitem').filter({ hasText: 'negative numbers' }).waitFor();
      const answered = page.waitForResponse((r) => r.url().endsWith('/suggestion-responses'));
      await banner.getByRole('button', { name: 'No Thanks' }).click();
      expect((await answered).status()).toBe(200);
      await expect.poll(() => banner.count()).toBe(0);
      await page.getByRole('button', { name: 'AI Suggestions' }).click();
      await banner.getByRole('heading').waitFor();
      expect(await banner.getByRole('listitem').count()).toBe(0);
      await session.close();

      // A phone: Monday's tab, a 7X2 lesson carried by touch onto Thursday's tab.
      const phone = await browser.newContext({
        baseURL: server.baseURL,
        viewport: PHONE,
        hasTouch: true,
        isMobile: true,
      });
      const mobile = await phone.newPage();
      const errors: string[] = [];
      mobile.on('pageerror', (error) => errors.push(error.message));
      await logIn(mobile, teacher.email);
      await mobile.goto('/teacher/lesson-planner');
      const week48 = { label: 'Week 48 (Spring term, week 3)' };
      await mobile.getByLabel('Lesson plan').selectOption(week48);
      await lessonCard(mobile, '9Y1 Maths').waitFor();
      await lessonCard(mobile, '7X2 Maths').waitFor();
      // Targets at least 24 px: the drag handle and the card's buttons.
      const handle = mobile.getByRole('button', { name: 'Drag lesson 7X2 Maths' });
      const box = await handle.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(24);
      expect(box!.height).toBeGreaterThanOrEqual(24);
      const edit = await mobile.getByRole('button', { name: 'Edit 7X2 Maths' }).boundingBox();
      expect(edit!.height).toBeGreaterThanOrEqual(24);
      await expectAccessible(mobile, 'planner on a phone');
      await screenshot(mobile, `lesson-planner-390-${backend}`);
      // The finger needs both on screen: the card above the bottom bar, the tabs above it.
      await handle.evaluate((node) => node.scrollIntoView({ block: 'center' }));
      const held = await handle.boundingBox();
      const thursday = await mobile.getByRole('tab', { name: /Thursday/ }).boundingBox();
      const moved = mobile.waitForResponse(
        (r) => /\/api\/lessons\/\d+$/.test(r.url()) && r.request().method() === 'PUT',
      );
      await touchDrag(
        mobile,
        { x: held!.x + held!.width / 2, y: held!.y + held!.height / 2 },
        { x: thursday!.x + thursday!.width / 2, y: thursday!.y + thursday!.height / 2 },
      );
      expect((await moved).status()).toBe(200);
      await mobile.getByText('7X2 Maths moved to Thursday').first().waitFor();
      await mobile.getByRole('tab', { name: /Thursday/ }).click();
      await lessonCard(mobile, '7X2 Maths').waitFor();
      await screenshot(mobile, `lesson-planner-390-after-touch-${backend}`);

      // An 11-lesson week: each card compact, the busiest day within about one screen.
      for (const [day, timeSlot, title] of [
        ['Monday', '1:05 - 2:05 PM', '11Z3 Maths'],
        ['Tuesday', '9:00 - 10:00 AM', '11Z3 Maths'],
        ['Tuesday', '10:00 - 11:00 AM', '8B1 Maths'],
        ['Wednesday', '2:05 - 3:05 PM', '8B1 Maths'],
        ['Thursday', '9:00 - 10:00 AM', '11Z3 Maths'],
        ['Friday', '1:05 - 2:05 PM', '8B1 Maths'],
      ]) {
        const made = await api('POST', `/api/lesson-plans/${plan.id}/lessons`, {
          title,
          description:
            'Practice questions from the textbook, then a short quiz on last week’s work.',
          timeSlot,
          day,
          color: 'green',
        });
        expect(made.statusCode).toBe(200);
      }
      await mobile.reload();
      await mobile.getByLabel('Lesson plan').selectOption(week48);
      await lessonCard(mobile, '9Y1 Maths').waitFor();
      const heights: number[] = [];
      for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
        await mobile.getByRole('tab', { name: new RegExp(day) }).click();
        await mobile.locator('article').first().waitFor();
        heights.push(
          ...(await mobile
            .locator('article')
            .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().height))),
        );
      }
      expect(heights).toHaveLength(11);
      const day = await mobile.getByRole('tabpanel').boundingBox();
      console.log(
        `[${backend}] 390 px cards: ${Math.min(...heights)}-${Math.max(...heights)} px; Friday's panel ${day?.height} px`,
      );
      for (const height of heights) expect(height).toBeLessThanOrEqual(150);

      // Settings' school day at 390 px.
      await mobile.goto('/teacher/settings');
      await mobile.getByRole('button', { name: 'Save school day' }).waitFor();
      await expectAccessible(mobile, 'settings with the school day on a phone');
      await screenshot(mobile, `school-day-settings-390-${backend}`);
      await phone.close();
      expect(errors).toEqual([]);
    }, 240_000);
  },
);
