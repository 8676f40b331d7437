// @vitest-environment happy-dom
import { SECONDARY_DAY } from '@contract/school-day';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createQueryClient } from '@web/lib/query-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchoolDayCard } from './school-day-card';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderCard() {
  const sent: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    const body = JSON.parse(String(init?.body ?? '{}'));
    sent.push(body);
    return new Response(JSON.stringify({ preferences: body }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SchoolDayCard schoolDay={SECONDARY_DAY} />
    </QueryClientProvider>,
  );
  return sent;
}

describe('School Day', () => {
  it('keeps a non-contact period when its period is renamed, and saves the day in order', async () => {
    const sent = renderCard();
    fireEvent.click(screen.getByLabelText('P2 on Wednesday is non-contact'));
    const names = screen.getAllByLabelText('Name') as HTMLInputElement[];
    const p2 = names.find((input) => input.value === 'P2')!;
    fireEvent.change(p2, { target: { value: 'Period 2' } });
    expect(
      (screen.getByLabelText('Period 2 on Wednesday is non-contact') as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save school day' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const { schoolDay } = sent[0] as { schoolDay: typeof SECONDARY_DAY };
    expect(schoolDay.nonContact).toEqual([{ day: 'Wednesday', period: 'Period 2' }]);
    expect(schoolDay.periods.map((p) => p.start)).toEqual(
      [...schoolDay.periods.map((p) => p.start)].sort(),
    );
  });

  it('says what is wrong and sends nothing: overlapping periods, home time too early', () => {
    const sent = renderCard();
    const starts = screen.getAllByLabelText('Starts') as HTMLInputElement[];
    // P2 (10:00) now starts inside P1 (9:00 - 10:00).
    fireEvent.change(starts[2]!, { target: { value: '09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save school day' }));
    expect(screen.getByText('P1 and P2 overlap')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Secondary day' }));
    expect(screen.queryByText('P1 and P2 overlap')).toBeNull();
    fireEvent.change(screen.getByLabelText('Home time'), { target: { value: '12:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save school day' }));
    expect(screen.getByText('Home time must be after P5 ends')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('drops a removed lesson period’s non-contact time', async () => {
    const sent = renderCard();
    fireEvent.click(screen.getByLabelText('P5 on Friday is non-contact'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove P5' }));
    expect(screen.queryByLabelText('P5 on Friday is non-contact')).toBeNull();
    fireEvent.change(screen.getByLabelText('Home time'), { target: { value: '14:05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save school day' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { schoolDay: typeof SECONDARY_DAY }).schoolDay.nonContact).toEqual([]);
  });
});
