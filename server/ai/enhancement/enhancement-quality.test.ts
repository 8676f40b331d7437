import { describe, expect, it } from 'vitest';
import { type EnhancementCase, measureEnhancement, words } from './quality.test-support';
import { REPORT_SENTENCES } from './report-sentences.test-support';
import { HELD_OUT_REPORT_SENTENCES } from './report-sentences-held-out.test-support';
import { enhanceTranscript } from './rule-based';
import { SPOKEN_SENTENCES } from './spoken-sentences.test-support';

/*
 * The built-in enhancer measured as a teacher meets it: on whole dictated sentences, by the
 * fillers gone, the meaning words kept and the clean sentences left alone.
 */
const TUNED = [...SPOKEN_SENTENCES, ...REPORT_SENTENCES];
const ALL = [...TUNED, ...HELD_OUT_REPORT_SENTENCES];

describe('the rule-based enhancer on dictated report sentences', () => {
  it('is measured on at least 300 sentences, a third of them clean, with a held-out part', () => {
    expect(ALL.length).toBeGreaterThanOrEqual(300);
    expect(ALL.filter((c) => c.fillers.length === 0).length).toBeGreaterThanOrEqual(ALL.length / 3);
    expect(HELD_OUT_REPORT_SENTENCES.length).toBeGreaterThanOrEqual(50);
  });

  it.each([
    ['all the sentences', ALL],
    ['the held-out sentences', HELD_OUT_REPORT_SENTENCES],
  ])(
    'on %s removes at least 98 % of fillers, keeps every meaning word and changes no clean sentence',
    (_name, cases) => {
      const quality = measureEnhancement(cases, enhanceTranscript);
      expect(quality.fillerTokens).toBeGreaterThanOrEqual(50);
      expect(quality.fillerRemovalRate).toBeGreaterThanOrEqual(0.98);
      expect(quality.meaningLost).toBe(0);
      expect(quality.meaningKeptRate).toBe(1);
      expect(quality.keepLost).toBe(0);
      expect(quality.cleanChanged).toBe(0);
      expect(quality.wordsAdded).toBe(0);
    },
  );

  it('gives back the exact expected text, casing and punctuation too, for every tuned sentence', () => {
    expect(measureEnhancement(TUNED, enhanceTranscript).mismatches).toEqual([]);
  });

  it.each([
    ['tuned', TUNED],
    ['held-out', HELD_OUT_REPORT_SENTENCES],
  ])('has consistent %s cases: expected = input minus the annotated fillers', (_name, cases) => {
    const sorted = (list: string[]) => [...list].sort();
    for (const { input, expected, fillers, keep } of cases as EnhancementCase[]) {
      const remaining = words(input);
      for (const filler of fillers) {
        const at = remaining.indexOf(filler);
        expect(at, `${filler} in ${input}`).toBeGreaterThanOrEqual(0);
        remaining.splice(at, 1);
      }
      expect(sorted(words(expected)), input).toEqual(sorted(remaining));
      for (const word of keep) expect(words(expected), input).toContain(word);
    }
  });

  it('measures itself honestly: keeping everything removes no filler, wiping everything loses all meaning', () => {
    const keepAll = measureEnhancement(ALL, (text) => text);
    expect(keepAll.fillersRemoved).toBe(0);
    expect(keepAll.meaningLost).toBe(0);
    expect(keepAll.cleanChanged).toBeGreaterThan(0);
    const wipe = measureEnhancement(ALL, () => '');
    expect(wipe.fillerRemovalRate).toBe(1);
    expect(wipe.meaningKeptRate).toBe(0);
    expect(wipe.cleanChanged).toBe(wipe.cleanCases);
  });
});
