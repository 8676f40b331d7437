import {
  CLAUSE_BREAK_WORDS,
  CUE_PHRASES,
  type Cue,
  INSTRUCTION_VERBS,
  LEAD_IN_WORDS,
} from './feedback-cues';
import { PhraseSet, type Token, tokenise } from './phrase-match';

/*
 * What each clause of a comment does (praises, names a weakness, sets a next step), and
 * what the comment as a whole does. Feedback often praises and corrects at once ("Great
 * quotations, but you retell the plot"), so it is read clause by clause.
 */

export type FeedbackKind = 'weakness' | 'next-step' | 'praise';
export type ClauseKind = FeedbackKind | 'none';
export type Clause = { tokens: Token[]; kind: ClauseKind };

const cues = new PhraseSet<Cue>(
  (Object.entries(CUE_PHRASES) as [Cue, string[]][]).flatMap(([cue, phrases]) =>
    phrases.map((phrase): [string, Cue] => [phrase, cue]),
  ),
);
const instructionVerbs = new Set(INSTRUCTION_VERBS);
const leadInWords = new Set(LEAD_IN_WORDS);
const breakWords = new Set(CLAUSE_BREAK_WORDS);

/** Sentences end at . ! ? ; (not inside 0.5), at a spaced dash and at a line break. */
function sentencesOf(text: string): { text: string; question: boolean }[] {
  return text
    .replace(/\b(e\.g|i\.e|etc)\./gi, (abbreviation) => abbreviation.replace(/\./g, ''))
    .replace(/([.!?;]+)(?=\s|$)/g, '$1\u0000')
    .replace(/\s[–—-]+\s/g, '\u0000')
    .replace(/\n+/g, '\u0000')
    .split('\u0000')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => ({ text: part, question: part.endsWith('?') }));
}

/** A sentence's words, cut again before "but", "however"... (the cut word is dropped). */
function splitAtBreaks(tokens: Token[]): Token[][] {
  const parts: Token[][] = [[]];
  for (const token of tokens) {
    if (breakWords.has(token.word)) parts.push([]);
    else parts.at(-1)!.push(parts.at(-1)!.length === 0 ? { ...token, leading: true } : token);
  }
  return parts.filter((part) => part.length > 0);
}

/** Positions where an instruction may start: a leading word, or one after "please", "now"... */
function instructionPositions(tokens: Token[]): number[] {
  const positions: number[] = [];
  let open = false;
  for (const [index, token] of tokens.entries()) {
    open = token.leading || open;
    if (!open) continue;
    if (instructionVerbs.has(token.word)) positions.push(index);
    open = leadInWords.has(token.word);
  }
  return positions;
}

const PROHIBITIONS = new Set(["don't", 'do']);

function kindOf(tokens: Token[], question: boolean): ClauseKind {
  const found = cues.longest(tokens);
  const covered = (index: number) =>
    found.some((match) => match.start <= index && index < match.end && match.value !== 'next-step');
  const instructions = instructionPositions(tokens);
  // "Don't forget…", "Do not…" where the clause starts: an instruction, not a weakness.
  const start = tokens.findIndex((token) => !leadInWords.has(token.word));
  const prohibition = instructions.includes(start) && PROHIBITIONS.has(tokens[start]!.word);
  const weaknesses = found.filter(
    (match) =>
      match.value === 'weakness' &&
      !(prohibition && match.start <= start + 1 && match.end <= start + 2),
  );
  if (weaknesses.length > 0) return 'weakness';
  if (instructions.some((index) => !covered(index) || (prohibition && index === start)))
    return 'next-step';
  if (found.some((match) => match.value === 'next-step') || question) return 'next-step';
  if (found.some((match) => match.value === 'praise')) return 'praise';
  return 'none';
}

/** The comment's clauses, pupils' names left out of their words. */
export function clausesOf(text: string, excludedWords: ReadonlySet<string>): Clause[] {
  return sentencesOf(text).flatMap((sentence) =>
    splitAtBreaks(tokenise(sentence.text)).map((part, index, parts) => {
      const tokens = withoutWords(part, excludedWords);
      const question = sentence.question && index === parts.length - 1;
      return { tokens, kind: kindOf(tokens, question) };
    }),
  );
}

export function withoutWords(tokens: Token[], excluded: ReadonlySet<string>): Token[] {
  if (excluded.size === 0) return tokens;
  const kept: Token[] = [];
  let leading = false;
  for (const token of tokens) {
    if (excluded.has(token.word) || excluded.has(token.word.replace(/'s$/, ''))) {
      leading ||= token.leading;
      continue;
    }
    kept.push(leading ? { ...token, leading: true } : token);
    leading = false;
  }
  return kept;
}

const ABOUT_THE_PUPIL = new Set(['you', 'your', "you've", "you're", "you'd", 'yours']);
/** Fewer words than this, after another clause, only adds to it ("Don't forget the units – cm"). */
const FRAGMENT_WORDS = 3;

/**
 * What each clause does once the plain statements are read: right after praise, one goes
 * on praising ("Good – you explained that solids keep their shape"); one about the
 * pupil's work ("you subtracted") is a weakness; a short fragment, or a statement right
 * after an instruction, goes on with it ("Check your compass points – north-east is
 * between north and east"); any other statement is a correction ("Spelling of ‘because’").
 */
export function resolvedKinds(clauses: Clause[]): FeedbackKind[] {
  const kinds: FeedbackKind[] = [];
  for (const [index, clause] of clauses.entries()) {
    const previous = kinds[index - 1];
    if (clause.kind !== 'none') kinds.push(clause.kind);
    else if (previous === 'praise') kinds.push('praise');
    else if (ABOUT_THE_PUPIL.has(clause.tokens[0]?.word ?? '')) kinds.push('weakness');
    else if (previous && (previous !== 'weakness' || clause.tokens.length < FRAGMENT_WORDS))
      kinds.push(previous);
    else kinds.push('weakness');
  }
  return kinds;
}

/** The clauses that criticise: a weakness or a next step. */
export function criticalClauses(clauses: Clause[]): Clause[] {
  const kinds = resolvedKinds(clauses);
  return clauses.filter((_, index) => kinds[index] !== 'praise');
}

/** A weakness anywhere makes the comment a weakness; then a next step; then praise. */
export function kindOfComment(clauses: Clause[]): FeedbackKind {
  const kinds = resolvedKinds(clauses);
  if (kinds.includes('weakness')) return 'weakness';
  if (kinds.includes('next-step')) return 'next-step';
  return kinds.includes('praise') ? 'praise' : 'weakness';
}
