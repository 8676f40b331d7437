import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_MESSAGES } from '../../../contract/students';
import { UNSTORABLE_TEXT } from '../../../contract/text';
import { files, jobs, parentReports, videoRenders } from '../../db/schema';
import { REMOVE_STORED_FILES_JOB, removeStoredFilesJobHandler } from '../../platform/file-removal';
import { LocalFileStore } from '../../platform/file-store';
import { JobRunner } from '../../platform/jobs';
import { classroomKeyOf, fixture, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { readZip } from '../../test/read-zip';
import { storeFile } from '../uploads/service';

function recordClip(seconds: number, frequency = 440): Buffer {
  const result = spawnSync(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...[
      '-i',
      `sine=frequency=${frequency}:duration=${seconds}`,
      '-c:a',
      'libopus',
      '-f',
      'webm',
      'pipe:1',
    ],
  ]);
  if (result.status !== 0) throw new Error(result.stderr.toString());
  return result.stdout;
}

function uniquePdf(tag: string): Buffer {
  return Buffer.concat([fixture('essay.pdf'), Buffer.from(`\n% ${tag}\n`)]);
}

/** Rows of a raw query, whichever driver answered it. */
function rowsOf<T>(result: unknown): T[] {
  return (result && typeof result === 'object' && 'rows' in result ? result.rows : result) as T[];
}

/** Every stored file under the app's file store, with its bytes. */
function storedFiles(dataDir: string): Buffer[] {
  const root = join(dataDir, 'files');
  if (!existsSync(root)) return [];
  const found: Buffer[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else found.push(readFileSync(path));
    }
  };
  walk(root);
  return found;
}

