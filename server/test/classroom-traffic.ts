import { fixture } from './fixtures';
import { type ProxiedClient, SITE } from './proxied-client';
import { firstLink, type startSmtpCapture } from './smtp-capture';

/*
 * A teacher and pupils over HTTP against running server processes, for the fault tests:
 * a teacher signs up (through the e-mailed link) and reads the classroom passphrase;
 * pupils hand in one after another and every answer is kept with its time, so a test can
 * say which hand-ins were refused, when, and check that every one accepted was stored.
 */

type Smtp = Awaited<ReturnType<typeof startSmtpCapture>>;

export async function signUpTeacher(teacher: ProxiedClient, smtp: Smtp, email: string) {
  const password = 'marking-at-midnight';
  const registered = await teacher.post('/api/auth/register', {
    email,
    firstName: 'Ada',
    lastName: 'Lovelace',
    password,
    confirmPassword: password,
  });
  if (registered.status !== 200) throw new Error(`register: ${registered.body}`);
  const mail = await smtp.waitForMail(email, /Verify/, 30_000);
  const link = new URL(firstLink(mail.text));
  if (!link.href.startsWith(SITE)) throw new Error(`verification link ${link.href}`);
  await teacher.get(`${link.pathname}${link.search}`);
  const login = await teacher.post('/api/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`login: ${login.body}`);
  const phrase = (await teacher.get('/api/settings/classroom-phrase')).json()
    .classroomPhrase as string;
  return { email, password, phrase };
}

export type HandInAttempt = {
  /** When it was sent and answered (ms since the epoch). */
  sentAt: number;
  answeredAt: number;
  /** The first answer that was not 2xx, or 200 when both the upload and the submit were. */
  status: number;
  code?: string;
  message?: string;
  /** The stored document, when the hand-in was accepted. */
  documentId?: number;
};

/** One pupil's hand-in: the classroom key, the upload, the submit. */
export async function handIn(
  pupil: ProxiedClient,
  phrase: string,
  n: number,
): Promise<HandInAttempt> {
  const sentAt = Date.now();
  const refused = (answer: { status: number; json: () => { code?: string; message?: string } }) => {
    let body: { code?: string; message?: string } = {};
    try {
      body = answer.json();
    } catch {}
    return {
      sentAt,
      answeredAt: Date.now(),
      status: answer.status,
      code: body.code,
      message: body.message,
    };
  };
  try {
    const key = await pupil.post('/api/student-portal/verify-key', { keyPhrase: phrase });
    if (key.status !== 200) return refused(key);
    const keyId = key.json().id as string;
    const uploaded = await pupil.upload(
      '/api/uploads',
      { bytes: fixture('essay.pdf'), name: `essay-${n}.pdf`, type: 'application/pdf' },
      { classroomKeyId: keyId },
    );
    if (uploaded.status !== 200) return refused(uploaded);
    const submitted = await pupil.post('/api/student-portal/submit-assignment', {
      title: `Essay ${n}`,
      firstName: `Pupil${n}`,
      surnameInitials: 'FT',
      yearGroup: 'Year 6',
      fileUrl: uploaded.json().fileUrl,
      classroomKeyId: keyId,
    });
    if (submitted.status !== 200) return refused(submitted);
    return {
      sentAt,
      answeredAt: Date.now(),
      status: 200,
      documentId: submitted.json().id as number,
    };
  } catch (error) {
    // No answer at all (the connection was refused or cut): 0, as a browser's network error.
    return { sentAt, answeredAt: Date.now(), status: 0, message: (error as Error).message };
  }
}

/**
 * Pupils handing in, each one after the other, until `keepGoing` says stop: the answers,
 * in the order they came.
 */
export async function handInBurst(
  pupils: ProxiedClient[],
  phrase: string,
  keepGoing: () => boolean,
): Promise<HandInAttempt[]> {
  const attempts: HandInAttempt[] = [];
  let n = 0;
  await Promise.all(
    pupils.map(async (pupil) => {
      while (keepGoing()) {
        n += 1;
        attempts.push(await handIn(pupil, phrase, n));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }),
  );
  return attempts.sort((a, b) => a.sentAt - b.sentAt);
}
