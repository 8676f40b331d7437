import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSTORABLE_TEXT } from '../../contract/text';
import { documents, students, teachers } from '../db/schema';
import { classroomKeyOf, fixture, handIn, signedInTeacher, upload } from '../test/fixtures';
import { startTestApp, type TestApp, testBackends, uniqueEmail } from '../test/harness';

/*
 * Hostile text sent to every free-text field, query string and path parameter: never a
 * 5xx; text that cannot be stored as sent (NUL, lone surrogates) is a 400 with the
 * shared message; text over a field's limit is a 400; everything else is accepted and
 * comes back byte-identical. A new endpoint is one more line in FIELDS or PATHS.
 */

type Hostile = { label: string; value: string; storable: boolean };

const HOSTILE: Hostile[] = [
  { label: 'NUL', value: 'Good\u0000work', storable: false },
  { label: 'lone high surrogate', value: 'Good \ud800 work', storable: false },
  { label: 'lone low surrogate', value: 'Good \udc00 work', storable: false },
  { label: 'reversed surrogate pair', value: 'x\udc00\ud800x', storable: false },
  { label: '10,000 characters', value: `${'a'.repeat(9_998)}zz`, storable: true },
  { label: 'right-to-left override', value: 'report\u202Excod.pdf \u2067x\u2069', storable: true },
  { label: 'zero-width characters', value: 'Ma\u200By\u200Da\u2060\uFEFFx', storable: true },
  { label: 'leading byte order mark', value: '\uFEFFMaya\uFEFF', storable: true },
  {
    label: 'markup',
    value: '<script>alert("x")</script><img src=x onerror=alert(1)>',
    storable: true,
  },
  { label: 'SQL-like', value: "Robert'); DROP TABLE students;-- \\' OR 1=1", storable: true },
  {
    label: 'template-like',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is the hostile text.
    value: '{{constructor.constructor("x")()}} ${7*7} <%= 7*7 %>',
    storable: true,
  },
  { label: 'astral characters', value: 'Maya 🦉 𝒜𝓃𝓃', storable: true },
  { label: 'quotes and control-ish', value: 'a"b\\c\'d`e\nf\tg\u0085h', storable: true },
];

type Setup = {
  t: TestApp;
  cookie: string;
  keyId: string;
  phrase: string;
  documentId: number;
  uniqueId: string;
  studentId: number;
  feedbackId: number;
};

type Field = {
  name: string;
  /** The field's documented limit: longer text is a 400. */
  max: number;
  /** Sends the value; the response of a stored value carries or points at it. */
  send: (s: Setup, value: string, round: number) => Promise<LightMyRequestResponse>;
  /** What the server stored, read back as a user would (omit for look-ups). */
  readBack?: (s: Setup, response: LightMyRequestResponse) => Promise<unknown>;
  /** Statuses a storable value may get; a stored field must answer 200. */
  accepted?: number[];
  /**
   * A browser's FormData sends a lone surrogate as U+FFFD itself, so the server sees
   * ordinary (if wrong) text there and answers with that field's own message.
   */
  surrogatesReplacedByClient?: boolean;
  /**
   * The field is stored trimmed (a name, a title, a comment): spaces around it, and a
   * U+FEFF at either end, go on both databases alike. Everything else comes back as sent.
   */
  trims?: boolean;
};

const json = (s: Setup, method: 'POST' | 'PUT', url: string, payload: object) =>
  s.t.app.inject({ method, url, payload, headers: { cookie: s.cookie } });
const get = async (s: Setup, url: string) =>
  (await s.t.app.inject({ url, headers: { cookie: s.cookie } })).json();

