/*
 * The built-in, offline enhancement of a spoken transcript: remove hesitation sounds
 * and filler phrases, collapse stutters and false starts, fix casing and punctuation.
 * It works on tokens and only ever deletes them or changes their case, so it never
 * adds a word; every rule looks at a bounded window, so it runs in linear time.
 */
import { render } from './casing';
import { removeCorrectedNumbers } from './corrected-numbers';
import { removeFalseStarts, removeRepeats } from './disfluencies';
import { removeDiscourseFillers, removeHesitations } from './fillers';
import { removeOrphanedPauses } from './pauses';
import { removeRestarts } from './restarts';
import { Doc, tokenize } from './tokens';

export function enhanceTranscript(raw: string): string {
  const doc = new Doc(tokenize(raw));
  if (!doc.tokens.length) return '';
  removeHesitations(doc);
  removeFalseStarts(doc);
  // Two rounds: removing one filler can expose another ("so, um, like, she").
  for (let round = 0; round < 2; round++) {
    removeDiscourseFillers(doc);
    removeOrphanedPauses(doc);
    removeRepeats(doc);
    removeCorrectedNumbers(doc);
    removeRestarts(doc);
  }
  return render(doc.tokens);
}
