import { describe, expect, it } from 'vitest';
import { removedWordCount, wordDiff } from './word-diff';

describe('wordDiff', () => {
  it('marks the fillers the enhancer took out and keeps the rest in order', () => {
    const parts = wordDiff(
      'So, um, Amelia has, like, really improved in maths',
      'Amelia has really improved in maths.',
    );
    expect(parts).toEqual([
      { kind: 'removed', text: 'So, um,' },
      { kind: 'same', text: 'Amelia has' },
      { kind: 'removed', text: 'like,' },
      { kind: 'same', text: 'really improved in maths.' },
    ]);
    expect(removedWordCount(parts)).toBe(3);
  });

  it('shows words the enhancer added', () => {
    expect(wordDiff('she reads well', 'She reads very well')).toEqual([
      { kind: 'same', text: 'She reads' },
      { kind: 'added', text: 'very' },
      { kind: 'same', text: 'well' },
    ]);
  });

  it('handles empty sides', () => {
    expect(wordDiff('', 'Typed by the teacher')).toEqual([
      { kind: 'added', text: 'Typed by the teacher' },
    ]);
    expect(wordDiff('um uh', '')).toEqual([{ kind: 'removed', text: 'um uh' }]);
    expect(wordDiff('', '')).toEqual([]);
  });
});