const FIELDS: Field[] = [
  {
    name: 'submit-assignment title',
    trims: true,
    max: 200,
    send: (s, title) => handIn(s.t, s.keyId, { title }),
    readBack: async (s, r) => (await get(s, `/api/documents/${r.json().id}`)).title,
  },
  {
    name: 'submit-assignment firstName',
    trims: true,
    max: 60,
    send: (s, firstName) => handIn(s.t, s.keyId, { firstName }),
    readBack: async (s, r) => {
      const [doc] = await s.t.ctx.db.select().from(documents).where(eq(documents.id, r.json().id));
      const [pupil] = await s.t.ctx.db
        .select()
        .from(students)
        .where(eq(students.id, doc!.studentId!));
      return pupil!.name;
    },
  },
  {
    name: 'my-assignments firstName',
    max: 60,
    send: (s, firstName) =>
      s.t.app.inject({
        method: 'POST',
        url: '/api/student-portal/my-assignments',
        payload: { firstName, surnameInitials: 'PA', classroomKeyId: s.keyId },
      }),
    accepted: [200],
  },
  {
    name: 'verify-key keyPhrase',
    max: 200,
    send: (s, keyPhrase) =>
      s.t.app.inject({
        method: 'POST',
        url: '/api/student-portal/verify-key',
        payload: { keyPhrase },
        remoteAddress: '10.9.0.1',
      }),
    accepted: [400, 404],
  },
  {
    name: 'teacher document title',
    trims: true,
    max: 200,
    send: (s, title) => json(s, 'PUT', `/api/documents/${s.documentId}`, { title }),
    readBack: async (s) => (await get(s, `/api/documents/${s.documentId}`)).title,
  },
  {
    name: 'feedback content',
    trims: true,
    max: 5_000,
    send: (s, content) =>
      json(s, 'POST', `/api/documents/${s.documentId}/feedback`, { type: 'text', content }),
    readBack: async (s, r) => feedbackOf(s, r.json().id, 'content'),
  },
  {
    name: 'feedback highlightedText',
    max: 5_000,
    send: (s, highlightedText) =>
      json(s, 'POST', `/api/documents/${s.documentId}/feedback`, {
        type: 'text',
        content: 'Well argued.',
        highlightedText,
      }),
    readBack: async (s, r) => feedbackOf(s, r.json().id, 'highlightedText'),
  },
  {
    name: 'region feedback content',
    trims: true,
    max: 5_000,
    send: (s, content) =>
      json(s, 'POST', `/api/documents/${s.documentId}/feedback`, {
        type: 'text',
        content,
        region: { page: 1, x: 0.1, y: 0.1, width: 0.2, height: 0.2 },
      }),
    readBack: async (s, r) => feedbackOf(s, r.json().id, 'content'),
  },
  {
    name: 'feedback edit',
    trims: true,
    max: 5_000,
    send: (s, content) => json(s, 'PUT', `/api/feedback/${s.feedbackId}`, { content }),
    readBack: async (s) => feedbackOf(s, s.feedbackId, 'content'),
  },
  {
    name: 'share studentName',
    trims: true,
    max: 120,
    send: (s, studentName) =>
      json(s, 'POST', `/api/documents/${s.documentId}/share-feedback`, {
        studentName,
        sendEmail: false,
      }),
    readBack: async (s) => {
      const links = await get(s, `/api/documents/${s.documentId}/share-links`);
      return links.sort((a: { id: number }, b: { id: number }) => b.id - a.id)[0].studentName;
    },
  },
  {
    name: 'registration firstName',
    trims: true,
    max: 100,
    send: (s, firstName, round) => register(s, { firstName }, round),
    readBack: async (s) => (await teacherRow(s)).firstName,
  },
  {
    name: 'registration lastName',
    trims: true,
    max: 100,
    send: (s, lastName, round) => register(s, { lastName }, round + 100),
    readBack: async (s) => (await teacherRow(s)).lastName,
  },
  {
    name: 'pupil directory name',
    trims: true,
    max: 100,
    send: (s, name) => json(s, 'POST', '/api/students', { name, grade: '5' }),
    readBack: async (s, r) => (await get(s, `/api/students/${r.json().id}`)).name,
  },
  {
    name: 'pupil directory notes',
    max: 2_000,
    send: (s, notes) => json(s, 'POST', '/api/students', { name: 'Maya', grade: '5', notes }),
    readBack: async (s, r) => (await get(s, `/api/students/${r.json().id}`)).notes,
  },
  {
    name: 'lesson plan title',
    max: 200,
    send: (s, title) => json(s, 'POST', '/api/lesson-plans', { title, dateRange: 'Week 1' }),
    readBack: async (s, r) => (await get(s, `/api/lesson-plans/${r.json().id}`)).title,
  },
  {
    name: 'lesson description',
    max: 5_000,
    send: async (s, description) => {
      const plan = await json(s, 'POST', '/api/lesson-plans', { title: 'P', dateRange: 'W' });
      return json(s, 'POST', `/api/lesson-plans/${plan.json().id}/lessons`, {
        title: 'Fractions',
        description,
        timeSlot: '9:00',
        day: 'Monday',
        color: 'blue',
      });
    },
    readBack: async (_s, r) => r.json().description,
  },
  {
    name: 'parent report content',
    max: 20_000,
    send: (s, content) =>
      json(s, 'POST', '/api/parent-reports', {
        studentId: s.studentId,
        subjects: 'Maths',
        content,
      }),
    readBack: async (s, r) => (await get(s, `/api/parent-reports/${r.json().id}`)).content,
  },
  {
    name: 'parent report subjects',
    max: 300,
    send: (s, subjects) =>
      json(s, 'POST', '/api/parent-reports', {
        studentId: s.studentId,
        subjects,
        content: 'A good term.',
      }),
    readBack: async (s, r) => (await get(s, `/api/parent-reports/${r.json().id}`)).subjects,
  },
  {
    name: 'documents search query',
    max: Number.POSITIVE_INFINITY,
    send: (s, search) =>
      s.t.app.inject({
        url: `/api/documents?search=${encodeHostile(search)}`,
        headers: { cookie: s.cookie },
      }),
    accepted: [200],
  },
  {
    name: 'upload form field',
    max: 1_024,
    send: (s, classroomKeyId) =>
      upload(s.t, { bytes: fixture('essay.pdf'), name: 'essay.pdf' }, { classroomKeyId }),
    accepted: [400, 404],
    surrogatesReplacedByClient: true,
  },
];

