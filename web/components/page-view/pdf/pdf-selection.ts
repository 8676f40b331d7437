import { type PdfLetters, pdfToText, type TextLetters, type TextPassage } from '../passage-map';

/**
 * The browser's selection over the page view's text layers as a passage of the text view,
 * or null when nothing (or nothing on the pages) is selected. Each text-layer span carries
 * its text item's index (data-item) and sits in a page frame (data-page-number).
 */
export function readPdfSelection(
  root: HTMLElement,
  pdf: PdfLetters,
  text: TextLetters,
  textPages: string[],
): TextPassage | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return null;
  const touched = Array.from(root.querySelectorAll<HTMLElement>('.textLayer [data-item]')).filter(
    (span) => span.firstChild && range.intersectsNode(span.firstChild),
  );
  const first = touched[0];
  const last = touched[touched.length - 1];
  if (!first?.firstChild || !last?.firstChild) return null;
  const from = letterAt(
    pdf,
    first,
    range.startContainer === first.firstChild ? range.startOffset : 0,
  );
  const endUnit =
    range.endContainer === last.firstChild ? range.endOffset : (last.firstChild as Text).length;
  const to = letterAt(pdf, last, endUnit);
  if (from === null || to === null || to <= from) return null;
  return pdfToText(text, textPages, pdf, from, to, selection.toString());
}

/**
 * The index in the PDF's letters of the first letter at or after code unit `unit` of a
 * span: where a selection starting there starts, or where one ending there stops.
 */
function letterAt(pdf: PdfLetters, span: HTMLElement, unit: number) {
  const page = Number(span.closest<HTMLElement>('[data-page-number]')?.dataset.pageNumber) - 1;
  const item = Number(span.dataset.item);
  let at = pdf.itemStart[page]?.[item];
  if (at === undefined) return null;
  const inItem = (i: number) =>
    i < pdf.letters.length && pdf.page[i] === page && pdf.item[i] === item;
  while (inItem(at) && pdf.unit[at]! < unit) at++;
  return at;
}
