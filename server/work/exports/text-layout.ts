import { drawable, type MeasuredFont } from './fonts';

/** A line of a wrapped text as offsets into it; `end` leaves out the trailing spaces. */
export interface LineRange {
  start: number;
  end: number;
}

/**
 * Greedy line breaking that keeps offsets: every line is a slice of the text, so a
 * character's position on the page is known exactly. Each newline starts a new line and
 * an empty line stays as a blank line; a word wider than the line is cut between letters.
 */
export function wrapLines(
  text: string,
  font: MeasuredFont,
  size: number,
  maxWidth: number,
): LineRange[] {
  const lines: LineRange[] = [];
  let segStart = 0;
  while (segStart <= text.length) {
    const newline = text.indexOf('\n', segStart);
    const segEnd = newline === -1 ? text.length : newline;
    wrapSegment(text, segStart, segEnd, font, size, maxWidth, lines);
    if (newline === -1) break;
    segStart = newline + 1;
  }
  return lines;
}

function wrapSegment(
  text: string,
  segStart: number,
  segEnd: number,
  font: MeasuredFont,
  size: number,
  maxWidth: number,
  lines: LineRange[],
): void {
  let lineStart = segStart;
  let lastEnd = segStart;
  let width = 0;
  const tokens = /\s+|\S+/gu;
  const segment = text.slice(segStart, segEnd);
  for (const token of segment.matchAll(tokens)) {
    const start = segStart + token.index;
    const end = start + token[0].length;
    const tokenWidth = font.widthOf(token[0], size);
    if (/^\s/u.test(token[0])) {
      width += tokenWidth;
      continue;
    }
    if (lastEnd > lineStart && width + tokenWidth > maxWidth) {
      lines.push({ start: lineStart, end: lastEnd });
      lineStart = start;
      width = 0;
    }
    if (tokenWidth <= maxWidth) {
      width += tokenWidth;
    } else {
      let at = start;
      for (const char of token[0]) {
        const charWidth = font.widthOf(char, size);
        if (width + charWidth > maxWidth && at > lineStart) {
          lines.push({ start: lineStart, end: at });
          lineStart = at;
          width = 0;
        }
        width += charWidth;
        at += char.length;
      }
    }
    lastEnd = end;
  }
  lines.push({ start: lineStart, end: Math.max(lineStart, lastEnd) });
}

/**
 * Left edge of every UTF-16 unit of `text` from its start, plus the end: entry i is where
 * unit i begins (the second half of a surrogate pair shares its first half's edge).
 */
export function unitEdges(text: string, font: MeasuredFont, size: number): Float64Array {
  const edges = new Float64Array(text.length + 1);
  let x = 0;
  let i = 0;
  for (const char of drawable(text)) {
    edges[i] = x;
    if (char.length === 2) edges[i + 1] = x;
    x += font.charWidth(char) * size;
    i += char.length;
  }
  edges[text.length] = x;
  return edges;
}
