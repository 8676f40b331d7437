// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TranscriptDiff } from './transcript-diff';

afterEach(cleanup);

describe('TranscriptDiff', () => {
  it('strikes through removed words and names them for screen readers', () => {
    const { container } = render(
      <TranscriptDiff before="Um, Maya has, like, improved" after="Maya has improved" />,
    );
    const removed = [...container.querySelectorAll('del')].map((node) => node.textContent);
    expect(removed).toEqual(['[removed: Um,]', '[removed: like,]']);
    expect(screen.getByText('2 words removed (struck through).')).toBeTruthy();
    expect(container.querySelector('ins')).toBeNull();
  });

  it('shows nothing when there was no original text', () => {
    const { container } = render(<TranscriptDiff before="" after="Typed by the teacher" />);
    expect(container.textContent).toBe('');
  });
});
