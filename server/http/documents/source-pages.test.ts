/*
 * Pages are the pupil's pages: a 14-page PDF is read in text pages that follow its own
 * pages, and feedback on its page 3 says "Page 3" to the teacher, on the shared link and in
 * the downloads, whichever text page of page 3 the passage is on.
 */
import { eq } from 'drizzle-orm';
import mammoth from 'mammoth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackPageLabel, textPageLabel } from '../../../contract/pupil-pages';
import { documents } from '../../db/schema';
import { paginate } from '../../records/documents';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import { fourteenPagePdf } from '../../test/fourteen-page-pdf';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { inspect } from '../../work/exports/pdf-inspection.test-support';

interface Extract {
  pages: string[];
  pageNumbers: number[];
  pageCount: number;
  totalPages: number;
}

describe.each(testBackends())('the pupil’s own page numbers on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let stranger: Awaited<ReturnType<typeof signedInTeacher>>;
  let documentId: number;

  beforeAll(async () => {
    t = await startTestApp(backend, { PUBLIC_URL: 'http://cv.test' });
    owner = await signedInTeacher(t, 'Grace');
    stranger = await signedInTeacher(t, 'Ada');
    const { keyId } = await classroomKeyOf(t, owner.cookie);
    const submitted = await handIn(t, keyId, {
      file: { bytes: Buffer.from(await fourteenPagePdf()), name: 'project.pdf' },
      title: 'The Water Cycle',
    });
    documentId = submitted.json().id;
    await t.ctx.jobs.drain();
  }, 120_000);
  afterAll(async () => t?.close());

  const as = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const extractOf = async () =>
    (await as(owner.cookie, 'GET', `/api/documents/${documentId}/extract`)).json() as Extract;

  const rowOf = async () =>
    (await t.ctx.db.select().from(documents).where(eq(documents.id, documentId)))[0]!;
  /** Six words of the first paragraph of a page long enough, from its `from`-th word. */
  const quoteIn = (page: string, from = 10) => {
    const paragraph = page.split('\n\n').find((p) => p.split(' ').length >= from + 6)!;
    return paragraph
      .split(' ')
      .slice(from, from + 6)
      .join(' ');
  };

  it('reads the PDF in text pages that follow its 14 pages, long ones in parts', async () => {
    const extract = await extractOf();
    expect(extract.pageCount).toBe(14);
    expect(extract.totalPages).toBe(extract.pages.length);
    expect(extract.pageNumbers).toHaveLength(extract.pages.length);
    // Every page of the PDF, in order; each long one read in parts of at most 300 words.
    expect([...new Set(extract.pageNumbers)]).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    for (const page of extract.pages) expect(page.split(/\s+/u).length).toBeLessThanOrEqual(300);
    const third = extract.pageNumbers.flatMap((n, i) => (n === 3 ? [i + 1] : []));
    expect(third.length).toBeGreaterThan(1);
    expect(third.map((p) => textPageLabel(extract.pageNumbers, p))).toEqual([
      'Page 3',
      ...third.slice(1).map(() => 'Page 3 (continued)'),
    ]);
    // In pages of 300 words, as before, page 3's first words were on a later text page.
    const opening = quoteIn(extract.pages[third[0]! - 1]!, 0);
    const oldPage = paginate((await rowOf()).extractedContent!).findIndex((p) =>
      p.includes(opening),
    );
    expect(oldPage + 1).toBeGreaterThan(3);

    const other = await as(stranger.cookie, 'GET', `/api/documents/${documentId}/extract`);
    expect(other.statusCode).toBe(404);
  });

  it('labels feedback on page 3 "Page 3" for the teacher, on the shared link and in both downloads', async () => {
    const extract = await extractOf();
    // A passage on the second part of page 3, and a region drawn on page 3 itself.
    const textPage = extract.pageNumbers.lastIndexOf(3) + 1;
    const quote = quoteIn(extract.pages[textPage - 1]!);
    const at = extract.pages[textPage - 1]!.indexOf(quote);
    const passage = await as(owner.cookie, 'POST', `/api/documents/${documentId}/feedback`, {
      type: 'text',
      content: 'A clear explanation of evaporation.',
      pageNumber: textPage,
      startOffset: at,
      endOffset: at + quote.length,
      highlightedText: quote,
    });
    expect(passage.statusCode, passage.body).toBe(200);
    const region = await as(owner.cookie, 'POST', `/api/documents/${documentId}/feedback`, {
      type: 'text',
      content: 'Label this diagram.',
      region: { page: 3, x: 0.1, y: 0.1, width: 0.4, height: 0.2 },
    });
    expect(region.statusCode, region.body).toBe(200);

    const listed = (await as(owner.cookie, 'GET', `/api/documents/${documentId}/feedback`)).json();
    expect(listed.map((item: { pageNumber: number }) => item.pageNumber).sort()).toEqual(
      [3, textPage].sort(),
    );
    for (const item of listed) expect(feedbackPageLabel(item, extract.pageNumbers)).toBe('Page 3');

    const shared = await as(owner.cookie, 'POST', `/api/documents/${documentId}/share-feedback`, {
      sendEmail: false,
    });
    const accessKey = new URL(shared.json().shareableLink).pathname.split('/').pop();
    const view = (await t.app.inject({ url: `/api/feedback-view/${accessKey}` })).json();
    expect(view.document.pageNumbers).toEqual(extract.pageNumbers);
    expect(view.document.pageCount).toBe(14);
    for (const item of view.feedbackItems) {
      expect(feedbackPageLabel(item, view.document.pageNumbers)).toBe('Page 3');
    }

    const pdf = await t.app.inject({
      url: `/api/feedback-view/${accessKey}/download?format=annotated-pdf`,
    });
    const summary = (await inspect(new Uint8Array(pdf.rawPayload))).at(-1)!.text;
    expect(summary).toMatch(/Page 3 · comment/);
    expect(summary).toMatch(/Region on page 3 · comment/);
    expect(summary).not.toMatch(new RegExp(`Page ${textPage} · comment`));

    const docx = await as(owner.cookie, 'GET', `/api/documents/${documentId}/download?format=docx`);
    const words = (await mammoth.extractRawText({ buffer: docx.rawPayload })).value;
    expect(words).toMatch(/\d\. Page 3\n/);
    expect(words).toMatch(/Region on page 3/);
  });

  it('keeps a document read before its pages were kept in pages of 300 words, feedback on its words', async () => {
    const before = await rowOf();
    await t.ctx.db
      .update(documents)
      .set({ sourcePageStarts: null })
      .where(eq(documents.id, documentId));
    try {
      const extract = await extractOf();
      expect(extract.pages).toEqual(paginate(before.extractedContent!));
      expect(extract.pageNumbers).toEqual(extract.pages.map((_, i) => i + 1));
      expect(extract.pageCount).toBe(extract.pages.length);
      const quote = quoteIn(extract.pages[4]!, 3);
      const at = extract.pages[4]!.indexOf(quote);
      const created = await as(owner.cookie, 'POST', `/api/documents/${documentId}/feedback`, {
        type: 'text',
        content: 'Old numbering.',
        pageNumber: 5,
        startOffset: at,
        endOffset: at + quote.length,
        highlightedText: quote,
      });
      expect(created.json()).toMatchObject({
        pageNumber: 5,
        startOffset: at,
        highlightedText: quote,
      });
      const listed = (
        await as(owner.cookie, 'GET', `/api/documents/${documentId}/feedback`)
      ).json();
      const item = listed.find((i: { id: number }) => i.id === created.json().id);
      expect(item).toMatchObject({ anchorStatus: 'exact', pageNumber: 5, startOffset: at });
      expect(feedbackPageLabel(item, extract.pageNumbers)).toBe('Page 5');
    } finally {
      await t.ctx.db
        .update(documents)
        .set({ sourcePageStarts: before.sourcePageStarts })
        .where(eq(documents.id, documentId));
    }
  });
});
