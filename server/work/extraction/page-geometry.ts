/**
 * Reading order on a PDF page and the lines that are not the pupil's text. A PDF places
 * runs of glyphs anywhere on the page: this groups them into lines, tells a two-column
 * page from a one-column one, reads the left column before the right, and drops the
 * running headers, footers and page numbers that would otherwise land mid-sentence.
 */
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import type { PlacedLine } from './layout';

/** A run of glyphs on one line, in the order the PDF drew it; `top` grows down the page. */
export interface Run {
  text: string;
  left: number;
  right: number;
  top: number;
  size: number;
  /** The PDF marked the end of a line after this run. */
  endsLine: boolean;
}

// Page numbers: "7", "- 7 -", "Page 7", "7 of 14", "7/14".
const PAGE_NUMBER = /^(?:page\s+)?[-–—\s]*\d{1,4}[-–—\s]*(?:(?:of|\/)\s*\d{1,4})?$/i;
/** Running headers and footers sit in the top or bottom part of the page. */
const MARGIN_SHARE = 0.15;

const sameLine = (a: { top: number; size: number }, b: { top: number }) =>
  Math.abs(a.top - b.top) <= a.size * 0.5;

/**
 * Where a page splits into two columns: an x that many runs end before and many start
 * after, and few cross. Undefined for a one-column page.
 */
export function findGutter(runs: Run[], pageWidth: number): number | undefined {
  // Words drawn one by one are joined into phrases first: the gaps between words are
  // narrower than the space between two columns.
  const text: Run[] = [];
  for (const run of runs) {
    if (run.text.trim() === '') continue;
    const last = text.at(-1);
    const gap = last ? run.left - last.right : Number.POSITIVE_INFINITY;
    if (
      last &&
      Math.abs(run.top - last.top) <= run.size * 0.5 &&
      gap >= -run.size &&
      gap < run.size * 1.2
    ) {
      text[text.length - 1] = { ...last, right: Math.max(last.right, run.right), top: run.top };
    } else {
      text.push(run);
    }
  }
  let best: { x: number; crossing: number; side: number } | undefined;
  for (let x = pageWidth * 0.3; x <= pageWidth * 0.7; x += 2) {
    let left = 0;
    let right = 0;
    let crossing = 0;
    for (const run of text) {
      if (run.right <= x) left += 1;
      else if (run.left >= x) right += 1;
      else crossing += 1;
    }
    const side = Math.min(left, right);
    if (!best || crossing < best.crossing || (crossing === best.crossing && side > best.side)) {
      best = { x, crossing, side };
    }
  }
  if (!best || best.side < 5) return undefined;
  // A title and an abstract may span both columns; body text must not.
  return best.crossing <= 0.25 * text.length ? best.x : undefined;
}

