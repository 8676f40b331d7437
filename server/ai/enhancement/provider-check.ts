/*
 * A chat provider may rewrite a transcript for clarity, but it must not put words in a
 * teacher's mouth. Its rewrite is accepted only if every word in it was said (allowing
 * for inflections: "improve" → "improved", "she has" → "she's") or is a function word.
 * A new name, number or content word means the rewrite added a fact.
 */

const FUNCTION_WORDS = new Set(
  (
    'a an the and but or nor so yet if then than that this these those which who whom whose what ' +
    'when where while as because although though since until unless whether of to in on at for ' +
    'with by from into onto about over under after before during through up out off down ' +
    'is are was were be been being am has have had having do does did done will would can could ' +
    'shall should may might must it its itself he him his himself she her hers herself they them ' +
    'their theirs themselves we us our ours ourselves i me my mine myself you your yours yourself ' +
    'there here also not no too very just both each either neither all any some such only own ' +
    'same other more most much many several how'
  ).split(' '),
);

/** Digits, and number words a provider might turn a vague remark into. */
const NUMBER =
  /^(?:\p{N}.*|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|half|quarter|percent|first|second|third)$/u;

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;

/** The word without its inflection, so "reads", "reading" and "read" compare equal. */
function stem(word: string): string {
  const bare = word.replace(/'(?:s|d|ll|re|ve|m)$|n't$/, '');
  const cut = bare.replace(/(?:ing|ed|es|s|ly|er|est|e)$/, '');
  return cut.length >= 3 ? cut : bare;
}

/** The words of `rewrite` that `original` did not say: empty when the rewrite adds nothing. */
export function addedWords(original: string, rewrite: string): string[] {
  const said = new Set<string>();
  for (const word of original.toLowerCase().replace(/’/g, "'").match(WORD) ?? []) {
    said.add(word);
    said.add(stem(word));
  }
  const added: string[] = [];
  for (const word of rewrite.replace(/’/g, "'").match(WORD) ?? []) {
    const lower = word.toLowerCase();
    if (said.has(lower) || said.has(stem(lower))) continue;
    const bare = lower.replace(/'(?:s|d|ll|re|ve|m)$|n't$/, '');
    // A number or a capitalised name that was never said is a new fact even if short.
    if (NUMBER.test(lower) || (/^\p{Lu}/u.test(word) && !FUNCTION_WORDS.has(bare))) {
      added.push(word);
      continue;
    }
    if (!FUNCTION_WORDS.has(bare)) added.push(word);
  }
  return added;
}
