import type { MouthShape } from './face-shapes';

/**
 * Mouth shapes seen from the front, each standing for the sounds that look alike: lips
 * shut (m, b, p), lower lip to upper teeth (f, v), tongue tip on the teeth (th), tongue
 * behind the teeth (t, d, n, l), teeth together (s, z), lips pushed out (sh, ch), the back
 * of the tongue (k, g, ng, h), rounded (r), tight round (w, oo), round open (o), open (a),
 * mid spread (e), spread (ee), relaxed (the schwa), and rest.
 */
export type Viseme =
  | 'rest'
  | 'mbp'
  | 'fv'
  | 'th'
  | 'tdnl'
  | 'sz'
  | 'shch'
  | 'kg'
  | 'r'
  | 'wu'
  | 'o'
  | 'aa'
  | 'e'
  | 'ee'
  | 'schwa';

const shape = (s: Partial<MouthShape>): MouthShape => ({
  jaw: 0,
  lift: 0,
  spread: 0,
  press: 0,
  tuck: 0,
  lowerTeeth: 0,
  ...s,
});

export const VISEME_SHAPES: Record<Viseme, MouthShape> = {
  rest: shape({}),
  mbp: shape({ press: 1 }),
  fv: shape({ jaw: 0.1, lift: 0.45, tuck: 1, spread: 0.1 }),
  th: shape({ jaw: 0.2, lift: 0.25 }),
  tdnl: shape({ jaw: 0.24, lift: 0.2, spread: 0.1 }),
  sz: shape({ jaw: 0.1, lift: 0.4, spread: 0.45, lowerTeeth: 0.7 }),
  shch: shape({ jaw: 0.16, lift: 0.4, spread: -0.5, lowerTeeth: 0.4 }),
  kg: shape({ jaw: 0.32, lift: 0.1 }),
  r: shape({ jaw: 0.2, lift: 0.1, spread: -0.45 }),
  wu: shape({ jaw: 0.14, lift: 0.05, spread: -1 }),
  o: shape({ jaw: 0.5, lift: 0.1, spread: -0.7 }),
  aa: shape({ jaw: 0.82, lift: 0.3 }),
  e: shape({ jaw: 0.45, lift: 0.25, spread: 0.45, lowerTeeth: 0.3 }),
  ee: shape({ jaw: 0.22, lift: 0.35, spread: 0.75, lowerTeeth: 0.5 }),
  schwa: shape({ jaw: 0.36, lift: 0.12 }),
};

/*
 * IPA symbols (as eSpeak NG reports them, and as any aligner writing IPA would) to the
 * shape they look like. Two-letter affricates are matched before single letters.
 */
const CONSONANTS: Array<[string, Viseme]> = [
  ['tʃ', 'shch'],
  ['dʒ', 'shch'],
  ['p', 'mbp'],
  ['b', 'mbp'],
  ['m', 'mbp'],
  ['f', 'fv'],
  ['v', 'fv'],
  ['θ', 'th'],
  ['ð', 'th'],
  ['t', 'tdnl'],
  ['d', 'tdnl'],
  ['n', 'tdnl'],
  ['l', 'tdnl'],
  ['ɾ', 'tdnl'],
  ['ɫ', 'tdnl'],
  ['s', 'sz'],
  ['z', 'sz'],
  ['ʃ', 'shch'],
  ['ʒ', 'shch'],
  ['k', 'kg'],
  ['g', 'kg'],
  ['ɡ', 'kg'],
  ['ŋ', 'kg'],
  ['h', 'kg'],
  ['x', 'kg'],
  ['ʔ', 'kg'],
  ['ɹ', 'r'],
  ['r', 'r'],
  ['w', 'wu'],
  ['j', 'ee'],
];
const VOWELS: Record<string, Viseme> = {
  i: 'ee',
  ɪ: 'ee',
  y: 'wu',
  e: 'e',
  ɛ: 'e',
  æ: 'aa',
  a: 'aa',
  ɑ: 'aa',
  ɐ: 'aa',
  ʌ: 'aa',
  ɒ: 'o',
  ɔ: 'o',
  o: 'o',
  u: 'wu',
  ʊ: 'wu',
  ə: 'schwa',
  ɜ: 'schwa',
  ɚ: 'schwa',
  ɝ: 'schwa',
  ᵻ: 'ee',
};

/** Stress and length marks, syllable marks and combining diacritics say nothing about lips. */
const strip = (ipa: string) => ipa.normalize('NFD').replace(/[ˈˌːˑ.#]|\p{M}/gu, '');

/**
 * The shapes one phoneme shows, in order with their share of its time: a diphthong
 * (aɪ, oʊ, eə) glides from its first vowel to its second. An empty phoneme is a pause.
 */
export function visemesOf(phoneme: string): Array<{ viseme: Viseme; share: number }> {
  const sound = strip(phoneme);
  if (!sound) return [{ viseme: 'rest', share: 1 }];
  for (const [symbol, viseme] of CONSONANTS) {
    if (sound.startsWith(symbol)) return [{ viseme, share: 1 }];
  }
  const vowels = [...sound].map((c) => VOWELS[c]).filter((v): v is Viseme => v !== undefined);
  if (vowels.length === 0) return [{ viseme: 'schwa', share: 1 }];
  if (vowels.length === 1 || vowels[0] === vowels[1])
    return [{ viseme: vowels[0] as Viseme, share: 1 }];
  return [
    { viseme: vowels[0] as Viseme, share: 0.6 },
    { viseme: vowels[1] as Viseme, share: 0.4 },
  ];
}
