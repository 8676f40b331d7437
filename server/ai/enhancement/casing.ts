import { isDash, PAUSE, SENTENCE_END, type Token } from './tokens';

const TIGHT = new Set([',', '.', '!', '?', ';', ':', '…', '...']);

/**
 * Writes the kept tokens back out: no pause or full stop left stranded by a removed
 * filler, one space after punctuation, each sentence starting with a capital, "i" as
 * "I", and a full stop at the end. Only case and punctuation change here.
 */
export function render(tokens: Token[]): string {
  const kept = tokens.filter((t) => !t.deleted);
  const out: { text: string; space: boolean; word: boolean }[] = [];
  let sentenceStart = true;
  for (let i = 0; i < kept.length; i++) {
    const t = kept[i]!;
    const last = out.at(-1);
    if (!t.word) {
      const next = kept[i + 1];
      const stranded =
        sentenceStart && (PAUSE.has(t.text) || SENTENCE_END.has(t.text) || t.text === ':');
      const pauseBeforeEnd =
        PAUSE.has(t.text) &&
        (!next || (!next.word && (SENTENCE_END.has(next.text) || PAUSE.has(next.text))));
      const danglingDash = isDash(t) && (sentenceStart || !next || SENTENCE_END.has(next.text));
      if (stranded || pauseBeforeEnd || danglingDash) continue;
      out.push({ text: t.text, space: TIGHT.has(t.text) ? false : t.spaceBefore, word: false });
      if (SENTENCE_END.has(t.text)) sentenceStart = true;
      continue;
    }
    let text = t.text;
    if (t.lower === 'i' || /^i'(m|ve|ll|d)$/.test(t.lower)) text = `I${text.slice(1)}`;
    if (sentenceStart) text = text.charAt(0).toUpperCase() + text.slice(1);
    sentenceStart = false;
    const afterTight = last !== undefined && !last.word && TIGHT.has(last.text);
    out.push({ text, space: t.spaceBefore || afterTight, word: true });
  }
  let text = '';
  for (const [i, piece] of out.entries()) text += (i > 0 && piece.space ? ' ' : '') + piece.text;
  text = text.trim();
  if (text && !/[.!?…]["”’')]?$/.test(text)) text += '.';
  return text;
}
