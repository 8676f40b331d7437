/*
 * The classes of words the enhancement rules ask about: which words can open a clause,
 * which need a word after them, which join clauses. Small closed lists, because the rules
 * only ever need to know what a word can do in the slot they look at.
 */
import type { Doc } from './tokens';

/** A word list written as one string, for lists the rules look words up in. */
export const wordSet = (list: string) => new Set(list.split(' '));

const SUBJECT_PRONOUNS = wordSet('i you he she we they it');
/** Pronouns that only open a clause with a verb joined on: "there's", "that's". */
const CONTRACTED_ONLY = wordSet('there that');
const VERB_ENDINGS = wordSet('s re ve ll d m');

/** "she", "we", "she's", "we've", "I'm", "there's": a pronoun that opens a clause. */
export function isPronounSubject(word: string | undefined): boolean {
  if (!word) return false;
  const [base = '', ending] = word.split("'");
  if (ending === undefined) return SUBJECT_PRONOUNS.has(base);
  return (SUBJECT_PRONOUNS.has(base) || CONTRACTED_ONLY.has(base)) && VERB_ENDINGS.has(ending);
}

/** "she's", "we'll", "Nadia's": a subject with its verb joined on. */
export const isContracted = (word: string | undefined) => Boolean(word?.includes("'"));

/** The word without a joined-on verb: "we'll" → "we", "Nadia's" → "nadia". */
export const baseOf = (word: string) => word.split("'")[0]!;

/** Verbs that carry a clause's tense and come straight after its subject: "Jayden is". */
export const AUXILIARIES = wordSet(
  'is was are were am has have had will would can could shall should may might must do does did',
);

/** Words after which a sentence has to go on: a comma cannot follow them. */
export const NEEDS_A_FOLLOWER = wordSet(
  'a an the to of in on at by for from with about into onto over under than as is was are were am be been being has have had do does did will would can could shall should may might must very really quite so too more most less his her their my our your its this that these those not',
);

/** Words that join what follows to what came before: a pause right after one is not a comma. */
export const JOINING_WORDS = wordSet('and but or nor so because cos then if that');

/** Conjunctions that open a new clause by themselves: the comma before them stays. */
export const CLAUSE_CONJUNCTIONS = wordSet(
  'but because although though whereas yet while which who unless until since',
);

/** Words that begin a subordinate clause: a subject after one is not a restart. */
export const SUBORDINATORS = wordSet(
  'if when whether because as though although while where what who how since unless until than once whenever wherever whatever that',
);

/** A capitalised word that is not "I": a name once it is past the sentence's first word. */
export function isCapitalised(doc: Doc, i: number): boolean {
  const t = doc.at(i);
  return Boolean(t?.word && /^\p{Lu}/u.test(t.text) && !isPronounSubject(t.lower));
}

/** A digit or a number word: what a unit such as "mm" follows. */
export function isNumber(word: string | undefined): boolean {
  return Boolean(word && (/^\p{N}/u.test(word) || NUMBER_WORDS.has(word)));
}

const NUMBER_WORDS = wordSet(
  'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand half',
);
