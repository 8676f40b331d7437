/*
 * A word-level diff of the original and the enhanced transcript, so the teacher sees what
 * the enhancer took out (and anything it added) before approving the text.
 */

export type DiffPart = { kind: 'same' | 'removed' | 'added'; text: string };

const words = (text: string) => text.split(/\s+/).filter(Boolean);
// Case and trailing punctuation differ after clean-up ("So, we" → "We"); those are not removals.
const comparable = (word: string) => word.toLowerCase().replace(/[.,;:!?"'()…-]+/g, '');

// Longer transcripts than this fall back to "all removed, all added" rather than a slow table.
const MAX_CELLS = 4_000_000;

export function wordDiff(before: string, after: string): DiffPart[] {
  const a = words(before);
  const b = words(after);
  if (a.length * b.length > MAX_CELLS) {
    return [
      ...(a.length ? [{ kind: 'removed' as const, text: a.join(' ') }] : []),
      ...(b.length ? [{ kind: 'added' as const, text: b.join(' ') }] : []),
    ];
  }
  const ka = a.map(comparable);
  const kb = b.map(comparable);
  // lcs[i][j]: longest common run of a[i..] and b[j..].
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lcs[i * width + j] =
        ka[i] === kb[j]
          ? (lcs[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lcs[(i + 1) * width + j] ?? 0, lcs[i * width + j + 1] ?? 0);
    }
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], word: string) => {
    const last = parts[parts.length - 1];
    if (last?.kind === kind) last.text += ` ${word}`;
    else parts.push({ kind, text: word });
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (ka[i] === kb[j]) {
      // The enhanced spelling is the one the report keeps.
      push('same', b[j] as string);
      i += 1;
      j += 1;
    } else if ((lcs[(i + 1) * width + j] ?? 0) >= (lcs[i * width + j + 1] ?? 0)) {
      push('removed', a[i] as string);
      i += 1;
    } else {
      push('added', b[j] as string);
      j += 1;
    }
  }
  for (; i < a.length; i += 1) push('removed', a[i] as string);
  for (; j < b.length; j += 1) push('added', b[j] as string);
  return parts;
}

/** How many words the enhancer removed, for the summary line. */
export function removedWordCount(parts: DiffPart[]): number {
  return parts
    .filter((part) => part.kind === 'removed')
    .reduce((sum, part) => sum + words(part.text).length, 0);
}
