/*
 * The teacher downloads the annotated PDF of a pupil's own PDF (the essay fixture, through
 * upload, extraction and the feedback API): each passage is a /Highlight over its words.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema';
import { paginate } from '../../records/documents';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import {
  expectQuadsOnPassage,
  highlights,
  type InspectedPage,
  inspect,
} from '../../work/exports/pdf-inspection.test-support';

describe.each(testBackends())('annotated PDF of the pupil’s own PDF on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let doc: { id: number };

  beforeAll(async () => {
    t = await startTestApp(backend, { PUBLIC_URL: 'http://cv.test' });
    owner = await signedInTeacher(t, 'Grace');
    const key = await classroomKeyOf(t, owner.cookie);
    doc = (await handIn(t, key.keyId)).json();
    await t.ctx.jobs.drain();
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: owner.cookie },
      ...(payload ? { payload } : {}),
    });

  async function comment(pages: string[], pageNumber: number, quote: string, content: string) {
    const at = pages[pageNumber - 1]!.indexOf(quote);
    expect(at, quote).not.toBe(-1);
    const response = await as('POST', `/api/documents/${doc.id}/feedback`, {
      type: 'text',
      content,
      pageNumber,
      startOffset: at,
      endOffset: at + quote.length,
      highlightedText: quote,
    });
    expect(response.statusCode).toBe(200);
  }

  async function download(): Promise<InspectedPage[]> {
    const response = await as('GET', `/api/documents/${doc.id}/download?format=annotated-pdf`);
    expect(response.statusCode).toBe(200);
    return inspect(new Uint8Array(response.rawPayload));
  }

  const markOf = (page: InspectedPage, contents: string) =>
    highlights(page).find((a) => a.contentsObj?.str === contents);

  it('highlights a one-line and a two-line passage over their words, one quad per line', async () => {
    const pages = (await as('GET', `/api/documents/${doc.id}/extract`)).json().pages as string[];
    await comment(pages, 1, 'the old lighthouse at Gull Point', 'Good setting.');
    await comment(pages, 1, 'It stands on a rocky hill', 'Nice picture.');
    const pdf = await download();
    const one = markOf(pdf[0]!, 'Good setting.');
    expect(one?.subtype).toBe('Highlight');
    expect(one!.quadPoints).toHaveLength(8);
    expectQuadsOnPassage(pdf[0]!, one!, 'the old lighthouse at Gull Point');
    const two = markOf(pdf[0]!, 'Nice picture.')!;
    expect(two.quadPoints).toHaveLength(16);
    expectQuadsOnPassage(pdf[0]!, two, 'It stands on a rocky hill');
    expect(two.titleObj?.str).toContain('Grace');
  });

  it('still finds a passage that moved to the next page after the text was read again', async () => {
    const pages = (await as('GET', `/api/documents/${doc.id}/extract`)).json().pages as string[];
    const [row] = await t.ctx.db.select().from(documents).where(eq(documents.id, doc.id));
    // Text read before the PDF's pages were kept: in pages of 300 words.
    await t.ctx.db
      .update(documents)
      .set({ sourcePageStarts: null })
      .where(eq(documents.id, doc.id));
    pages.splice(0, pages.length, ...paginate(row!.extractedContent!));
    // The last words of text page 1: twenty words put before them push them onto page 2.
    const quote = pages[0]!.split(/\s+/).slice(-6).join(' ');
    await comment(pages, 1, quote, 'Moved on.');
    const prefix = `${'Draft two of my essay, written again after the trip with more about it. '.repeat(2)}\n\n`;
    await t.ctx.db
      .update(documents)
      .set({ extractedContent: prefix + row!.extractedContent })
      .where(eq(documents.id, doc.id));
    try {
      const now = (await as('GET', `/api/documents/${doc.id}/extract`)).json().pages as string[];
      expect(now[0]).not.toContain(quote);
      expect(now[1]).toContain(quote);
      const pdf = await download();
      const mark = pdf.map((page) => markOf(page, 'Moved on.')).find(Boolean);
      expect(mark, 'highlight of the moved passage').toBeDefined();
      const page = pdf.find((p) => markOf(p, 'Moved on.'))!;
      expectQuadsOnPassage(page, mark!, quote);
      expect(pdf.at(-1)!.text).toMatch(/Page 2 · comment/);
    } finally {
      await t.ctx.db
        .update(documents)
        .set({ extractedContent: row!.extractedContent, sourcePageStarts: row!.sourcePageStarts })
        .where(eq(documents.id, doc.id));
    }
  });
});
