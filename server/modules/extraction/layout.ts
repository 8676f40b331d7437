/**
 * Turns lines placed on a page (from a PDF or from OCR) back into paragraphs. Line wraps
 * in a PDF or a photo are layout, not the pupil's writing: joining them gives the same
 * text as the Word document the PDF was made from, and text that reflows on any screen.
 */

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
}

const ENDS_SENTENCE = /[.!?:…]["'”’»)\]]*$/u;
const ENDS_HYPHENATED = /\p{L}-$/u;

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const similarSize = (a: PlacedLine, b: PlacedLine) =>
  Math.abs(a.size - b.size) <= 0.15 * Math.max(a.size, b.size);

function startsParagraph(
  prev: PlacedLine,
  line: PlacedLine,
  page: { pitch: number; fullWidth: number; margin: number },
): boolean {
  if (!similarSize(prev, line)) return true;
  const gap = line.top - prev.top;
  // Spacing between paragraphs, as most essays have; a jump upwards is a new column.
  if (!line.pageStart && gap > 0 && gap > page.pitch * 1.3) return true;
  const width = prev.right - prev.left;
  // The short last line of a paragraph, or a short heading without a full stop.
  if (ENDS_SENTENCE.test(prev.text) && width < page.fullWidth * 0.85) return true;
  if (width < page.fullWidth * 0.6) return true;
  // A first-line indent, when the line before it started at the margin.
  const indent = line.left - page.margin;
  return indent > line.size && prev.left - page.margin < line.size * 0.5;
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
    fullWidth: Math.max(...kept.map((line) => line.right - line.left)),
    margin: Math.min(...kept.map((line) => line.left)),
  };

  let text = kept[0]!.text.trim();
  for (let i = 1; i < kept.length; i += 1) {
    const prev = kept[i - 1]!;
    const line = kept[i]!;
    const words = line.text.trim();
    if (startsParagraph(prev, line, layout)) text += `\n\n${words}`;
    else if (text.endsWith('\u00ad')) text = text.slice(0, -1) + words;
    // Keep the hyphen: it cannot be told apart from a compound like "well-known".
    else if (ENDS_HYPHENATED.test(text)) text += words;
    else text += ` ${words}`;
  }
  return text;
}
