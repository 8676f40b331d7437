import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_INFORMATION } from '../../../contract/parent-reports';
import { UNSTORABLE_TEXT } from '../../../contract/text';
import { links, linkViews, students, videoRenders } from '../../db/schema';
import { signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { firstLink, startSmtpCapture } from '../../test/smtp-capture';

describe.each(testBackends())('parent reports on %s', (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let stranger: Awaited<ReturnType<typeof signedInTeacher>>;
  let pupilId: number;
  let strangersPupilId: number;
  let videoUrl: string;
  let strangersVideoUrl: string;

  const as = (
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  async function pupil(teacherId: number, name: string, parentEmail: string | null) {
    const [row] = await t.ctx.db
      .insert(students)
      .values({ teacherId, name, surname: 'Patel', yearGroup: 'Year 6', parentEmail })
      .returning();
    return row!.id;
  }

  async function render(teacherId: number) {
    const id = randomBytes(16).toString('base64url');
    await t.ctx.db.insert(videoRenders).values({ id, teacherId, status: 'done', progress: 100 });
    return `/api/videos/${id}`;
  }

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp(backend, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://cv.test' });
    owner = await signedInTeacher(t, 'Grace');
    stranger = await signedInTeacher(t, 'Ada');
    pupilId = await pupil(owner.teacher.id, 'Maya', 'parent.patel@home.example');
    strangersPupilId = await pupil(stranger.teacher.id, 'Leo', null);
    videoUrl = await render(owner.teacher.id);
    strangersVideoUrl = await render(stranger.teacher.id);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const draft = (overrides: object = {}) => ({
    studentId: pupilId,
    subjects: 'Reading, Maths',
    content: 'Maya has worked hard on her reading this term.',
    transcript: 'um Maya has has worked hard on her reading this term',
    ...overrides,
  });

  it.each([
    [{ studentId: undefined }, MISSING_INFORMATION],
    [{ studentId: 'none' }, MISSING_INFORMATION],
    [{ studentId: '0x10' }, MISSING_INFORMATION],
    [{ subjects: '   ' }, MISSING_INFORMATION],
    [{ subjects: undefined }, MISSING_INFORMATION],
    [{ content: '' }, 'The report has no text yet'],
    [{ status: 'sent' }, 'A new report is saved as a draft'],
    [{ videoUrl: '/etc/passwd' }, 'This video was not made here'],
    [{ subjects: 'x'.repeat(301) }, 'Subjects are too long'],
    [{ content: 'Good\u0000work' }, UNSTORABLE_TEXT],
    [{ transcript: 'lone \ud800 surrogate' }, UNSTORABLE_TEXT],
  ])('refuses %j with a clear message and stores nothing', async (overrides, message) => {
    const response = await as(owner.cookie, 'POST', '/api/parent-reports', draft(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await as(owner.cookie, 'GET', '/api/parent-reports')).json()).toEqual([]);
  });

  it('refuses another teacher’s pupil and video', async () => {
    const pupilOfOther = await as(
      owner.cookie,
      'POST',
      '/api/parent-reports',
      draft({ studentId: strangersPupilId }),
    );
    expect(pupilOfOther.statusCode).toBe(404);
    const videoOfOther = await as(
      owner.cookie,
      'POST',
      '/api/parent-reports',
      draft({ videoUrl: strangersVideoUrl }),
    );
    expect(videoOfOther.statusCode).toBe(400);
    expect(videoOfOther.json().message).toBe('This video was not made here');
  });

  it('creates a draft, edits it, and keeps hostile text exactly', async () => {
    const hostile = '\u202Egnidaer <b>Maths</b> {{x}} ; DROP TABLE students; -- مرحبا';
    const created = await as(owner.cookie, 'POST', '/api/parent-reports', draft({ videoUrl }));
    expect(created.statusCode).toBe(200);
    const report = created.json();
    expect(report).toMatchObject({
      studentId: pupilId,
      studentName: 'Maya Patel',
      status: 'draft',
      videoUrl,
      captionsUrl: `${videoUrl}/captions.vtt`,
      sentAt: null,
    });
    const edited = await as(owner.cookie, 'PUT', `/api/parent-reports/${report.id}`, {
      subjects: hostile,
    });
    expect(edited.json().subjects).toBe(hostile);
    const listed = (await as(owner.cookie, 'GET', '/api/parent-reports')).json();
    expect(listed.map((r: { id: number }) => r.id)).toContain(report.id);
    expect(
      (await as(owner.cookie, 'GET', `/api/parent-reports/${report.id}`)).json().subjects,
    ).toBe(hostile);
  });

  it('answers 404 to another teacher on every route, and to bad ids', async () => {
    const { id } = (await as(owner.cookie, 'POST', '/api/parent-reports', draft())).json();
    const denied = [
      await as(stranger.cookie, 'GET', `/api/parent-reports/${id}`),
      await as(stranger.cookie, 'PUT', `/api/parent-reports/${id}`, { subjects: 'Mine' }),
      await as(stranger.cookie, 'DELETE', `/api/parent-reports/${id}`),
      await as(stranger.cookie, 'POST', `/api/parent-reports/${id}/share`, { sendEmail: false }),
      await as(stranger.cookie, 'GET', `/api/parent-reports/${id}/links`),
      await as(owner.cookie, 'GET', '/api/parent-reports/abc'),
      await as(owner.cookie, 'GET', '/api/parent-reports/99999999'),
    ];
    expect(denied.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect((await as(stranger.cookie, 'GET', '/api/parent-reports')).json()).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/parent-reports' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('sends the report to the parent by e-mail; the link shows only what a parent may see', async () => {
    const { id } = (
      await as(owner.cookie, 'POST', '/api/parent-reports', draft({ videoUrl }))
    ).json();
    const shared = await as(owner.cookie, 'POST', `/api/parent-reports/${id}/share`, {});
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({
      emailSent: true,
      recipientEmail: 'parent.patel@home.example',
    });
    // Each e-mail is a deliver-mail job: the test runs the queued jobs, then looks.
    await t.ctx.jobs.drain();
    const mail = await smtp.waitForMail('parent.patel@home.example', /A report about Maya/);
    const link = firstLink(mail.text);
    expect(link).toBe(shared.json().shareableLink);
    expect(link).toMatch(/^http:\/\/cv\.test\/shared\/[A-Za-z0-9_-]{43}$/);

    const key = link.split('/').pop();
    const view = await t.app.inject({ method: 'GET', url: `/api/shared/${key}` });
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    expect(view.json()).toEqual({
      teacherName: 'Grace Hopper',
      pupilFirstName: 'Maya',
      subjects: 'Reading, Maths',
      content: 'Maya has worked hard on her reading this term.',
      videoUrl: `/api/shared/${key}/video`,
      captionsUrl: `/api/shared/${key}/captions.vtt`,
      videoVoice: 'recording',
      sharedAt: expect.any(String),
      aiGenerated: true,
    });
    expect(mail.text).toContain('Watch and read it here:');
    expect(mail.text).toContain("The video was made with AI from Grace Hopper's own recording.");

    const report = (await as(owner.cookie, 'GET', `/api/parent-reports/${id}`)).json();
    expect(report.status).toBe('sent');
    expect(report.date).toBe(report.sentAt);
    const edit = await as(owner.cookie, 'PUT', `/api/parent-reports/${id}`, { content: 'New' });
    expect(edit.statusCode).toBe(409);
    expect(
      (await as(owner.cookie, 'PUT', `/api/parent-reports/${id}`, { status: 'sent' })).statusCode,
    ).toBe(200);

    await t.ctx.linkViews.flush();
    const [link0] = (await as(owner.cookie, 'GET', `/api/parent-reports/${id}/links`)).json();
    expect(link0).toMatchObject({ recipientEmail: 'parent.patel@home.example', viewCount: 1 });
  });

  it('needs an address when the pupil has none, and kills expired and revoked links', async () => {
    const leo = await pupil(owner.teacher.id, 'Leo', null);
    const { id } = (
      await as(owner.cookie, 'POST', '/api/parent-reports', draft({ studentId: leo }))
    ).json();
    const noAddress = await as(owner.cookie, 'POST', `/api/parent-reports/${id}/share`, {});
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().message).toMatch(/e-mail address/);

    const first = (
      await as(owner.cookie, 'POST', `/api/parent-reports/${id}/share`, { sendEmail: false })
    ).json();
    const second = (
      await as(owner.cookie, 'POST', `/api/parent-reports/${id}/share`, {
        recipientEmail: 'carer@home.example',
        expiryDays: 1,
      })
    ).json();
    const keyOf = (link: string) => link.split('/').pop();
    const open = (link: string) =>
      t.app.inject({ method: 'GET', url: `/api/shared/${keyOf(link)}` });
    expect((await open(first.shareableLink)).statusCode).toBe(200);

    const listed = (await as(owner.cookie, 'GET', `/api/parent-reports/${id}/links`)).json();
    const revoked = await as(owner.cookie, 'POST', `/api/report-links/${listed[1].id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect((await open(first.shareableLink)).json().message).toBe(
      'This report link may have expired or does not exist.',
    );
    await t.ctx.db
      .update(links)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(links.id, listed[0].id));
    expect((await open(second.shareableLink)).statusCode).toBe(404);
    expect((await open('not-a-key')).statusCode).toBe(404);
    const strangerRevoke = await as(
      stranger.cookie,
      'POST',
      `/api/report-links/${listed[0].id}/revoke`,
    );
    expect(strangerRevoke.statusCode).toBe(404);
  });

  it('deletes a report with its links', async () => {
    const { id } = (await as(owner.cookie, 'POST', '/api/parent-reports', draft())).json();
    const { shareableLink } = (
      await as(owner.cookie, 'POST', `/api/parent-reports/${id}/share`, { sendEmail: false })
    ).json();
    const key = shareableLink.split('/').pop();
    await t.app.inject({ method: 'GET', url: `/api/shared/${key}` });
    const [link] = await t.ctx.db.select().from(links).where(eq(links.reportId, id));
    const views = () => t.ctx.db.select().from(linkViews).where(eq(linkViews.linkId, link!.id));
    await t.ctx.linkViews.flush();
    expect(await views()).toHaveLength(1);
    expect((await as(owner.cookie, 'DELETE', `/api/parent-reports/${id}`)).statusCode).toBe(200);
    expect((await as(owner.cookie, 'GET', `/api/parent-reports/${id}`)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(links).where(eq(links.reportId, id))).toEqual([]);
    expect(await views()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/shared/${key}` })).statusCode).toBe(404);
  });
});
