/** Letters and digits of `text`, lower-cased, each with the offset it came from. */
export function lettersOf(text: string): { letters: string; at: number[] } {
  let letters = '';
  const at: number[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]/gu)) {
    for (const lower of match[0].toLowerCase()) {
      letters += lower;
      at.push(match.index);
    }
  }
  return { letters, at };
}
