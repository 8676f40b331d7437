/**
 * Turns lines placed on a page (from a PDF or from OCR) back into paragraphs. Line wraps
 * in a PDF or a photo are layout, not the pupil's writing: joining them gives the same
 * text as the Word document the PDF was made from, and text that reflows on any screen.
 */

import { joinHyphenated } from './hyphenation';

/** One line of text where it was drawn; `top` grows down the page, units are any. */
export interface PlacedLine {
  text: string;
  left: number;
  right: number;
  top: number;
  /** Font size or line height: tells headings from body text and scales the gaps. */
  size: number;
  /** First line of a page: the gap above it says nothing about paragraphs. */
  pageStart?: boolean;
  /** Usual edges of the column the line is in; without it, those of all the lines. */
  column?: { left: number; right: number };
}

const ENDS_SENTENCE = /[.!?:;…]["'”’»)\]]*$/u;
const ENDS_HYPHENATED = /\p{L}-$/u;
// A bullet always starts a list item; a dash or a number only after a finished sentence,
// since a wrapped line may well begin with "– and" or "19. ".
const BULLET = /^[•◦▪▫●○■□‣⁃∙·✓✔➢►▶]\s?/u;
const ENUMERATOR = /^(?:[-–—*]|\(?(?:\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4})[.)])\s/u;

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const similarSize = (a: PlacedLine, b: PlacedLine) =>
  Math.abs(a.size - b.size) <= 0.15 * Math.max(a.size, b.size);

type Column = { left: number; right: number };

/**
 * The line before ended early: the first word of this line would have fitted on it.
 * True of the last line of a paragraph, a heading, and a line the writer broke by hand;
 * a wrapped line stops only when the next word does not fit. Widths are estimated from
 * the line's own average character width.
 */
function endedEarly(prev: PlacedLine, line: PlacedLine, column: Column): boolean {
  const words = line.text.trim();
  const firstWord = words.split(/\s/u)[0] ?? '';
  const charWidth = Math.min(
    (line.right - line.left) / Math.max(1, words.length),
    (prev.right - prev.left) / Math.max(1, prev.text.trim().length),
  );
  const room = column.right - prev.right;
  // Far shorter than the column: a heading, a list item, a paragraph's end.
  if (prev.right - prev.left < (column.right - column.left) * 0.6) return true;
  return room > charWidth * (firstWord.length + 1) + prev.size * 0.5;
}

function startsParagraph(
  prev: PlacedLine,
  line: PlacedLine,
  page: { pitch: number; column: Column },
  prevStarted: boolean,
): boolean {
  if (!similarSize(prev, line)) return true;
  const words = line.text.trim();
  if (BULLET.test(words)) return true;
  if (ENUMERATOR.test(words) && ENDS_SENTENCE.test(prev.text.trim())) return true;
  const gap = line.top - prev.top;
  // Spacing between paragraphs, as most essays have; a jump upwards is a new column.
  if (!line.pageStart && gap > 0 && gap > page.pitch * 1.3) return true;
  const prevColumn = prev.column ?? page.column;
  if (!ENDS_HYPHENATED.test(prev.text.trim()) && endedEarly(prev, line, prevColumn)) return true;
  // A first-line indent, when the line before it started at the margin.
  const margin = (line.column ?? page.column).left;
  const indent = line.left - margin;
  const prevIndent = prev.left - prevColumn.left;
  if (indent > line.size && prevIndent < line.size * 0.5) return true;
  // Back to the left of a wrapped line: the end of a list item's hanging indent. (After a
  // paragraph's indented first line this is just its second line.)
  return !prevStarted && indent < prevIndent - line.size * 0.5;
}

function usualColumn(lines: PlacedLine[]): Column {
  const lefts = lines.map((line) => line.left).sort((a, b) => a - b);
  const rights = lines.map((line) => line.right).sort((a, b) => a - b);
  return {
    left: lefts[Math.floor(lefts.length * 0.1)] ?? 0,
    right: rights[Math.floor(rights.length * 0.9)] ?? 0,
  };
}

export function linesToText(lines: PlacedLine[]): string {
  const kept = lines.filter((line) => line.text.trim() !== '');
  if (kept.length === 0) return '';
  const gaps: number[] = [];
  for (let i = 1; i < kept.length; i += 1) {
    const prev = kept[i - 1]!;
    const line = kept[i]!;
    const gap = line.top - prev.top;
    if (!line.pageStart && gap > 0 && similarSize(prev, line)) gaps.push(gap);
  }
  const layout = {
    pitch: median(gaps) ?? (median(kept.map((line) => line.size)) ?? 12) * 1.2,
    column: usualColumn(kept),
  };

  // The text so far is kept in pieces, and only its last line (with the lines joined to it)
  // is looked at: whether it ends a word with a hyphen is a question about its end. Tested
  // on the whole text, which grew with each line, a 15-page paper took 3.4 s to read.
  const pieces: string[] = [];
  let last = kept[0]!.text.trim();
  let prevStarted = true;
  for (let i = 1; i < kept.length; i += 1) {
    const prev = kept[i - 1]!;
    const line = kept[i]!;
    const words = line.text.trim();
    const started = startsParagraph(prev, line, layout, prevStarted);
    prevStarted = started;
    if (started) {
      pieces.push(last, '\n\n');
      last = words;
    } else if (last.endsWith('\u00ad')) last = last.slice(0, -1) + words;
    else if (ENDS_HYPHENATED.test(last)) last = joinHyphenated(last, words);
    else {
      pieces.push(last, ' ');
      last = words;
    }
  }
  pieces.push(last);
  return pieces.join('');
}
