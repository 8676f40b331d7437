// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLessonPlan } from '../api/lesson-plans';
import { holdRequests, makeLesson, makePlan, renderWithPlan } from '../test/render';
import { WeekTimeline } from './week-timeline';

/** The timeline as the page shows it: fed from the query cache, so optimistic edits show. */
function CachedTimeline({ readOnly = false }: { readOnly?: boolean }) {
  const plan = useLessonPlan(1);
  return plan.data ? <WeekTimeline plan={plan.data} readOnly={readOnly} /> : null;
}

const dayColumn = (day: string) => screen.getByRole('region', { name: new RegExp(`^${day}`) });

let restore: (() => void) | undefined;
afterEach(() => {
  cleanup();
  restore?.();
});

describe('moving a lesson', () => {
  const plan = makePlan([
    makeLesson({ id: 7, title: 'Fractions', day: 'Monday' }),
    makeLesson({ id: 8, title: 'Volcanoes', day: 'Tuesday', timeSlot: '10:00 - 10:45 AM' }),
  ]);

  it('shows the lesson on its new day at once, and keeps it there when the server agrees', async () => {
    const network = holdRequests();
    restore = network.restore;
    renderWithPlan(<CachedTimeline />, plan);
    expect(within(dayColumn('Monday')).getByRole('article', { name: 'Fractions' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Move Fractions to'), { target: { value: 'Friday' } });

    // Optimistic: on Friday before the server has answered.
    await waitFor(() =>
      expect(
        within(dayColumn('Friday')).queryByRole('article', { name: 'Fractions' }),
      ).toBeTruthy(),
    );
    expect(within(dayColumn('Monday')).queryByRole('article', { name: 'Fractions' })).toBeNull();
    await waitFor(() => expect(network.requests).toHaveLength(1));
    const [put] = network.requests;
    expect(put?.method).toBe('PUT');
    expect(put?.url).toBe('/api/lessons/7');
    expect(put?.body).toEqual({ day: 'Friday' });

    await act(async () => put?.respond(200, { ...plan.lessons[0], day: 'Friday' }));
    await screen.findByText('Lesson Moved');
    expect(screen.getAllByText('Fractions moved to Friday')).not.toHaveLength(0);
    expect(within(dayColumn('Friday')).getByRole('article', { name: 'Fractions' })).toBeTruthy();
  });

  it('puts the lesson back and says why when the server refuses', async () => {
    const network = holdRequests();
    restore = network.restore;
    renderWithPlan(<CachedTimeline />, plan);

    fireEvent.change(screen.getByLabelText('Move Volcanoes to'), { target: { value: 'Thursday' } });
    await waitFor(() =>
      expect(
        within(dayColumn('Thursday')).queryByRole('article', { name: 'Volcanoes' }),
      ).toBeTruthy(),
    );
    await waitFor(() => expect(network.requests).toHaveLength(1));
    await act(async () =>
      network.requests[0]?.respond(404, { message: 'Lesson not found', code: 'NOT_FOUND' }),
    );

    await screen.findByText('Could not move the lesson');
    // The toast, and its copy in the toaster's live region.
    expect(
      screen.getAllByText(/Lesson not found\. Volcanoes is back on Tuesday\./),
    ).not.toHaveLength(0);
    expect(within(dayColumn('Tuesday')).getByRole('article', { name: 'Volcanoes' })).toBeTruthy();
    expect(within(dayColumn('Thursday')).queryByRole('article', { name: 'Volcanoes' })).toBeNull();
  });
});

describe('the week', () => {
  it('orders each day by start time, unreadable slots last', () => {
    renderWithPlan(
      <CachedTimeline />,
      makePlan([
        makeLesson({ id: 1, title: 'Assembly', timeSlot: 'after lunch' }),
        makeLesson({ id: 2, title: 'Spelling', timeSlot: '1:15 - 2:00 PM' }),
        makeLesson({ id: 3, title: 'Register', timeSlot: '8:45 - 9:00 AM' }),
      ]),
    );
    const titles = within(dayColumn('Monday'))
      .getAllByRole('article')
      .map((card) => card.getAttribute('aria-label'));
    expect(titles).toEqual(['Register', 'Spelling', 'Assembly']);
  });

  it('marks both lessons of a clash, in words as well as with a badge', () => {
    renderWithPlan(
      <CachedTimeline />,
      makePlan([
        makeLesson({ id: 1, title: 'Phonics', timeSlot: '9:00 - 9:45 AM' }),
        makeLesson({ id: 2, title: 'PE', timeSlot: '9:30 - 10:15 AM' }),
        makeLesson({ id: 3, title: 'Art', timeSlot: '11:00 - 11:45 AM' }),
        // Same time on another day is no clash.
        makeLesson({ id: 4, title: 'Music', timeSlot: '9:00 - 9:45 AM', day: 'Tuesday' }),
      ]),
    );
    const card = (title: string) => screen.getByRole('article', { name: title });
    expect(within(card('Phonics')).getByText('Clash')).toBeTruthy();
    expect(within(card('Phonics')).getByText(': overlaps with PE')).toBeTruthy();
    expect(within(card('PE')).getByText(': overlaps with Phonics')).toBeTruthy();
    expect(within(card('Art')).queryByText('Clash')).toBeNull();
    expect(within(card('Music')).queryByText('Clash')).toBeNull();
  });

  it('is read-only in View mode: no drag handle, no move, no edit buttons', () => {
    renderWithPlan(
      <CachedTimeline readOnly />,
      makePlan([makeLesson({ id: 1, title: 'Fractions' })]),
    );
    const card = screen.getByRole('article', { name: 'Fractions' });
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).queryByRole('combobox')).toBeNull();
    expect(screen.getByText('Fractions with the whole class')).toBeTruthy();
  });
});
