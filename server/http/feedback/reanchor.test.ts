import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, files } from '../../db/schema';
import { paginate } from '../../records/documents/pages';
import { classroomKeyOf, fixture, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { EXTRACTION_VERSION } from '../../work/extraction/extraction-job';
import {
  layoutPdf,
  sampleDocument,
  TWO_COLUMN_PAPER,
} from '../../work/extraction/pdfs.test-support';
import { queueReextraction } from '../../work/extraction/reextraction';

const HEADER = 'Journal of Classroom Studies 14 (2026) 101–114';

/**
 * What the extraction before the reflow stored for the same PDF: the running header on
 * every page and hyphenated line ends left split.
 */
function oldExtraction(text: string, split: string): string {
  const halves = `${split.slice(0, 4)}- ${split.slice(4)}`;
  const paragraphs = text.replace(split, halves).split('\n\n');
  return paragraphs
    .flatMap((paragraph, index) => (index % 8 === 0 ? [HEADER, paragraph] : [paragraph]))
    .join('\n\n');
}

describe.each(testBackends())('feedback after the text is read again, on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let stranger: Awaited<ReturnType<typeof signedInTeacher>>;
  let documentId: number;
  let reflowed: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await signedInTeacher(t, 'Grace');
    stranger = await signedInTeacher(t, 'Ada');
    const { keyId } = await classroomKeyOf(t, owner.cookie);
    const pdf = await layoutPdf(sampleDocument(21, 24), TWO_COLUMN_PAPER);
    const submitted = await handIn(t, keyId, {
      file: { bytes: Buffer.from(pdf), name: 'paper.pdf' },
      title: 'Paper',
    });
    documentId = submitted.json().id;
    await t.ctx.jobs.drain();
    const [row] = await t.ctx.db.select().from(documents).where(eq(documents.id, documentId));
    reflowed = row!.extractedContent!;
    expect(row!.extractionVersion).toBe(EXTRACTION_VERSION);
  }, 120_000);
  afterAll(async () => t?.close());

  const as = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('finds each passage again, and says which changed or went', async () => {
    const pages = paginate(reflowed);
    // A long word on page 2, hyphenated at a line end by the old extraction.
    const split = pages[1]!.match(/\b[a-z]{11,}\b/)![0];
    const old = oldExtraction(reflowed, split);
    await t.ctx.db
      .update(documents)
      // As stored before the PDF's own pages were kept: read in pages of 300 words.
      .set({
        extractedContent: old,
        sourcePageStarts: null,
        totalPages: paginate(old).length,
        extractionVersion: 0,
      })
      .where(eq(documents.id, documentId));
    const oldPages = paginate(old);

    const quoteOn = (page: number, quote: string) => {
      const start = oldPages[page - 1]!.indexOf(quote);
      expect(start, quote).toBeGreaterThanOrEqual(0);
      return { pageNumber: page, startOffset: start, endOffset: start + quote.length };
    };
    const unchanged = oldPages[2]!.split('\n\n')[1]!.split(' ').slice(2, 9).join(' ');
    const hyphenated = oldPages[1]!.match(new RegExp(`\\S+ ${split.slice(0, 4)}- \\S+ \\S+`))![0];
    const created: Record<string, number> = {};
    for (const [name, quote, page] of [
      ['unchanged', unchanged, 3],
      ['hyphenated', hyphenated, 2],
      ['header', HEADER, 1],
    ] as const) {
      const response = await as(owner.cookie, 'POST', `/api/documents/${documentId}/feedback`, {
        type: 'text',
        content: `About the ${name} passage`,
        highlightedText: quote,
        ...quoteOn(page, quote),
      });
      expect(response.statusCode, name).toBe(200);
      created[name] = response.json().id;
    }

    // The background catch-up queues the out-of-date PDF once, and the job reads it again.
    expect(await queueReextraction(t.ctx)).toBe(1);
    expect(await queueReextraction(t.ctx)).toBe(0);
    await t.ctx.jobs.drain();
    const [row] = await t.ctx.db.select().from(documents).where(eq(documents.id, documentId));
    expect(row!.extractedContent).toBe(reflowed);
    expect(row!.extractionVersion).toBe(EXTRACTION_VERSION);

    const listed = await as(owner.cookie, 'GET', `/api/documents/${documentId}/feedback`);
    expect(listed.statusCode).toBe(200);
    const byId = new Map(
      listed.json().map((item: { id: number }) => [item.id, item] as const),
    ) as Map<number, Record<string, unknown>>;
    const newPages = paginate(reflowed);
    const textAt = (item: Record<string, unknown>) =>
      newPages[(item.pageNumber as number) - 1]!.slice(
        item.startOffset as number,
        item.endOffset as number,
      );

    const same = byId.get(created.unchanged!)!;
    expect(same.anchorStatus).toBe('exact');
    expect(textAt(same)).toBe(unchanged);

    const mended = byId.get(created.hyphenated!)!;
    expect(mended.anchorStatus).toBe('approximate');
    expect(textAt(mended)).toContain(split);

    const gone = byId.get(created.header!)!;
    expect(gone.anchorStatus).toBe('missing');
    expect(gone.startOffset).toBeNull();
    expect(gone.highlightedText).toBe(HEADER);

    // Another teacher learns nothing about the document.
    const foreign = await as(stranger.cookie, 'GET', `/api/documents/${documentId}/feedback`);
    expect(foreign.statusCode).toBe(404);
  }, 120_000);

  it('keeps the status from parents: the shared view has highlights, no anchor status', async () => {
    const shared = await as(owner.cookie, 'POST', `/api/documents/${documentId}/share-feedback`, {
      sendEmail: false,
    });
    expect(shared.statusCode).toBe(200);
    const accessKey = shared.json().shareableLink.split('/').pop();
    const view = (await t.app.inject({ url: `/api/feedback-view/${accessKey}` })).json();
    expect(view.feedbackItems).toHaveLength(3);
    for (const item of view.feedbackItems) expect(item).not.toHaveProperty('anchorStatus');
    const highlighted = view.feedbackItems.filter(
      (item: { startOffset: number | null }) => item.startOffset !== null,
    );
    expect(highlighted).toHaveLength(2);
  });

  it('keeps the text it has when reading the file again fails', async () => {
    const [row] = await t.ctx.db
      .select({ text: documents.extractedContent, key: files.storageKey })
      .from(documents)
      .innerJoin(files, eq(files.id, documents.fileId))
      .where(eq(documents.id, documentId));
    // The stored file is damaged meanwhile (a disk fault, say).
    await t.ctx.files.put(row!.key, fixture('damaged.pdf'));
    await t.ctx.db
      .update(documents)
      .set({ extractionVersion: 0 })
      .where(eq(documents.id, documentId));
    expect(await queueReextraction(t.ctx)).toBe(1);
    await t.ctx.jobs.drain();
    const [after] = await t.ctx.db.select().from(documents).where(eq(documents.id, documentId));
    expect(after!.extractedContent).toBe(row!.text);
    expect(after!.extractionStatus).toBe('done');
    expect(after!.extractionError).toBeNull();
  }, 60_000);
});
