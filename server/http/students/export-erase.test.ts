import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, jobs } from '../../db/schema';
import { openFileStore } from '../../platform/configured-file-store';
import { REMOVE_STORED_FILES_JOB, removeStoredFilesJobHandler } from '../../platform/file-removal';
import { JobRunner } from '../../platform/jobs';
import { classroomKeyOf, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { readZip, unpackWithUnzip } from '../../test/read-zip';
import { pupilWithEverything, rowsOf, storedFiles, uniquePdf } from './pupils.test-support';

describe.each(testBackends())('pupil export and erase on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let keyId: string;

  beforeAll(async () => {
    t = await startTestApp(backend, { PUBLIC_URL: 'http://cv.test' });
    owner = await signedInTeacher(t, 'Grace');
    keyId = (await classroomKeyOf(t, owner.cookie)).keyId;
  });
  afterAll(async () => t?.close());

  const as = (
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('exports everything about a pupil as a zip: files as handed in, text, feedback, links, reports', {
    timeout: 120_000,
  }, async () => {
    const p = await pupilWithEverything(t, keyId, owner, 'Ivy', 'TH');
    // A name stored before names were cut by bytes: 150 four-byte characters.
    const longName = `${'🦉'.repeat(150)}.pdf`;
    const essayFile = p.files.find((f) => f.originalName === 'Ivy-essay.pdf')!;
    await t.ctx.db.update(files).set({ originalName: longName }).where(eq(files.id, essayFile.id));
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
    expect(essay.original.path).toMatch(/as-handed-in\/(🦉){49}\.pdf$/);
    expect(entries.get(essay.original.path)!.equals(uniquePdf(`${p.tag}-1`))).toBe(true);
    expect(entries.get(essay.extractedText)!.toString('utf8')).toContain('Lighthouse');
    expect(essay.feedback.map((f: { type: string }) => f.type).sort()).toEqual(['audio', 'text']);
    const audio = essay.feedback.find((f: { type: string }) => f.type === 'audio');
    // Each item says which of the pupil's pages it is on, as the views label it.
    const written = essay.feedback.find((f: { type: string }) => f.type === 'text');
    expect(written).toMatchObject({ page: 1, pageNumber: 2 });
    const storedAudio = await as(owner.cookie, 'GET', p.audioUrl);
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
    // As a parent or pupil opens it: Info-ZIP's unzip unpacks every entry.
    expect(unpackWithUnzip(response.rawPayload)).toEqual([...entries.keys()].sort());
  });

  it('erases a pupil: no row, no text, no id and no stored byte of theirs is left anywhere', {
    timeout: 180_000,
  }, async () => {
    const p = await pupilWithEverything(t, keyId, owner, 'Mirabel', 'PA');
    const kept = await pupilWithEverything(t, keyId, owner, 'Zara', 'OK');
    const keptFiles = (await storedFiles(t)).length;

    const erased = await as(owner.cookie, 'DELETE', `/api/students/${p.student.id}`);
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({
      message: 'Student deleted',
      erased: { documents: 2, files: 4 },
    });
    // Links stop working at the commit, before any file is removed.
    expect((await t.app.inject({ url: `/api/feedback-view/${p.shareKey}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/shared/${p.reportKey}` })).statusCode).toBe(404);
    expect((await as(owner.cookie, 'GET', p.audioUrl)).statusCode).toBe(404);
    expect((await as(owner.cookie, 'GET', `/api/videos/${p.renderId}`)).statusCode).toBe(404);
    for (const media of ['video', 'captions.vtt']) {
      const url = `/api/shared/${p.reportKey}/${media}`;
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    }
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
      ['links', 'document_id', docIds],
      ['parent_reports', 'id', [p.report.id]],
      ['links', 'report_id', [p.report.id]],
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
    const left = await storedFiles(t);
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
    const p = await pupilWithEverything(t, keyId, owner, 'Finn', 'CR');
    const keys = p.files.map((f) => f.storageKey);
    const stored = async () =>
      (await Promise.all(keys.map((key) => t.ctx.files.stat(key)))).map(Boolean);
    // The runner is not running (as after a crash right after the commit): nothing removes the files yet.
    expect((await as(owner.cookie, 'DELETE', `/api/students/${p.student.id}`)).statusCode).toBe(
      200,
    );
    expect(await stored()).toEqual(keys.map(() => true));
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, REMOVE_STORED_FILES_JOB));
    expect(job).toBeDefined();
    // The crash came mid-way: the job was claimed, one file was removed, then the process died.
    await t.ctx.files.delete(p.files[0]!.storageKey);
    await t.ctx.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job!.id));
    expect((await t.app.inject({ url: `/api/feedback-view/${p.shareKey}` })).statusCode).toBe(404);

    // A new process: its own runner and file store over the same database and directory (or bucket).
    const restarted = new JobRunner(t.ctx.db, t.ctx.log);
    const store = await openFileStore(t.config);
    restarted.register(REMOVE_STORED_FILES_JOB, removeStoredFilesJobHandler(t.ctx.db, store));
    await restarted.drain();
    store.destroy?.();
    expect(await stored()).toEqual(keys.map(() => false));
    expect(await t.ctx.db.select().from(jobs).where(eq(jobs.id, job!.id))).toEqual([]);
  });
});
