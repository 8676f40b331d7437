import { layoutPdf, SPACED_ESSAY, sampleDocument } from '../work/extraction/pdfs.test-support';

/**
 * A pupil's 14-page PDF of small print (about 560 words a page, "Page n of 14" in the
 * footer), as a long project handed in might be: in pages of 300 words its page 3 would be
 * the text's pages 4 to 6. Made afresh by each test; the same bytes every time.
 */
export function fourteenPagePdf(): Promise<Uint8Array> {
  return layoutPdf(sampleDocument(3, 120), { ...SPACED_ESSAY, fontSize: 9, paragraphSpace: 6 });
}
