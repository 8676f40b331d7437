/*
 * The built-in, offline enhancement of a spoken transcript: remove hesitation sounds
 * and filler phrases, collapse stuttered repeats and false starts, fix casing and
 * punctuation. It only ever removes or re-cases what was said; it never adds words.
 */

const HESITATIONS = /\b(?:u+m+|u+h+|e+r+m*|a+h+|h+m+|mm+)\b[,.…]*\s*/gi;
/** A filler set off by commas in mid-sentence: "is, you know, much". */
const PARENTHETICAL_FILLERS = /\s*,\s*(?:you know|i mean|basically|like)\s*,\s*/gi;
/** Filler phrases only where they stand apart as fillers (set off by commas or at a clause start). */
const FILLER_PHRASES = /(^|[,.!?]\s*)(?:you know|i mean|basically|like|so yeah|okay so)\s*,\s*/gi;
const TRAILING_FILLERS = /,?\s*(?:you know|i mean)\s*([.!?]|$)/gi;
/** "the the", "I I think" — the same word twice in a row (case-insensitive). */
const REPEATED_WORD = /\b(\w+)(\s+\1\b)+/gi;
/** False start: "I was- I was going" or "we went — we walked". */
const FALSE_START = /\b([\w' ]{1,30}?)\s*(?:-|—|–)+\s+(?=\1\b)/gi;

export function enhanceTranscript(raw: string): string {
  let text = raw.replace(/\s+/g, ' ').trim();
  if (!text) return '';
  text = text.replace(HESITATIONS, '');
  text = text.replace(PARENTHETICAL_FILLERS, ' ');
  text = text.replace(FILLER_PHRASES, '$1');
  text = text.replace(TRAILING_FILLERS, '$1');
  text = text.replace(FALSE_START, '');
  text = text.replace(REPEATED_WORD, '$1');
  text = text
    .replace(/\s+([,.!?;:])/g, '$1')
    .replace(/([,.!?;:])(?=\w)/g, '$1 ')
    .replace(/,\s*([.!?])/g, '$1')
    .replace(/^[,.;:\s]+/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return '';
  text = text.replace(/\bi\b/g, 'I').replace(/\bi'(m|ve|ll|d)\b/gi, "I'$1");
  text = text.replace(
    /(^|[.!?]\s+)(\p{Ll})/gu,
    (_m, lead: string, letter: string) => lead + letter.toUpperCase(),
  );
  if (!/[.!?]$/.test(text)) text += '.';
  return text;
}
