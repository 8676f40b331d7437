import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema';
import { safeFileName } from '../../records/uploads';
import { classroomKeyOf, fixture, signedInTeacher, upload } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/harness';

describe('stored file names', () => {
  it.each([
    ['report\u202Excod.pdf', 'reportxcod.pdf'],
    ['\u2066essay\u2069 \u200Ffinal\u200E\u061C.docx', 'essay final.docx'],
    ['\u202Aa\u202Bb\u202Cc\u202Dd\u2067e\u2068f.pdf', 'abcdef.pdf'],
    ['folder/../sub\\name.pdf', 'name.pdf'],
    ['nul\u0000and\u0007bell.pdf', 'nulandbell.pdf'],
    ['lone \ud800 surrogate.pdf', 'lone  surrogate.pdf'],
    ['Maya 🦉.pdf', 'Maya 🦉.pdf'],
    // Cut to 200 bytes of UTF-8 by whole characters, the extension kept.
    [`${'🦉'.repeat(149)}x🦉🦉.pdf`, `${'🦉'.repeat(49)}.pdf`],
    [`${'é'.repeat(300)}.docx`, `${'é'.repeat(97)}.docx`],
    [`${'a'.repeat(400)}`, 'a'.repeat(200)],
    ['.pdf', 'file.pdf'],
    ['\u202E', 'file.pdf'],
  ])('%j is stored as %j', (sent, stored) => {
    expect(safeFileName(sent, 'pdf')).toBe(stored);
  });
});

describe('a pupil’s upload named with a right-to-left override', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('is offered for download under its name without the override', async () => {
    const { cookie } = await signedInTeacher(t);
    const { keyId } = await classroomKeyOf(t, cookie);
    const uploaded = await upload(
      t,
      { bytes: fixture('essay.pdf'), name: 'report\u202Excod.pdf' },
      { classroomKeyId: keyId },
    );
    expect(uploaded.statusCode).toBe(200);
    const id = uploaded.json().fileUrl.split('/').pop();
    const [row] = await t.ctx.db.select().from(files).where(eq(files.id, id));
    expect(row!.originalName).toBe('reportxcod.pdf');
    const served = await t.app.inject({ url: uploaded.json().fileUrl, headers: { cookie } });
    expect(served.headers['content-disposition']).toBe("inline; filename*=UTF-8''reportxcod.pdf");
  });
});