describe.each(testBackends())('pupil directory on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let stranger: Awaited<ReturnType<typeof signedInTeacher>>;
  let keyId: string;

  beforeAll(async () => {
    t = await startTestApp(backend, { PUBLIC_URL: 'http://cv.test' });
    owner = await signedInTeacher(t, 'Grace');
    stranger = await signedInTeacher(t, 'Ada');
    keyId = (await classroomKeyOf(t, owner.cookie)).keyId;
  });
  afterAll(async () => t?.close());

  const as = (
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const valid = { name: 'Ruby', grade: '4', yearGroup: 'Year 4' };

  it('lists the teacher’s own pupils, those who handed in work included, and nobody else’s', async () => {
    const teacher = await signedInTeacher(t, 'Lin');
    const other = await signedInTeacher(t, 'Ola');
    const key = (await classroomKeyOf(t, teacher.cookie)).keyId;
    expect((await handIn(t, key, { firstName: 'Zara', surnameInitials: 'ok' })).statusCode).toBe(
      200,
    );
    expect((await handIn(t, key, { firstName: 'maya', surnameInitials: 'pa' })).statusCode).toBe(
      200,
    );
    const list = await as(teacher.cookie, 'GET', '/api/students');
    expect(list.json().map((s: { displayName: string }) => s.displayName)).toEqual([
      'maya PA',
      'Zara OK',
    ]);
    expect(list.json()[0]).toMatchObject({ yearGroup: 'Year 6', parentEmail: null });
    // Hand-ins give the pupil a personal code too.
    expect(list.json()[0].pupilCode).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect((await as(other.cookie, 'GET', '/api/students')).json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/students' })).statusCode).toBe(401);
  });

  it.each([
    [{ name: undefined }, STUDENT_MESSAGES.nameRequired],
    [{ name: '   ' }, STUDENT_MESSAGES.nameRequired],
    [{ grade: undefined }, STUDENT_MESSAGES.gradeRequired],
    [{ grade: '' }, STUDENT_MESSAGES.gradeRequired],
    [{ grade: '13' }, STUDENT_MESSAGES.gradeInvalid],
    [{ yearGroup: 'Year 14' }, STUDENT_MESSAGES.yearGroupInvalid],
    [{ email: 'not-an-address' }, 'Please enter a valid email address'],
    [{ parentEmail: 'parent@' }, 'Please enter a valid email address'],
    [{ notes: 'Allergic\u0000to nuts' }, UNSTORABLE_TEXT],
    [{ surname: 'lone \ud800' }, UNSTORABLE_TEXT],
    [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
  ])('refuses %j with a clear message and adds nobody', async (overrides, message) => {
    const before = (await as(owner.cookie, 'GET', '/api/students')).json().length;
    const response = await as(owner.cookie, 'POST', '/api/students', { ...valid, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await as(owner.cookie, 'GET', '/api/students')).json()).toHaveLength(before);
  });

  it('adds a pupil with a personal code, edits them, and keeps notes exactly as typed', async () => {
    const notes = '  Needs  large print.\nSits at the front 🙂 ';
    const created = await as(owner.cookie, 'POST', '/api/students', {
      name: ' Ruby ',
      surname: 'Okafor',
      grade: 'K',
      yearGroup: 'Reception',
      email: 'ruby@pupils.example',
      notes,
      parentName: 'Ngozi Okafor',
      parentEmail: 'ngozi@home.example',
    });
    expect(created.statusCode).toBe(200);
    const ruby = created.json();
    expect(ruby).toMatchObject({
      name: 'Ruby',
      surname: 'Okafor',
      surnameInitials: 'OK',
      displayName: 'Ruby Okafor',
      grade: 'K',
      yearGroup: 'Reception',
      notes,
      parentEmail: 'ngozi@home.example',
    });
    expect(ruby.pupilCode).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);

    const edited = await as(owner.cookie, 'PUT', `/api/students/${ruby.id}`, {
      name: 'Ruby',
      surname: 'Okafor-Smith',
      grade: '1',
      yearGroup: 'Year 1',
      email: '',
    });
    expect(edited.json()).toMatchObject({
      surname: 'Okafor-Smith',
      surnameInitials: 'OK',
      grade: '1',
      email: null,
      notes: null,
      pupilCode: ruby.pupilCode,
    });
    const refused = await as(owner.cookie, 'PUT', `/api/students/${ruby.id}`, { name: 'Ruby' });
    expect(refused.json().message).toBe(STUDENT_MESSAGES.gradeRequired);
    expect((await as(owner.cookie, 'GET', `/api/students/${ruby.id}`)).json().grade).toBe('1');
  });

  it('lets the teacher complete a pupil created by a hand-in, who then still finds their work', async () => {
    const doc = (await handIn(t, keyId, { firstName: 'Noor', surnameInitials: 'ha' })).json();
    const noor = (await as(owner.cookie, 'GET', '/api/students'))
      .json()
      .find((s: { name: string }) => s.name === 'Noor');
    const completed = await as(owner.cookie, 'PUT', `/api/students/${noor.id}`, {
      name: 'Noor',
      surname: 'Haddad',
      grade: '6',
      yearGroup: 'Year 6',
      parentName: 'Samir Haddad',
      parentEmail: 'samir@home.example',
    });
    expect(completed.json()).toMatchObject({ displayName: 'Noor Haddad', surnameInitials: 'HA' });
    const docs = await as(owner.cookie, 'GET', `/api/students/${noor.id}/documents`);
    expect(docs.json().map((d: { id: number }) => d.id)).toEqual([doc.id]);
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/student-portal/my-assignments',
      payload: { firstName: 'Noor', surnameInitials: 'HA', classroomKeyId: keyId },
    });
    expect(mine.json().map((a: { id: number }) => a.id)).toContain(doc.id);
  });

  it('merges two records of one child: documents and reports move, blanks fill, the other goes', async () => {
    const typo = (await handIn(t, keyId, { firstName: 'Omar', surnameInitials: 'bs' })).json();
    const list = (await as(owner.cookie, 'GET', '/api/students')).json();
    const from = list.find((s: { displayName: string }) => s.displayName === 'Omar BS');
    const into = (
      await as(owner.cookie, 'POST', '/api/students', {
        name: 'Omar',
        surname: 'Bashir',
        grade: '6',
        parentEmail: 'bashir@home.example',
      })
    ).json();
    const [report] = await t.ctx.db
      .insert(parentReports)
      .values({ teacherId: owner.teacher.id, studentId: from.id, subjects: 'Art', content: 'Good' })
      .returning();

    const merged = await as(owner.cookie, 'POST', `/api/students/${from.id}/merge`, {
      intoStudentId: into.id,
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({
      movedDocuments: 1,
      movedReports: 1,
      student: { id: into.id, surname: 'Bashir', yearGroup: 'Year 6', surnameInitials: 'BA' },
    });
    expect((await as(owner.cookie, 'GET', `/api/students/${from.id}`)).statusCode).toBe(404);
    const docs = (await as(owner.cookie, 'GET', `/api/students/${into.id}/documents`)).json();
    expect(docs.map((d: { id: number }) => d.id)).toEqual([typo.id]);
    const [moved] = await t.ctx.db
      .select()
      .from(parentReports)
      .where(eq(parentReports.id, report!.id));
    expect(moved!.studentId).toBe(into.id);

    const self = await as(owner.cookie, 'POST', `/api/students/${into.id}/merge`, {
      intoStudentId: into.id,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(STUDENT_MESSAGES.mergeSelf);
    const bad = await as(owner.cookie, 'POST', `/api/students/${into.id}/merge`, {});
    expect(bad.json().message).toBe('Choose the record to keep');
  });

  it('answers 404 for another teacher’s pupil on every route, and changes nothing', async () => {
    const theirs = (await as(stranger.cookie, 'POST', '/api/students', valid)).json();
    const mine = (await as(owner.cookie, 'POST', '/api/students', valid)).json();
    const attempts = [
      as(owner.cookie, 'GET', `/api/students/${theirs.id}`),
      as(owner.cookie, 'PUT', `/api/students/${theirs.id}`, { ...valid, name: 'Taken' }),
      as(owner.cookie, 'DELETE', `/api/students/${theirs.id}`),
      as(owner.cookie, 'GET', `/api/students/${theirs.id}/documents`),
      as(owner.cookie, 'GET', `/api/students/${theirs.id}/footprint`),
      as(owner.cookie, 'GET', `/api/students/${theirs.id}/export`),
      as(owner.cookie, 'POST', `/api/students/${theirs.id}/merge`, { intoStudentId: mine.id }),
      as(owner.cookie, 'POST', `/api/students/${mine.id}/merge`, { intoStudentId: theirs.id }),
      as(owner.cookie, 'GET', '/api/students/99999999'),
      as(owner.cookie, 'GET', '/api/students/1e3'),
      as(owner.cookie, 'GET', `/api/students/0x${mine.id.toString(16)}`),
      as(owner.cookie, 'GET', `/api/students/${mine.id}.0`),
      as(owner.cookie, 'DELETE', '/api/students/abc'),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(STUDENT_MESSAGES.notFound);
    }
    const still = (await as(stranger.cookie, 'GET', `/api/students/${theirs.id}`)).json();
    expect(still).toEqual(theirs);
    expect((await as(owner.cookie, 'GET', `/api/students/${mine.id}`)).statusCode).toBe(200);
    for (const url of [`/api/students/${mine.id}`, `/api/students/${mine.id}/export`]) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });

  /** A pupil with everything a pupil can have: hand-ins, text and audio feedback, share
   * links opened, a parent report with its video, links and e-mails. */
  async function pupilWithEverything(cookie: string, firstName: string, initials: string) {
    const teacherId = cookie === owner.cookie ? owner.teacher.id : stranger.teacher.id;
    const tag = randomBytes(4).toString('hex');
    const essay = (
      await handIn(t, keyId, {
        firstName,
        surnameInitials: initials,
        title: `Essay ${tag}`,
        // Bytes of their own (a PDF reader ignores what follows %%EOF), so the file store
        // can be searched for them.
        file: { bytes: uniquePdf(`${tag}-1`), name: `${firstName}-essay.pdf` },
      })
    ).json();
    const photo = (
      await handIn(t, keyId, {
        firstName,
        surnameInitials: initials,
        title: `Homework ${tag}`,
        file: { bytes: uniquePdf(`${tag}-2`), name: 'homework.pdf' },
      })
    ).json();
    await t.ctx.jobs.drain();
    const student = (await as(cookie, 'GET', '/api/students'))
      .json()
      .find((s: { name: string }) => s.name === firstName);
    await as(cookie, 'PUT', `/api/students/${student.id}`, {
      name: firstName,
      surname: `${initials}ttersby-${tag}`,
      grade: '6',
      yearGroup: 'Year 6',
      email: `${firstName.toLowerCase()}.${tag}@pupils.example`,
      parentName: `Parent ${tag}`,
      parentEmail: `parent.${tag}@home.example`,
    });
    await as(cookie, 'POST', `/api/documents/${essay.id}/feedback`, {
      type: 'text',
      content: `Lovely opening ${tag}`,
      pageNumber: 1,
    });
    const audio = (
      await as(cookie, 'POST', '/api/audio/process', {
        audioData: recordClip(1, 300 + Math.floor(Math.random() * 500)).toString('base64'),
      })
    ).json();
    await as(cookie, 'POST', `/api/documents/${essay.id}/feedback`, {
      type: 'audio',
      content: '',
      pageNumber: 1,
      audioUrl: audio.audioUrl,
      audioDuration: 1,
    });
    const share = (
      await as(cookie, 'POST', `/api/documents/${essay.id}/share-feedback`, {
        studentName: `${firstName} ${tag}`,
        studentEmail: `${firstName.toLowerCase()}.${tag}@pupils.example`,
      })
    ).json();
    const shareKey = String(share.shareableLink).split('/').pop()!;
    expect((await t.app.inject({ url: `/api/feedback-view/${shareKey}` })).statusCode).toBe(200);

    const video = await storeFile(t.ctx, {
      teacherId,
      bytes: randomBytes(4000),
      originalName: 'report-video.mp4',
      contentType: 'video/mp4',
      extension: 'mp4',
      uploadedBy: 'teacher',
    });
    const renderId = randomBytes(16).toString('base64url');
    await t.ctx.db.insert(videoRenders).values({
      id: renderId,
      teacherId,
      status: 'done',
      progress: 100,
      videoFileId: video.id,
      transcript: `About ${firstName} ${tag}`,
      captions: `WEBVTT\n\n00:00.000 --> 00:01.000\nAbout ${firstName}`,
    });
    const report = (
      await as(cookie, 'POST', '/api/parent-reports', {
        studentId: student.id,
        subjects: 'Reading',
        content: `${firstName} read well this term ${tag}`,
        videoUrl: `/api/videos/${renderId}`,
      })
    ).json();
    const reportShare = (
      await as(cookie, 'POST', `/api/parent-reports/${report.id}/share`, {
        recipientName: `Parent ${tag}`,
        recipientEmail: `parent.${tag}@home.example`,
      })
    ).json();
    const reportKey = String(reportShare.shareableLink).split('/').pop()!;
    expect((await t.app.inject({ url: `/api/shared/${reportKey}` })).statusCode).toBe(200);
    // The pupil looks their work up (the portal counts lookups per name and initials).
    await t.app.inject({
      method: 'POST',
      url: '/api/student-portal/my-assignments',
      payload: { firstName, surnameInitials: initials, classroomKeyId: keyId },
    });
    const fileRows = await t.ctx.db
      .select()
      .from(files)
      .where(sql`${files.id} in (select file_id from documents where student_id = ${student.id}
        union select audio_file_id from feedback where document_id in (select id from documents where student_id = ${student.id})
        union select ${video.id})`);
    return {
      tag,
      student: (await as(cookie, 'GET', `/api/students/${student.id}`)).json(),
      documents: [essay, photo],
      audioUrl: audio.audioUrl as string,
      shareKey,
      reportKey,
      renderId,
      report,
      files: fileRows,
      fileBytes: await Promise.all(fileRows.map((f) => t.ctx.files.read(f.storageKey))),
    };
  }

  it('exports everything about a pupil as a zip: files as handed in, text, feedback, links, reports', {
    timeout: 120_000,
  }, async () => {
    const p = await pupilWithEverything(owner.cookie, 'Ivy', 'TH');
    const footprint = (
      await as(owner.cookie, 'GET', `/api/students/${p.student.id}/footprint`)
    ).json();
    expect(footprint).toEqual({
      documents: 2,
      feedback: 2,
      audioRecordings: 1,
      shareLinks: 1,
      parentReports: 1,
      reportLinks: 1,
      videos: 1,
      files: 4,
    });
    const response = await as(owner.cookie, 'GET', `/api/students/${p.student.id}/export`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename\*=UTF-8''pupil-ivy-thttersby-/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const entries = await readZip(response.rawPayload);
    const index = JSON.parse(entries.get('index.json')!.toString('utf8'));
    expect(index.pupil).toMatchObject({ id: p.student.id, pupilCode: p.student.pupilCode });
    expect(index.documents).toHaveLength(2);
    const essay = index.documents.find((d: { id: number }) => d.id === p.documents[0].id);
    expect(essay.original.path).toMatch(/as-handed-in\/Ivy-essay\.pdf$/);
    expect(entries.get(essay.original.path)!.equals(uniquePdf(`${p.tag}-1`))).toBe(true);
    expect(entries.get(essay.extractedText)!.toString('utf8')).toContain('Lighthouse');
    expect(essay.feedback.map((f: { type: string }) => f.type).sort()).toEqual(['audio', 'text']);
    const audio = essay.feedback.find((f: { type: string }) => f.type === 'audio');
    const storedAudio = await t.app.inject({ url: p.audioUrl });
    expect(entries.get(audio.audio.path)!.equals(storedAudio.rawPayload)).toBe(true);
    expect(essay.shareLinks).toHaveLength(1);
    expect(essay.shareLinks[0].openedAt).toHaveLength(1);
    const report = index.parentReports[0];
    expect(entries.get(report.content)!.toString('utf8')).toBe(`Ivy read well this term ${p.tag}`);
    expect(
      entries
        .get(report.video.path)!
        .equals(p.fileBytes[p.files.findIndex((f) => f.originalName === 'report-video.mp4')]!),
    ).toBe(true);
    expect(report.links[0].openedAt).toHaveLength(1);
    // Every path the index names is in the archive, and the archive holds nothing else.
    const named = JSON.stringify(index).match(/"(documents|parent-reports)\/[^"]+"/g)!;
    for (const path of named) expect(entries.has(JSON.parse(path))).toBe(true);
    expect(entries.size).toBe(new Set(named).size + 1);
  });

  it('erases a pupil: no row, no text, no id and no stored byte of theirs is left anywhere', {
    timeout: 180_000,
  }, async () => {
    const p = await pupilWithEverything(owner.cookie, 'Mirabel', 'PA');
    const kept = await pupilWithEverything(owner.cookie, 'Zara', 'OK');
    const keptFiles = storedFiles(t.config.dataDir).length;

    const erased = await as(owner.cookie, 'DELETE', `/api/students/${p.student.id}`);
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({
      message: 'Student deleted',
      erased: { documents: 2, files: 4 },
    });
    // Links stop working at the commit, before any file is removed.
    expect((await t.app.inject({ url: `/api/feedback-view/${p.shareKey}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/shared/${p.reportKey}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: p.audioUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/videos/${p.renderId}` })).statusCode).toBe(404);
    await t.ctx.jobs.drain();

    const needles = [
      p.tag,
      p.student.name,
      p.student.surname,
      p.student.pupilCode,
      p.student.email,
      p.student.parentEmail,
      p.renderId,
      ...p.documents.map((d: { uniqueId: string }) => d.uniqueId),
      ...p.files.flatMap((f) => [f.id, f.storageKey, f.sha256]),
    ];
    const columns = await t.ctx.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'jsonb', 'character varying')`);
    const rows = rowsOf<{ table_name: string; column_name: string }>(columns);
    expect(rows.length).toBeGreaterThan(40);
    for (const { table_name, column_name } of rows as {
      table_name: string;
      column_name: string;
    }[]) {
      for (const needle of needles) {
        const found = await t.ctx.db.execute(
          sql`select 1 from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${`%${needle}%`} limit 1`,
        );
        expect(rowsOf(found), `${needle} in ${table_name}.${column_name}`).toHaveLength(0);
      }
    }
    // Numeric ids: nothing points at the pupil, their documents or their report.
    const docIds = p.documents.map((d: { id: number }) => d.id);
    for (const [table, column, ids] of [
      ['students', 'id', [p.student.id]],
      ['documents', 'student_id', [p.student.id]],
      ['parent_reports', 'student_id', [p.student.id]],
      ['documents', 'id', docIds],
      ['feedback', 'document_id', docIds],
      ['share_links', 'document_id', docIds],
      ['parent_reports', 'id', [p.report.id]],
      ['report_links', 'report_id', [p.report.id]],
    ] as const) {
      const found = await t.ctx.db.execute(
        sql`select 1 from ${sql.identifier(table)} where ${sql.identifier(column)} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      expect(rowsOf(found), `${table}.${column}`).toHaveLength(0);
    }
    const aboutThem = await t.ctx.db
      .select()
      .from(jobs)
      .where(
        sql`${jobs.payload}->>'documentId' in (${sql.join(
          docIds.map((id: number) => sql`${String(id)}`),
          sql`, `,
        )})`,
      );
    expect(aboutThem).toEqual([]);

    // The file store: none of their bytes, and every other file still there.
    const left = storedFiles(t.config.dataDir);
    for (const bytes of p.fileBytes) expect(left.some((b) => b.equals(bytes))).toBe(false);
    expect(left).toHaveLength(keptFiles - p.files.length);
    for (const bytes of kept.fileBytes) expect(left.some((b) => b.equals(bytes))).toBe(true);

    // The other pupil is untouched.
    expect((await t.app.inject({ url: `/api/feedback-view/${kept.shareKey}` })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: `/api/shared/${kept.reportKey}` })).statusCode).toBe(200);
    const footprint = (
      await as(owner.cookie, 'GET', `/api/students/${kept.student.id}/footprint`)
    ).json();
    expect(footprint).toMatchObject({ documents: 2, feedback: 2, files: 4 });
  });

  it('finishes removing the files after a crash between the commit and the removal', {
    timeout: 120_000,
  }, async () => {
    const p = await pupilWithEverything(owner.cookie, 'Finn', 'CR');
    const paths = p.files.map((f) => join(t.config.dataDir, 'files', f.storageKey));
    // The runner is not running (as after a crash right after the commit): nothing removes the files yet.
    expect((await as(owner.cookie, 'DELETE', `/api/students/${p.student.id}`)).statusCode).toBe(
      200,
    );
    for (const path of paths) expect(existsSync(path)).toBe(true);
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, REMOVE_STORED_FILES_JOB));
    expect(job).toBeDefined();
    // The crash came mid-way: the job was claimed, one file was removed, then the process died.
    await t.ctx.files.delete(p.files[0]!.storageKey);
    await t.ctx.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job!.id));
    expect((await t.app.inject({ url: `/api/feedback-view/${p.shareKey}` })).statusCode).toBe(404);

    // A new process: its own runner and file store over the same database and directory.
    const restarted = new JobRunner(t.ctx.db, t.ctx.log);
    restarted.register(
      REMOVE_STORED_FILES_JOB,
      removeStoredFilesJobHandler(t.ctx.db, new LocalFileStore(join(t.config.dataDir, 'files'))),
    );
    await restarted.drain();
    for (const path of paths) expect(existsSync(path)).toBe(false);
    expect(await t.ctx.db.select().from(jobs).where(eq(jobs.id, job!.id))).toEqual([]);
  });
});
