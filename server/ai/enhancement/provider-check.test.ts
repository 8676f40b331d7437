import { describe, expect, it } from 'vitest';
import { addedWords } from './provider-check';

describe('checking a provider rewrite against what was said', () => {
  const said =
    'um so Maya has, you know, improved her reading a lot and she reads every night with her dad';

  it.each([
    'Maya has improved her reading a lot, and she reads every night with her dad.',
    "Maya's reading has improved a lot; she reads with her dad every night.",
    'She has improved her reading a lot and is reading every night with her dad.',
    'Maya has improved her reading a lot. She reads with her dad every night.',
  ])('accepts a rewrite that only rearranges, inflects and adds function words: %j', (rewrite) => {
    expect(addedWords(said, rewrite)).toEqual([]);
  });

  it.each([
    ['a name', 'Maya and Oliver have improved their reading a lot.', ['Oliver']],
    ['a number', 'Maya has improved her reading by 20 points.', ['20', 'points']],
    [
      'a number in words',
      'Maya reads with her dad for ten minutes every night.',
      ['ten', 'minutes'],
    ],
    [
      'praise that was not said',
      'Maya has improved her reading a lot and is a brilliant pupil.',
      ['brilliant', 'pupil'],
    ],
    [
      'advice that was not said',
      'Maya reads every night; she should try harder books.',
      ['try', 'harder', 'books'],
    ],
    ['a capitalised place', 'Maya reads every night with her dad in London.', ['London']],
  ])('rejects a rewrite that adds %s', (_what, rewrite, added) => {
    expect(addedWords(said, rewrite)).toEqual(added);
  });

  it('treats curly and straight apostrophes alike', () => {
    expect(addedWords('she’s doing well', "She's doing well.")).toEqual([]);
  });
});
