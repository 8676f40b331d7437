// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HINT_DELAY_MS, Hint } from './hint';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const HINT = 'Your classroom passphrase - students use this to access assignments';

function renderHint() {
  render(
    <Hint hint={HINT}>
      <span>apple-river-cloud-stone</span>
    </Hint>,
  );
  const text = screen.getByText('apple-river-cloud-stone').parentElement as HTMLElement;
  return { text, wrapper: text.parentElement as HTMLElement };
}

describe('Hint', () => {
  it('shows on keyboard focus at once, described by the hint, and hides on blur', () => {
    const { text } = renderHint();
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => text.focus());
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toBe(HINT);
    expect(text.getAttribute('aria-describedby')).toBe(tooltip.id);
    act(() => text.blur());
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(text.hasAttribute('aria-describedby')).toBe(false);
  });

  it('waits 700 ms under a mouse, stays while the pointer is on it, and hides on leaving', () => {
    vi.useFakeTimers();
    const { wrapper } = renderHint();
    fireEvent.pointerEnter(wrapper, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(HINT_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toBeTruthy();
    // The description is inside the wrapper: moving onto it is not leaving.
    expect(wrapper.contains(screen.getByRole('tooltip'))).toBe(true);
    fireEvent.pointerLeave(wrapper, { pointerType: 'mouse' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('a pointer that leaves before the delay shows nothing', () => {
    vi.useFakeTimers();
    const { wrapper } = renderHint();
    fireEvent.pointerEnter(wrapper, { pointerType: 'mouse' });
    fireEvent.pointerLeave(wrapper, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(HINT_DELAY_MS * 2));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('Escape dismisses it; a touch never opens it', () => {
    vi.useFakeTimers();
    const { text, wrapper } = renderHint();
    act(() => text.focus());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => text.blur());
    fireEvent.pointerEnter(wrapper, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(HINT_DELAY_MS * 2));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
