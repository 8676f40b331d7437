/*
 * pdf.js stays out of the web server's thread (decision 0023): loading its legacy build swaps
 * in slower built-ins for the whole thread (JSON.stringify of a list 19× slower). The app
 * runs here, in this thread, through a hand-in, its extraction and an annotated-PDF
 * download with a highlight found in the pupil's PDF; pdf.js announces itself on loading
 * (globalThis.pdfjsLib), and only the worker pool's threads may have seen it.
 */
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shutdownWorkerPool } from '../../platform/worker-pool';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp } from '../../test/harness';

const pdfjsLoaded = () => 'pdfjsLib' in globalThis;

/** The subtypes of the annotations on each page of a PDF (read with pdf-lib, not pdf.js). */
async function annotationTypes(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().flatMap((page) => {
    const annots = page.node.Annots();
    if (!annots) return [];
    return annots.asArray().map((ref) => {
      const annot = doc.context.lookup(ref, PDFDict);
      return String(annot.get(PDFName.of('Subtype')));
    });
  });
}

describe('pdf.js outside the web server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
    await shutdownWorkerPool();
  });

  it('reads a hand-in and highlights its annotated PDF without loading pdf.js here', async () => {
    expect(pdfjsLoaded()).toBe(false);
    const owner = await signedInTeacher(t, 'Ada');
    const key = await classroomKeyOf(t, owner.cookie);
    const doc = (await handIn(t, key.keyId)).json() as { id: number };
    await t.ctx.jobs.drain();
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { cookie: owner.cookie },
        ...(payload ? { payload } : {}),
      });
    const extract = (await as('GET', `/api/documents/${doc.id}/extract`)).json();
    expect(extract.status).toBe('done');
    const quote = 'the old lighthouse at Gull Point';
    const at = (extract.pages[0] as string).indexOf(quote);
    expect(at).not.toBe(-1);
    const posted = await as('POST', `/api/documents/${doc.id}/feedback`, {
      type: 'text',
      content: 'Good setting.',
      pageNumber: 1,
      startOffset: at,
      endOffset: at + quote.length,
      highlightedText: quote,
    });
    expect(posted.statusCode).toBe(200);
    const download = await as('GET', `/api/documents/${doc.id}/download?format=annotated-pdf`);
    expect(download.statusCode).toBe(200);
    // Found in the pupil's PDF by pdf.js (in a pool thread): a highlight, not a sticky note.
    expect(await annotationTypes(new Uint8Array(download.rawPayload))).toContain('/Highlight');

    expect(pdfjsLoaded()).toBe(false);
    // The marker is real: loading pdf.js here is seen at once.
    await import('pdfjs-dist/legacy/build/pdf.mjs');
    expect(pdfjsLoaded()).toBe(true);
  }, 120_000);
});
