import { spawnSync } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { expect } from 'vitest';
import { until } from './child-server';
import { fixture } from './fixtures';
import { type ProxiedClient, SITE } from './proxied-client';
import { firstLink, type startSmtpCapture } from './smtp-capture';

/*
 * The whole classroom loop over HTTP against running server processes: a teacher
 * registers and verifies by e-mail, a pupil hands in a PDF, the text is extracted in the
 * background, the teacher writes text and spoken feedback and shares it, and a parent
 * opens the link and downloads. Every step checks its answer; the returned record is
 * what a later reader (another instance, a restored backup) must find again.
 */

type Smtp = Awaited<ReturnType<typeof startSmtpCapture>>;

export const QUOTE = 'old lighthouse at Gull Point';
const PARENT = 'parent@home.example';

export type LoopRecord = {
  email: string;
  password: string;
  phrase: string;
  document: { id: number; uniqueId: string };
  fileUrl: string;
  essay: Buffer;
  audioUrl: string;
  clip: Buffer;
  accessKey: string;
  feedbackIds: number[];
};

/** A three-second Opus clip made with ffmpeg's tone generator: a real recording's bytes. */
export function recordClip(seconds = 3): Buffer {
  const result = spawnSync(ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:a',
    'libopus',
    '-f',
    'webm',
    'pipe:1',
  ]);
  if (result.status !== 0) throw new Error(result.stderr.toString());
  return result.stdout;
}

