import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classroomKeyOf, fixture, handIn, signedInTeacher, upload } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

describe.each(testBackends())('documents on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let stranger: Awaited<ReturnType<typeof signedInTeacher>>;
  let keyId: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
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

  it('extracts each format handed in, off the request path', async () => {
    const cases = [
      ['essay.pdf', 'Gull Point'],
      ['essay.docx', 'Gull Point'],
      ['essay.doc', 'Gull Point'],
      ['science-notes.jpg', ''],
      ['homework.png', ''],
    ] as const;
    const ids: number[] = [];
    for (const [name] of cases) {
      const submitted = await handIn(t, keyId, {
        file: { bytes: fixture(name), name },
        title: name,
      });
      expect(submitted.statusCode, name).toBe(200);
      ids.push(submitted.json().id);
    }
    await t.ctx.jobs.drain();
    for (const [index, [name, phrase]] of cases.entries()) {
      const extract = (
        await as(owner.cookie, 'GET', `/api/documents/${ids[index]}/extract`)
      ).json();
      expect(extract.status, name).toBe('done');
      expect(extract.totalPages, name).toBeGreaterThan(0);
      if (phrase) expect(extract.extractedContent, name).toContain(phrase);
    }
  }, 120_000);

  it('gives a damaged file a visible failed state instead of crashing', async () => {
    const submitted = await handIn(t, keyId, {
      file: { bytes: fixture('damaged.pdf'), name: 'essay.pdf' },
      title: 'Damaged',
    });
    const { id } = submitted.json();
    await t.ctx.jobs.drain();
    const document = (await as(owner.cookie, 'GET', `/api/documents/${id}`)).json();
    expect(document.extractionStatus).toBe('failed');
    expect(document.extractionError).toMatch(/damaged|could not be read/i);
    const extract = (await as(owner.cookie, 'GET', `/api/documents/${id}/extract`)).json();
    expect(extract).toMatchObject({ status: 'failed', pages: [], totalPages: 0 });
  });

  it('reads a failed document again on Try again, only the owner’s and only when it failed', async () => {
    // Handed in while photo reading was off: the reading fails until the teacher allows it.
    const off = await as(owner.cookie, 'PUT', '/api/settings', { documentAnalysis: false });
    expect(off.statusCode).toBe(200);
    const { id } = (
      await handIn(t, keyId, {
        file: { bytes: fixture('homework.png'), name: 'homework.png' },
        title: 'Photo',
      })
    ).json();
    await t.ctx.jobs.drain();
    expect((await as(owner.cookie, 'GET', `/api/documents/${id}`)).json().extractionStatus).toBe(
      'failed',
    );
    await as(owner.cookie, 'PUT', '/api/settings', { documentAnalysis: true });

    const retry = `/api/documents/${id}/extract/retry`;
    const stranger404 = await as(stranger.cookie, 'POST', retry);
    expect(stranger404.statusCode).toBe(404);
    const again = await as(owner.cookie, 'POST', retry);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id, extractionStatus: 'pending', extractionError: null });
    // Queued once: a second press while it waits changes nothing.
    expect((await as(owner.cookie, 'POST', retry)).json().code).toBe('not_failed');
    await t.ctx.jobs.drain();
    const extract = (await as(owner.cookie, 'GET', `/api/documents/${id}/extract`)).json();
    expect(extract.status).toBe('done');
    const done = await as(owner.cookie, 'POST', retry);
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({
      message: 'The text of this document is not waiting to be read again.',
      code: 'not_failed',
    });
  }, 60_000);

  it.each([
    ['a PNG renamed .pdf', fixture('homework.png'), 'essay.pdf', 400],
    ['an empty file', Buffer.alloc(0), 'essay.pdf', 400],
    ['a zip that is not a Word document', fixture('not-word.docx'), 'essay.docx', 400],
    ['a damaged Word document', fixture('damaged.docx'), 'essay.docx', 400],
    ['a text file', Buffer.from('hello'), 'notes.txt', 400],
    [
      'an oversized file',
      Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(21 * 1024 * 1024)]),
      'big.pdf',
      413,
    ],
  ])('refuses %s with a clear message', async (_label, bytes, name, status) => {
    const response = await upload(t, { bytes, name }, { classroomKeyId: keyId });
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toMatch(/\w+/);
    expect(response.json().code).toMatch(/\w+/);
  });

  it('refuses an upload with neither a classroom key nor a session', async () => {
    const response = await upload(t, { bytes: fixture('essay.pdf'), name: 'essay.pdf' });
    expect(response.statusCode).toBe(401);
    const badKey = await upload(
      t,
      { bytes: fixture('essay.pdf'), name: 'essay.pdf' },
      { classroomKeyId: 'AAAAAAAAAAAAAAAAAAAAAA' },
    );
    expect(badKey.statusCode).toBe(404);
  });

  it('lets the teacher upload an assignment too', async () => {
    const uploaded = await upload(
      t,
      { bytes: fixture('essay.docx'), name: 'essay.docx' },
      {},
      owner.cookie,
    );
    expect(uploaded.statusCode).toBe(200);
    const created = await as(owner.cookie, 'POST', '/api/documents', {
      title: 'Class essay',
      fileUrl: uploaded.json().fileUrl,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      title: 'Class essay',
      status: 'new',
      author: 'Unknown Student',
    });
    const original = await as(owner.cookie, 'GET', uploaded.json().fileUrl);
    expect(original.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect((await as(stranger.cookie, 'GET', uploaded.json().fileUrl)).statusCode).toBe(404);
  });

  it('finds a document by unique id and answers 404 to another teacher for everything', async () => {
    const { id, uniqueId } = (await handIn(t, keyId, { title: 'Private' })).json();
    expect((await as(owner.cookie, 'GET', `/api/documents/id/${uniqueId}`)).json().id).toBe(id);
    const denied = [
      await as(stranger.cookie, 'GET', `/api/documents/${id}`),
      await as(stranger.cookie, 'GET', `/api/documents/id/${uniqueId}`),
      await as(stranger.cookie, 'GET', `/api/documents/${id}/extract`),
      await as(stranger.cookie, 'PUT', `/api/documents/${id}`, { title: 'Mine now' }),
      await as(stranger.cookie, 'DELETE', `/api/documents/${id}`),
      await as(stranger.cookie, 'POST', `/api/documents/${id}/feedback`, {
        type: 'text',
        content: 'x',
      }),
      await as(stranger.cookie, 'GET', `/api/documents/${id}/feedback`),
      await as(stranger.cookie, 'POST', `/api/documents/${id}/share-feedback`, { expiryDays: 7 }),
      await as(stranger.cookie, 'GET', `/api/documents/${id}/download?format=pdf`),
    ];
    for (const response of denied) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Document not found', code: 'not_found' });
    }
    expect((await as(owner.cookie, 'GET', `/api/documents/${id}`)).json().title).toBe('Private');
    expect((await t.app.inject({ url: `/api/documents/${id}` })).statusCode).toBe(401);
    expect((await as(owner.cookie, 'GET', '/api/documents/999999')).statusCode).toBe(404);
    expect((await as(owner.cookie, 'GET', '/api/documents/abc')).statusCode).toBe(404);
  });

  it('answers one document with its feedback list, by id and by unique id', async () => {
    const { id, uniqueId } = (await handIn(t, keyId, { title: 'With feedback' })).json();
    await t.ctx.jobs.drain();
    const added = await as(owner.cookie, 'POST', `/api/documents/${id}/feedback`, {
      type: 'text',
      content: 'Lovely opening.',
      pageNumber: 1,
      startOffset: 4,
      endOffset: 14,
      highlightedText: 'Lighthouse',
    });
    expect(added.statusCode).toBe(200);
    for (const url of [`/api/documents/${id}`, `/api/documents/id/${uniqueId}`]) {
      const body = (await as(owner.cookie, 'GET', url)).json();
      expect(body.feedbackCount, url).toBe(1);
      // The item exactly as the feedback list answers it: the spec's fields and the anchor.
      const listed = (await as(owner.cookie, 'GET', `/api/documents/${id}/feedback`)).json();
      expect(body.feedback, url).toEqual(listed);
      expect(body.feedback[0], url).toMatchObject({ ...added.json(), anchorStatus: 'exact' });
      expect(Object.keys(body.feedback[0]), url).toEqual(
        expect.arrayContaining([
          'id',
          'type',
          'content',
          'timestamp',
          'highlightId',
          'audioUrl',
          'audioDuration',
          'pageNumber',
          'startOffset',
          'endOffset',
          'highlightedText',
        ]),
      );
      expect(body.feedback[0].highlightedText, url).toBe('Lighthouse');
    }
    const empty = (await handIn(t, keyId, { title: 'No feedback yet' })).json();
    expect((await as(owner.cookie, 'GET', `/api/documents/${empty.id}`)).json().feedback).toEqual(
      [],
    );
  });

  it('validates updates and keeps the document unchanged on bad input', async () => {
    const { id } = (await handIn(t, keyId, { title: 'Keep me' })).json();
    for (const body of [{}, { status: 'published' }, { title: '' }, { studentId: 999999 }]) {
      const response = await as(owner.cookie, 'PUT', `/api/documents/${id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect((await as(owner.cookie, 'GET', `/api/documents/${id}`)).json()).toMatchObject({
      title: 'Keep me',
      status: 'new',
    });
  });

  it('deletes a document with its feedback and files', async () => {
    const { id } = (await handIn(t, keyId, { title: 'Delete me' })).json();
    const before = (await as(owner.cookie, 'GET', `/api/documents/${id}`)).json();
    expect((await as(owner.cookie, 'DELETE', `/api/documents/${id}`)).statusCode).toBe(200);
    expect((await as(owner.cookie, 'GET', `/api/documents/${id}`)).statusCode).toBe(404);
    expect((await as(owner.cookie, 'GET', before.filePath)).statusCode).toBe(404);
  });
});
