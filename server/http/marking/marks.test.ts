/*
 * A document's mark and rubric through the API: set by its teacher only, seen by the pupil
 * and the parent once shared (and the shared version only, until shared again), in the
 * downloads, and in the class mark sheet, a CSV whose cells a spreadsheet will not run.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSTORABLE_TEXT } from '../../../contract/text';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { readZip } from '../../test/read-zip';
import { inspect } from '../../work/exports/pdf-inspection.test-support';

/** A minimal RFC 4180 reader: quoted cells, doubled quotes, CRLF rows. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return rows;
}

describe.each(testBackends())('marks and the mark sheet on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let stranger: Awaited<ReturnType<typeof signedInTeacher>>;
  let essay: { id: number; uniqueId: string; pupilCode: string | null };
  let hostile: { id: number };
  let phrase: string;
  let keyId: string;

  beforeAll(async () => {
    t = await startTestApp(backend, { PUBLIC_URL: 'http://cv.test' });
    owner = await signedInTeacher(t, 'Grace');
    stranger = await signedInTeacher(t, 'Ada');
    ({ phrase, keyId } = await classroomKeyOf(t, owner.cookie));
    essay = (await handIn(t, keyId, { title: 'Volcanoes essay' })).json();
    // A pupil's own words start like a formula: the sheet must show them, not run them.
    hostile = (
      await handIn(t, keyId, {
        title: '=HYPERLINK("http://evil.example","Marks")',
        firstName: '@Bobby',
        surnameInitials: 'tb',
      })
    ).json();
    await t.ctx.jobs.drain();
  }, 300_000);
  afterAll(async () => t?.close());

  const as = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const mine = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    as(owner.cookie, method, url, payload);
  const rubric = [
    { criterion: 'Uses paragraphs', level: 'secure' },
    { criterion: '<b>Spelling</b> & "grammar"', level: 'developing' },
  ];

  it('keeps a mark and a rubric for the document’s teacher; another teacher’s is 404', async () => {
    const empty = (await mine('GET', `/api/documents/${essay.id}/mark`)).json();
    expect(empty).toEqual({
      mark: null,
      rubric: [],
      sharedAt: null,
      changedSinceShared: false,
      updatedAt: null,
    });
    const saved = await mine('PUT', `/api/documents/${essay.id}/mark`, {
      mark: ' 17/20 ',
      rubric,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ mark: '17/20', rubric, sharedAt: null });
    for (const method of ['GET', 'PUT'] as const) {
      const theirs = await as(
        stranger.cookie,
        method,
        `/api/documents/${essay.id}/mark`,
        method === 'PUT' ? { mark: 'A' } : undefined,
      );
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().message).toBe('Document not found');
    }
    expect((await mine('GET', `/api/documents/${essay.id}/mark`)).json().mark).toBe('17/20');
    // Right-to-left text and markup come back exactly as typed.
    const rtl = {
      mark: 'ممتاز <b>',
      rubric: [{ criterion: 'الإملاء & "spelling"', level: 'excellent' }],
    };
    expect((await mine('PUT', `/api/documents/${essay.id}/mark`, rtl)).json()).toMatchObject(rtl);
    expect((await mine('GET', `/api/documents/${essay.id}/mark`)).json()).toMatchObject(rtl);
    await mine('PUT', `/api/documents/${essay.id}/mark`, { mark: '17/20', rubric });
  });

  it('refuses a mark or rubric it cannot keep, with a message, and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ mark: 'x'.repeat(25) }, 'A mark or grade can be at most 24 characters'],
      [{ mark: 17 }, 'The mark must be text, such as 17/20 or B+'],
      [
        { rubric: [{ criterion: 'Ideas', level: 'brilliant' }] },
        'Choose a level for each criterion: Not yet, Developing, Secure or Excellent',
      ],
      [{ rubric: [{ criterion: '  ', level: 'secure' }] }, 'Each criterion needs a name'],
      [{ mark: 'A\u0000' }, UNSTORABLE_TEXT],
      [{ rubric: [{ criterion: 'Ideas\u0000', level: 'secure' }] }, UNSTORABLE_TEXT],
      [
        {
          rubric: Array.from({ length: 9 }, (_, i) => ({ criterion: `C${i}`, level: 'secure' })),
        },
        'A rubric can have at most 8 criteria',
      ],
      [
        {
          rubric: [
            { criterion: 'Ideas', level: 'secure' },
            { criterion: 'ideas', level: 'excellent' },
          ],
        },
        'Each criterion can be listed once',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await mine('PUT', `/api/documents/${essay.id}/mark`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await mine('GET', `/api/documents/${essay.id}/mark`)).json()).toMatchObject({
      mark: '17/20',
      rubric,
    });
  });

  it('shows the pupil and the parent the mark once shared, and the shared one until shared again', async () => {
    const viewAs = (url: string) => t.app.inject({ url });
    const pupilPage = `/api/pupil-documents/${phrase}/${essay.uniqueId}`;
    expect((await viewAs(pupilPage)).json().mark).toBeNull();

    const shared = (
      await mine('POST', `/api/documents/${essay.id}/share-feedback`, { sendEmail: false })
    ).json();
    const link = `/api/feedback-view/${shared.shareableLink.split('/').pop()}`;
    expect((await viewAs(link)).json().mark).toEqual({ mark: '17/20', rubric });
    expect((await viewAs(pupilPage)).json().mark).toEqual({ mark: '17/20', rubric });

    // Changed after sharing: the teacher is told, the pupil still sees the shared mark.
    const changed = (
      await mine('PUT', `/api/documents/${essay.id}/mark`, { mark: '18/20', rubric })
    ).json();
    expect(changed).toMatchObject({ mark: '18/20', changedSinceShared: true });
    expect(changed.sharedAt).not.toBeNull();
    expect((await viewAs(link)).json().mark.mark).toBe('17/20');
    const assignments = await t.app.inject({
      method: 'POST',
      url: '/api/student-portal/my-assignments',
      payload: {
        firstName: 'Maya',
        surnameInitials: 'pa',
        classroomKeyId: keyId,
        pupilCode: essay.pupilCode ?? undefined,
      },
    });
    const listed = assignments.json().find((a: { id: number }) => a.id === essay.id);
    expect(listed.mark).toEqual({ mark: '17/20', rubric });

    await mine('PUT', `/api/documents/${essay.id}`, { status: 'reviewed' });
    expect((await viewAs(link)).json().mark.mark).toBe('18/20');
    expect((await mine('GET', `/api/documents/${essay.id}/mark`)).json()).toMatchObject({
      changedSinceShared: false,
    });
  });

  it('puts the mark and the rubric in the annotated PDF and in Word; a pupil’s download has the shared one', async () => {
    const pdf = await mine('GET', `/api/documents/${essay.id}/download?format=annotated-pdf`);
    expect(pdf.statusCode).toBe(200);
    const summary = (await inspect(new Uint8Array(pdf.rawPayload))).at(-1)!.text;
    expect(summary).toContain('Mark: 18/20');
    expect(summary).toContain('Uses paragraphs: Secure');
    expect(summary).toContain('<b>Spelling</b> & "grammar": Developing');

    const docx = await mine('GET', `/api/documents/${essay.id}/download?format=docx`);
    const body = (await readZip(docx.rawPayload)).get('word/document.xml')?.toString() ?? '';
    expect(body).toContain('Mark: ');
    expect(body).toContain('18/20');
    // Escaped as XML, not taken for markup.
    expect(body).toContain('&lt;b&gt;Spelling&lt;/b&gt; &amp;');
    expect(body).not.toContain('<b>Spelling');

    const pupilDownload = await t.app.inject({
      url: `/api/pupil-documents/${phrase}/${essay.uniqueId}/download?format=annotated-pdf`,
    });
    expect((await inspect(new Uint8Array(pupilDownload.rawPayload))).at(-1)!.text).toContain(
      'Mark: 18/20',
    );
  });

  it('writes the class mark sheet as CSV, every cell text a spreadsheet will not run', async () => {
    await mine('PUT', `/api/documents/${hostile.id}/mark`, {
      mark: '-3',
      rubric: [{ criterion: '+Effort', level: 'excellent' }],
    });
    const sheet = await mine('GET', '/api/mark-sheet');
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(sheet.headers['content-disposition']).toBe(
      "attachment; filename*=UTF-8''Mark%20sheet.csv",
    );
    expect(sheet.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = readCsv(sheet.rawPayload.toString('utf8').slice(1));
    expect(rows[0]).toEqual([
      'Assignment',
      'Pupil',
      'Year group',
      'Handed in',
      'Status',
      'Mark',
      'Shared with pupil',
      // Criteria in the order the sheet meets them (by assignment, then pupil).
      "'+Effort",
      'Uses paragraphs',
      '<b>Spelling</b> & "grammar"',
    ]);
    const byTitle = new Map(rows.slice(1).map((row) => [row[0], row]));
    // Every cell that would start a formula starts with an apostrophe instead.
    expect(byTitle.get('\'=HYPERLINK("http://evil.example","Marks")')).toEqual([
      '\'=HYPERLINK("http://evil.example","Marks")',
      "'@Bobby TB",
      'Year 6',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      'Under review',
      "'-3",
      'No',
      'Excellent',
      '',
      '',
    ]);
    expect(byTitle.get('Volcanoes essay')).toEqual([
      'Volcanoes essay',
      'Maya PA',
      'Year 6',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      'Reviewed',
      '18/20',
      'Yes',
      '',
      'Secure',
      'Developing',
    ]);
    for (const row of rows) {
      for (const cell of row) expect(cell).not.toMatch(/^\s*[=+\-@\t\r]/);
    }

    const one = await mine('GET', '/api/mark-sheet?title=Volcanoes%20essay');
    expect(readCsv(one.rawPayload.toString('utf8').slice(1))).toHaveLength(2);
    expect(one.headers['content-disposition']).toContain(
      'Mark%20sheet%20-%20Volcanoes%20essay.csv',
    );
    // Another teacher's sheet has their work only: none.
    const theirs = await as(stranger.cookie, 'GET', '/api/mark-sheet');
    expect(readCsv(theirs.rawPayload.toString('utf8').slice(1))).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/mark-sheet' })).statusCode).toBe(401);
  });

  it('offers the criteria of the teacher’s last rubric for the next piece', async () => {
    const last = (await mine('GET', '/api/marks/last-rubric')).json();
    expect(last).toEqual({ criteria: ['+Effort'] });
    expect((await as(stranger.cookie, 'GET', '/api/marks/last-rubric')).json()).toEqual({
      criteria: [],
    });
  });
});
