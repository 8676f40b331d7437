import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { teachers } from '../db/schema';
import { hashPassword } from '../platform/secrets';
import { sessionCookie, type TestApp, uniqueEmail } from './harness';

const FIXTURES = fileURLToPath(new URL('../work/extraction/fixtures/', import.meta.url));

export function fixture(name: string): Buffer {
  return readFileSync(`${FIXTURES}${name}`);
}

/** A verified teacher, signed in: the cookie to send and the row. */
export async function signedInTeacher(t: TestApp, firstName = 'Grace') {
  const email = uniqueEmail(firstName.toLowerCase());
  const password = 'teaching-is-fun';
  const [teacher] = await t.ctx.db
    .insert(teachers)
    .values({
      email,
      passwordHash: await hashPassword(password),
      firstName,
      lastName: 'Hopper',
      emailVerifiedAt: new Date(),
    })
    .returning();
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  return { teacher: teacher!, cookie: sessionCookie(login, 'cv_session') };
}

/** POST /api/uploads as multipart, the way the browser's FormData sends it. */
export function upload(
  t: TestApp,
  file: { bytes: Buffer; name: string; type?: string },
  fields: Record<string, string> = {},
  cookie?: string,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    'file',
    new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
    file.name,
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload: form,
    headers: cookie ? { cookie } : {},
  });
}

export async function classroomKeyOf(t: TestApp, cookie: string) {
  const phrase = (
    await t.app.inject({ url: '/api/settings/classroom-phrase', headers: { cookie } })
  ).json().classroomPhrase as string;
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/student-portal/verify-key',
    payload: { keyPhrase: phrase },
  });
  return { phrase, keyId: verified.json().id as string };
}

/** A pupil hands in a file end to end (upload, then submit); returns the submit response. */
export async function handIn(
  t: TestApp,
  keyId: string,
  pupil: {
    firstName?: string;
    surnameInitials?: string;
    title?: string;
    file?: { bytes: Buffer; name: string };
  } = {},
) {
  const file = pupil.file ?? { bytes: fixture('essay.pdf'), name: 'essay.pdf' };
  const uploaded = await upload(t, file, { classroomKeyId: keyId });
  if (uploaded.statusCode !== 200) throw new Error(`upload failed: ${uploaded.body}`);
  return t.app.inject({
    method: 'POST',
    url: '/api/student-portal/submit-assignment',
    payload: {
      title: pupil.title ?? 'The Lighthouse at Gull Point',
      firstName: pupil.firstName ?? 'Maya',
      surnameInitials: pupil.surnameInitials ?? 'pa',
      yearGroup: 'Year 6',
      fileUrl: uploaded.json().fileUrl,
      classroomKeyId: keyId,
    },
  });
}
