// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toast';
import { toast } from './use-toast';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const shown = () => screen.queryByText('Draft Saved');

function raise(variant?: 'destructive') {
  render(<Toaster />);
  act(() => {
    toast({ title: 'Draft Saved', description: 'Your feedback is kept.', variant });
  });
}

function settle(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('Toaster', () => {
  it('says a message politely, an error assertively, and closes after 5 s', () => {
    raise();
    expect(screen.getByRole('status').textContent).toContain('Draft Saved');
    expect(screen.getByRole('alert').textContent).toBe('');
    settle(4900);
    expect(shown()).not.toBeNull();
    settle(500);
    expect(shown()).toBeNull();
    cleanup();
    raise('destructive');
    expect(screen.getByRole('alert').textContent).toContain('Draft Saved');
  });

  it('waits while the pointer rests on it, then gives a fresh 5 s', () => {
    raise();
    const card = screen.getByText('Draft Saved').closest('.toast-root')!;
    fireEvent.pointerEnter(card);
    settle(20_000);
    expect(shown()).not.toBeNull();
    fireEvent.pointerLeave(card);
    settle(4900);
    expect(shown()).not.toBeNull();
    settle(500);
    expect(shown()).toBeNull();
  });

  it('closes with its button, with Escape, and with a swipe right past 50 px only', () => {
    raise();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    settle(400);
    expect(shown()).toBeNull();

    act(() => {
      toast({ title: 'Draft Saved' });
    });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close' }), { key: 'Escape' });
    settle(400);
    expect(shown()).toBeNull();

    act(() => {
      toast({ title: 'Draft Saved' });
    });
    const card = () => screen.getByText('Draft Saved').closest('.toast-root')!;
    fireEvent.pointerDown(card(), { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(card(), { clientX: 140, pointerId: 1 });
    fireEvent.pointerUp(card(), { clientX: 140, pointerId: 1 });
    settle(400);
    expect(shown()).not.toBeNull();
    fireEvent.pointerDown(card(), { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(card(), { clientX: 160, pointerId: 1 });
    fireEvent.pointerUp(card(), { clientX: 160, pointerId: 1 });
    settle(400);
    expect(shown()).toBeNull();
  });

  it('takes focus with F8', () => {
    raise();
    fireEvent.keyDown(window, { key: 'F8' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });
});