/**
 * Addresses whose parameters are secrets or ids; `{}` is where the hostile text goes.
 * A storable value names nothing: `missing` is how each route says so.
 */
const PATHS: { path: string; teacher?: boolean; missing?: number }[] = [
  { path: '/documents/{}/:uniqueId/file' },
  { path: '/documents/:phrase/{}/file' },
  { path: '/api/pupil-documents/{}/:uniqueId' },
  { path: '/api/feedback-view/{}' },
  { path: '/api/feedback-view/{}/region-crop/1' },
  { path: '/api/feedback-view/{}/audio/1' },
  { path: '/api/pupil-documents/:phrase/:uniqueId/region-crop/{}' },
  { path: '/api/pupil-documents/:phrase/:uniqueId/audio/{}' },
  { path: '/api/feedback/{}/region-crop', teacher: true },
  { path: '/api/shared/{}' },
  { path: '/api/shared/{}/video' },
  { path: '/api/shared/{}/captions.vtt' },
  { path: '/api/classroom-keys/{}', missing: 400 },
  { path: '/api/audio/{}', teacher: true },
  { path: '/api/videos/{}', teacher: true },
  { path: '/api/videos/{}/captions.vtt', teacher: true },
  { path: '/api/documents/id/{}', teacher: true },
  { path: '/api/documents/{}', teacher: true },
  { path: '/api/lesson-plans/{}', teacher: true },
  { path: '/api/teacher-voices/{}', teacher: true },
];

/** Percent-encodes by UTF-16 code unit, so a lone surrogate goes out as its (invalid) bytes. */
function encodeHostile(value: string): string {
  let out = '';
  for (const unit of value) {
    if (unit.length === 1 && /[\ud800-\udfff]/.test(unit)) {
      const code = unit.charCodeAt(0);
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    } else out += encodeURIComponent(unit);
  }
  return out.toUpperCase();
}

