import { describe, expect, it } from 'vitest';
import { enhanceTranscript } from './rule-based';

describe('rule-based transcript enhancement', () => {
  it.each([
    [
      'um so Maya has has worked really hard uh this term',
      'So Maya has worked really hard this term.',
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
});
