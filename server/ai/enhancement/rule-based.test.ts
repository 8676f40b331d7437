import { describe, expect, it } from 'vitest';
import { words } from './quality.test-support';
import { enhanceTranscript } from './rule-based';

describe('rule-based transcript enhancement', () => {
  it.each([
    // A sentence-opening "so" after a hesitation is a filler too, so it goes.
    [
      'um so Maya has has worked really hard uh this term',
      'Maya has worked really hard this term.',
    ],
    ['her reading is, you know, much more fluent now', 'Her reading is much more fluent now.'],
    [
      'i think- i think she should practise her times tables',
      'I think she should practise her times tables.',
    ],
    ['erm well done. keep it up', 'Well done. Keep it up.'],
    ['The the conclusion needs more evidence', 'The conclusion needs more evidence.'],
    ['', ''],
    ['um uh', ''],
  ])('%j becomes %j', (raw, expected) => {
    expect(enhanceTranscript(raw)).toBe(expected);
  });

  it('never adds words that were not said', () => {
    const raw = 'your paragraph about the volcano was vivid and clear';
    const words = (s: string) => s.toLowerCase().match(/[a-z']+/g) ?? [];
    for (const word of words(enhanceTranscript(raw))) expect(words(raw)).toContain(word);
  });

  it('keeps "like" when it carries meaning', () => {
    expect(enhanceTranscript('I would like you to read chapter two')).toBe(
      'I would like you to read chapter two.',
    );
  });

  it.each([
    ['hesitations', 'um '.repeat(6_666)],
    ['cut-offs', 'a- '.repeat(6_666)],
    ['dashes', 'she — '.repeat(3_333)],
    ['repeats', 'the '.repeat(5_000)],
    ['fillers', 'so, like, you know, '.repeat(1_000)],
    ['commas', `${','.repeat(19_990)} well`],
    ['one word', 'x'.repeat(20_000)],
    ['mixed', 'Well, um, she- she was, like, kind of really, really good — you know. '.repeat(280)],
    ['restarts', 'Jayden is, I mean, she- '.repeat(833)],
    ['units', 'mm 45 mm in mm '.repeat(1_333)],
    ['repeats across fillers', 'more, um, '.repeat(2_000)],
  ])('finishes on 20,000 characters of hostile %s and adds no words', (_name, text) => {
    const output = enhanceTranscript(text.slice(0, 20_000));
    const said = new Set(words(text));
    for (const word of words(output)) expect(said.has(word)).toBe(true);
  });

  it('reads control characters and NUL as spaces', () => {
    expect(enhanceTranscript('she\u0000has worked\u0007 hard um')).toBe('She has worked hard.');
  });
});