export async function runHandInLoop(
  clients: { teacher: ProxiedClient; pupil: ProxiedClient; parent: ProxiedClient },
  smtp: Smtp,
  email: string,
): Promise<LoopRecord> {
  const { teacher, pupil } = clients;
  const password = 'marking-at-midnight';

  // Register, verify through the e-mailed link, sign in.
  const registered = await teacher.post('/api/auth/register', {
    email,
    firstName: 'Mary',
    lastName: 'Somerville',
    password,
    confirmPassword: password,
  });
  expect(registered.status, registered.body.toString()).toBe(200);
  const verification = await smtp.waitForMail(email, /Verify/, 30_000);
  const link = new URL(firstLink(verification.text));
  expect(link.origin).toBe(SITE);
  const verified = await teacher.get(`${link.pathname}${link.search}`);
  expect(verified.status).toBe(303);
  expect(verified.headers.get('location')).toBe('/login?verified=true');
  const login = await teacher.post('/api/auth/login', { email, password });
  expect(login.status, login.body.toString()).toBe(200);
  // Behind the TLS proxy the session cookie is Secure, HttpOnly and SameSite=Lax.
  expect(login.headers.getSetCookie().join('\n')).toMatch(/cv_session=.*HttpOnly.*Secure/i);
  expect((await teacher.get('/api/auth/user')).json().email).toBe(email);

  // A write from another site is refused by every instance, signed in or not.
  for (let i = 0; i < 2; i++) {
    const forged = await teacher.request('POST', '/api/auth/logout', {
      json: {},
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect(forged.json().code).toBe('cross_site_request');
  }
  expect((await teacher.get('/api/auth/user')).status).toBe(200);

  // The pupil hands in with the classroom passphrase.
  const phrase = (await teacher.get('/api/settings/classroom-phrase')).json()
    .classroomPhrase as string;
  const key = await pupil.post('/api/student-portal/verify-key', { keyPhrase: phrase });
  expect(key.status, key.body.toString()).toBe(200);
  const keyId = key.json().id as string;
  const essay = fixture('essay.pdf');
  const uploaded = await pupil.upload(
    '/api/uploads',
    { bytes: essay, name: 'essay.pdf', type: 'application/pdf' },
    { classroomKeyId: keyId },
  );
  expect(uploaded.status, uploaded.body.toString()).toBe(200);
  const submitted = await pupil.post('/api/student-portal/submit-assignment', {
    title: 'The Lighthouse at Gull Point',
    firstName: 'Maya',
    surnameInitials: 'PA',
    yearGroup: 'Year 6',
    fileUrl: uploaded.json().fileUrl,
    classroomKeyId: keyId,
  });
  expect(submitted.status, submitted.body.toString()).toBe(200);
  const document = submitted.json() as { id: number; uniqueId: string };

  // Extraction runs in the background, on whichever process takes the job.
  await until(async () => {
    const state = (await teacher.get(`/api/documents/${document.id}`)).json();
    if (state.extractionStatus === 'failed') throw new Error(state.extractionError);
    return state.extractionStatus === 'done';
  }, 180_000);
  const extract = (await teacher.get(`/api/documents/${document.id}/extract`)).json();
  // Page 1 of the PDF is long (454 words): it is read in two parts, both "page 1".
  expect(extract.totalPages).toBe(3);
  expect(extract.pageNumbers).toEqual([1, 1, 2]);
  const page = extract.pages[0] as string;
  const at = page.indexOf(QUOTE);
  expect(at).toBeGreaterThanOrEqual(0);

  // Written and spoken feedback.
  const written = await teacher.post(`/api/documents/${document.id}/feedback`, {
    type: 'text',
    content: 'Great detail here.',
    pageNumber: 1,
    startOffset: at,
    endOffset: at + QUOTE.length,
    highlightedText: QUOTE,
  });
  expect(written.status, written.body.toString()).toBe(200);
  const clip = recordClip();
  const processed = await teacher.post('/api/audio/process', {
    audioData: `data:audio/webm;codecs=opus;base64,${clip.toString('base64')}`,
    transcript: 'um so this paragraph is is really strong',
  });
  expect(processed.status, processed.body.toString()).toBe(200);
  const audioUrl = processed.json().audioUrl as string;
  const spoken = await teacher.post(`/api/documents/${document.id}/feedback`, {
    type: 'audio',
    content: '',
    audioUrl,
    audioDuration: processed.json().duration,
    transcript: processed.json().transcript,
    enhancedTranscript: processed.json().enhancedTranscript,
    pageNumber: 2,
    highlightedText: 'seals',
  });
  expect(spoken.status, spoken.body.toString()).toBe(200);

  // Shared with the parent by e-mail.
  const shared = await teacher.post(`/api/documents/${document.id}/share-feedback`, {
    studentName: 'Maya',
    studentEmail: PARENT,
    expiryDays: 14,
  });
  expect(shared.status, shared.body.toString()).toBe(200);
  expect(shared.json().emailSent).toBe(true);
  const shareableLink = shared.json().shareableLink as string;
  expect(shareableLink.startsWith(`${SITE}/feedback-view/`)).toBe(true);
  const mail = await smtp.waitForMail(PARENT, /Feedback on/, 30_000);
  expect(firstLink(mail.text)).toBe(shareableLink);
  const accessKey = shareableLink.split('/').pop()!;

  const record: LoopRecord = {
    email,
    password,
    phrase,
    document,
    fileUrl: uploaded.json().fileUrl,
    essay,
    audioUrl,
    clip,
    accessKey,
    feedbackIds: [written.json().id, spoken.json().id],
  };
  await expectLoopReadable(clients, record);
  const links = (await teacher.get(`/api/documents/${document.id}/share-links`)).json();
  expect(links[0].viewCount).toBeGreaterThanOrEqual(1);
  expect((await teacher.get(`/api/documents/${document.id}`)).json().status).toBe('shared');
  return record;
}

/** Everything the loop made, read back through the API: rows, the file's and the recording's bytes. */
export async function expectLoopReadable(
  clients: { teacher: ProxiedClient; pupil: ProxiedClient; parent: ProxiedClient },
  record: LoopRecord,
) {
  const { teacher, pupil, parent } = clients;
  const rows = (await teacher.get('/api/documents')).json();
  expect(rows.map((row: { id: number }) => row.id)).toContain(record.document.id);
  const feedback = (await teacher.get(`/api/documents/${record.document.id}/feedback`)).json();
  expect(feedback.map((item: { id: number }) => item.id).sort()).toEqual(
    [...record.feedbackIds].sort(),
  );
  expect(feedback.find((item: { type: string }) => item.type === 'text').highlightedText).toBe(
    QUOTE,
  );
  const original = await teacher.get(record.fileUrl);
  expect(original.status).toBe(200);
  expect(original.body.equals(record.essay)).toBe(true);

  // The parent's view and downloads, from the link alone.
  const view = await parent.get(`/api/feedback-view/${record.accessKey}`);
  expect(view.status, view.body.toString()).toBe(200);
  expect(view.json().teacherName).toBe('Mary Somerville');
  expect(view.json().document.pages).toHaveLength(3);
  expect(view.json().document.pageNumbers).toEqual([1, 1, 2]);
  expect(
    view
      .json()
      .feedbackItems.map((item: { type: string }) => item.type)
      .sort(),
  ).toEqual(['audio', 'text']);
  for (const [format, type] of [
    ['pdf', 'application/pdf'],
    ['annotated-pdf', 'application/pdf'],
    ['docx', 'wordprocessingml'],
  ] as const) {
    const download = await parent.get(
      `/api/feedback-view/${record.accessKey}/download?format=${format}`,
    );
    expect(download.status, format).toBe(200);
    expect(download.headers.get('content-type')).toContain(type);
    expect(download.body.length).toBeGreaterThan(1000);
  }
  // The parent plays the recording under the link's address; the teacher by its own.
  const linkAudio = view
    .json()
    .feedbackItems.find((item: { type: string }) => item.type === 'audio').audioUrl as string;
  expect(linkAudio.startsWith(`/api/feedback-view/${record.accessKey}/audio/`)).toBe(true);
  expect((await teacher.get(record.audioUrl)).body.equals(record.clip)).toBe(true);
  const whole = await parent.get(linkAudio);
  expect(whole.status).toBe(200);
  expect(whole.body.equals(record.clip)).toBe(true);
  const part = await parent.get(linkAudio, { range: 'bytes=100-1099' });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${record.clip.length}`);
  expect(part.body.equals(record.clip.subarray(100, 1100))).toBe(true);

  // The pupil's own copy, by passphrase and unique id.
  const mine = await pupil.get(`/documents/${record.phrase}/${record.document.uniqueId}/file`);
  expect(mine.status).toBe(200);
  expect(mine.body.equals(record.essay)).toBe(true);
}