async function feedbackOf(s: Setup, id: number, field: string) {
  const items = await get(s, `/api/documents/${s.documentId}/feedback`);
  return items.find((item: { id: number }) => item.id === id)?.[field];
}

let lastRegistered = '';

function register(s: Setup, names: object, round: number) {
  const email = uniqueEmail('hostile');
  lastRegistered = email;
  return s.t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    // Each registration from its own address: the per-address limit is not under test.
    remoteAddress: `10.8.${Math.floor(round / 250)}.${(round % 250) + 1}`,
    payload: { email, password: 'a-long-password', confirmPassword: 'a-long-password', ...names },
  });
}

async function teacherRow(s: Setup) {
  const [row] = await s.t.ctx.db.select().from(teachers).where(eq(teachers.email, lastRegistered));
  return row!;
}

describe.each(testBackends())('hostile text on %s', (backend) => {
  let s: Setup;
  beforeAll(async () => {
    const t = await startTestApp(backend);
    const { cookie } = await signedInTeacher(t);
    const { keyId, phrase } = await classroomKeyOf(t, cookie);
    const handedIn = (await handIn(t, keyId, { firstName: 'Maya' })).json();
    const [doc] = await t.ctx.db.select().from(documents).where(eq(documents.id, handedIn.id));
    const feedback = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${handedIn.id}/feedback`,
      headers: { cookie },
      payload: { type: 'text', content: 'First thoughts' },
    });
    s = {
      t,
      cookie,
      keyId,
      phrase,
      documentId: handedIn.id,
      uniqueId: handedIn.uniqueId,
      studentId: doc!.studentId!,
      feedbackId: feedback.json().id,
    };
  });
  afterAll(async () => s?.t.close());

  describe.each(FIELDS)('$name', (field) => {
    it.each(HOSTILE.map((h, round) => [h.label, h, round] as const))(
      '%s',
      async (_label, hostile, round) => {
        const response = await field.send(s, hostile.value, round);
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (!hostile.storable) {
          expect(response.statusCode).toBe(400);
          if (!(field.surrogatesReplacedByClient && !hostile.value.includes('\u0000'))) {
            expect(response.json().message).toBe(UNSTORABLE_TEXT);
          }
          return;
        }
        if (hostile.value.length > field.max) {
          expect(response.statusCode, response.body).toBe(400);
          return;
        }
        expect(field.accepted ?? [200], response.body).toContain(response.statusCode);
        const stored = field.trims ? hostile.value.trim() : hostile.value;
        if (field.readBack) expect(await field.readBack(s, response)).toBe(stored);
      },
    );
  });

  describe.each(PATHS)('path $path', ({ path, teacher, missing = 404 }) => {
    it.each(HOSTILE.filter((h) => h.value.length < 1_000).map((h) => [h.label, h] as const))(
      '%s',
      async (_label, hostile) => {
        const url = path
          .replace(':uniqueId', s.uniqueId)
          .replace(':phrase', s.phrase)
          .replace('{}', encodeHostile(hostile.value));
        const response = await s.t.app.inject({
          url,
          headers: teacher ? { cookie: s.cookie } : {},
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
        expect(response.statusCode, response.body).toBe(hostile.storable ? missing : 400);
      },
    );
  });

  /* Decision 0015: an id in an address is decimal digits only; every other spelling of a
     number names nothing, even when it converts to the id of the teacher's own record. */
  it.each(['0x{}', '+{}', '%20{}', '{}%20', '{}e0', '0{}', '{}.0', '{}n', '0b{}'])(
    'a document id spelled %s is not found',
    async (spelling) => {
      const own = await s.t.app.inject({
        url: `/api/documents/${s.documentId}`,
        headers: { cookie: s.cookie },
      });
      expect(own.statusCode).toBe(200);
      const id = spelling.startsWith('0x')
        ? s.documentId.toString(16)
        : spelling.startsWith('0b')
          ? s.documentId.toString(2)
          : String(s.documentId);
      const response = await s.t.app.inject({
        url: `/api/documents/${spelling.replace('{}', id)}`,
        headers: { cookie: s.cookie },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Document not found');
    },
  );
});