/** Joins runs into lines; a run across the gutter from the one before starts a new line. */
export function runsToLines(runs: Run[], gutter: number | undefined): PlacedLine[] {
  const lines: Array<PlacedLine & { open: boolean }> = [];
  let line: (PlacedLine & { open: boolean }) | undefined;
  // Baseline of the last run joined: a photographed page's lines slope a little.
  let lastTop = 0;
  for (const run of runs) {
    if (run.text === '') {
      if (run.endsLine && line) line.open = false;
      continue;
    }
    const acrossGutter =
      line !== undefined && gutter !== undefined && line.right <= gutter && run.left >= gutter;
    // pdf.js marks an end of line wherever a run is placed on its own, as OCR text layers
    // place every word: a run further along the same baseline still continues the line.
    const continues =
      line !== undefined &&
      run.left >= line.right - run.size * 0.5 &&
      run.left - line.right < run.size * 3;
    if (line && (line.open || continues) && sameLine(run, { top: lastTop }) && !acrossGutter) {
      // Separate runs on one line: add the space the PDF left out, if there is a gap.
      const gap = run.left - line.right;
      if (gap > run.size * 0.15 && !/\s$/.test(line.text) && !/^\s/.test(run.text)) {
        line.text += ' ';
      }
      line.text += run.text;
      line.left = Math.min(line.left, run.left);
      line.right = Math.max(line.right, run.right);
      line.size = Math.max(line.size, run.size);
    } else {
      line = { ...run, open: true };
      lines.push(line);
    }
    lastTop = run.top;
    if (run.endsLine) line.open = false;
  }
  return lines
    .filter((l) => l.text.trim() !== '')
    .map(({ open: _open, ...rest }) => ({
      text: rest.text,
      left: rest.left,
      right: rest.right,
      top: rest.top,
      size: rest.size,
    }));
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/** The usual left and right edge of a block of text, ignoring the odd wide or short line. */
function bounds(lines: PlacedLine[]): { left: number; right: number } {
  return {
    left: percentile(
      lines.map((l) => l.left),
      0.1,
    ),
    right: percentile(
      lines.map((l) => l.right),
      0.9,
    ),
  };
}

/**
 * Lines in reading order, each with the edges of its column: on a two-column page, the
 * lines between two full-width lines are read left column first, then right.
 */
export function readingOrder<T extends PlacedLine>(lines: T[], gutter: number | undefined): T[] {
  if (gutter === undefined) {
    const column = bounds(lines);
    return lines.map((line) => ({ ...line, column }));
  }
  const sideOf = (line: T) =>
    line.right <= gutter ? 'left' : line.left >= gutter ? 'right' : 'full';
  const leftColumn = bounds(lines.filter((l) => sideOf(l) === 'left'));
  const rightColumn = bounds(lines.filter((l) => sideOf(l) === 'right'));
  const fullWidth = { left: leftColumn.left, right: rightColumn.right };
  const byTop = [...lines].sort((a, b) => a.top - b.top || a.left - b.left);
  const ordered: T[] = [];
  let left: T[] = [];
  let right: T[] = [];
  const flush = () => {
    ordered.push(...left.map((l) => ({ ...l, column: leftColumn })));
    ordered.push(...right.map((l) => ({ ...l, column: rightColumn })));
    left = [];
    right = [];
  };
  for (const line of byTop) {
    const side = sideOf(line);
    if (side === 'left') left.push(line);
    else if (side === 'right') right.push(line);
    else {
      flush();
      ordered.push({ ...line, column: fullWidth });
    }
  }
  flush();
  return ordered;
}

const runningKey = (text: string) => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ');

/**
 * Removes page numbers and the headers and footers repeated on many pages (the same
 * words, page numbers aside, at the same height). Works on every page of a document at
 * once, since one page alone cannot tell a running header from a heading.
 */
export function dropRunningLines<T extends PlacedLine>(pages: T[][], pageHeight: number[]): T[][] {
  const inMargin = (line: PlacedLine, page: number) => {
    const height = pageHeight[page] ?? 842;
    return line.top < height * MARGIN_SHARE || line.top > height * (1 - MARGIN_SHARE);
  };
  // The few lines nearest the top and bottom edge of each page.
  const edges = pages.map((lines, page) => {
    const byTop = [...lines].sort((a, b) => a.top - b.top);
    const edge = new Set([...byTop.slice(0, 3), ...byTop.slice(-3)]);
    // The very first and last line count wherever they are: a page number on a short page.
    return [...edge].filter(
      (line) => inMargin(line, page) || line === byTop[0] || line === byTop.at(-1),
    );
  });
  const seen = new Map<string, Array<{ page: number; top: number }>>();
  edges.forEach((lines, page) => {
    for (const line of lines) {
      const key = runningKey(line.text);
      seen.set(key, [...(seen.get(key) ?? []), { page, top: line.top }]);
    }
  });
  const needed = Math.max(2, Math.ceil(pages.length * 0.4));
  const running = (line: PlacedLine) => {
    const places = seen.get(runningKey(line.text)) ?? [];
    const near = places.filter((place) => Math.abs(place.top - line.top) <= line.size);
    return new Set(near.map((place) => place.page)).size >= needed;
  };
  return pages.map((lines, page) => {
    const edge = new Set(edges[page]);
    return lines.filter(
      (line) => !(edge.has(line) && (PAGE_NUMBER.test(line.text.trim()) || running(line))),
    );
  });
}

/** The page's text items as runs for page-geometry (also used to place highlights on it). */
export function pageRuns(items: TextItem[], pageTop: number): Run[] {
  return items.map((item) => {
    const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
    const size = Math.hypot(c, d) || item.height || 1;
    // Text drawn upside down or mirrored still has a positive width on the page.
    const width = Math.abs(item.width) || Math.hypot(a, b) * item.str.length * 0.5;
    return {
      text: item.str,
      left: x,
      right: x + width,
      top: pageTop - y,
      size,
      endsLine: item.hasEOL,
    };
  });
}
