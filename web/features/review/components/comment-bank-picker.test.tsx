// @vitest-environment happy-dom
import type { BankComment } from '@contract/marking';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createQueryClient } from '@web/lib/query-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommentBankPicker } from './comment-bank-picker';

const comment = (id: number, text: string, uses: number): BankComment => ({
  id,
  text,
  uses,
  lastUsedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
});
// The server's order: most used first.
const BANK = [
  comment(3, 'Check your full stops.', 9),
  comment(1, 'Use paragraphs to show a change of time or place.', 4),
  comment(2, 'A vivid opening: I can picture it.', 0),
];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/comment-bank' ? Response.json(BANK) : Response.json({}, { status: 404 }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPicker(onInsert = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CommentBankPicker onInsert={onInsert} />
    </QueryClientProvider>,
  );
  return onInsert;
}

describe('the comment bank in the composer', () => {
  it('lists the most used first and inserts the chosen one with the keyboard', async () => {
    const onInsert = renderPicker();
    const box = screen.getByRole('combobox', { name: 'Insert from comment bank' });
    fireEvent.focus(box);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Check your full stops.Used 9 times',
      'Use paragraphs to show a change of time or place.Used 4 times',
      'A vivid opening: I can picture it.Not used yet',
    ]);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onInsert).toHaveBeenCalledWith(BANK[1]);
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('narrows the list to comments holding every word typed, and says when none does', async () => {
    const onInsert = renderPicker();
    const box = screen.getByRole('combobox', { name: 'Insert from comment bank' });
    fireEvent.focus(box);
    await screen.findAllByRole('option');
    fireEvent.change(box, { target: { value: 'PICTURE vivid' } });
    expect(screen.getAllByRole('option').map((o) => o.id)).toHaveLength(1);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onInsert).toHaveBeenCalledWith(BANK[2]);

    fireEvent.change(box, { target: { value: 'semicolons' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe(
      'No comment in your bank holds “semicolons”.',
    );
    // Escape closes the list without inserting anything.
    fireEvent.change(box, { target: { value: '' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(onInsert).toHaveBeenCalledTimes(1);
  });
});
