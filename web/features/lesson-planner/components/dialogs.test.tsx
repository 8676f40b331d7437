// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SuggestionState } from '../hooks/use-suggestion';
import { holdRequests, makeLesson, makePlan, renderWithPlan } from '../test/render';
import { LessonDialog } from './lesson-dialog';
import { PlanDialog } from './plan-dialog';
import { PlanView } from './plan-view';

let restore: (() => void) | undefined;
afterEach(() => {
  cleanup();
  restore?.();
});

const plan = makePlan([makeLesson({ id: 1, title: 'Fractions' })]);

describe('Add New Lesson', () => {
  it('starts from the spec defaults and shows the spec messages for what is missing', async () => {
    const network = holdRequests();
    restore = network.restore;
    renderWithPlan(<LessonDialog planId={1} open onOpenChange={() => {}} />, plan);
    const dialog = screen.getByRole('dialog', { name: 'Add New Lesson' });
    expect((within(dialog).getByLabelText('Time Slot') as HTMLInputElement).value).toBe(
      '9:00 - 9:45 AM',
    );
    expect((within(dialog).getByLabelText('Colour') as HTMLSelectElement).value).toBe('blue');

    fireEvent.change(within(dialog).getByLabelText('Time Slot'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Lesson' }));

    await within(dialog).findByText('Title is required');
    expect(within(dialog).getByText('Description is required')).toBeTruthy();
    expect(within(dialog).getByText('Time slot is required')).toBeTruthy();
    // The message is tied to its field for screen readers.
    const title = within(dialog).getByLabelText('Lesson Title');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Title is required',
    );
    expect(network.requests).toHaveLength(0);
  });

  it('sends the lesson to the plan and says so', async () => {
    const network = holdRequests();
    restore = network.restore;
    renderWithPlan(<LessonDialog planId={1} open onOpenChange={() => {}} />, plan);
    const dialog = screen.getByRole('dialog', { name: 'Add New Lesson' });
    fireEvent.input(within(dialog).getByLabelText('Lesson Title'), {
      target: { value: 'Rivers' },
    });
    fireEvent.input(within(dialog).getByLabelText('Description'), {
      target: { value: 'Source to sea' },
    });
    fireEvent.change(within(dialog).getByLabelText('Day'), { target: { value: 'Wednesday' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Lesson' }));
    await waitFor(() => expect(network.requests).toHaveLength(1));
    expect(network.requests[0]?.url).toBe('/api/lesson-plans/1/lessons');
    expect(network.requests[0]?.body).toEqual({
      title: 'Rivers',
      description: 'Source to sea',
      timeSlot: '9:00 - 9:45 AM',
      day: 'Wednesday',
      color: 'blue',
      className: null,
      recurring: false,
    });
  });
});

describe('Create New Lesson Plan', () => {
  it('shows the spec messages for a missing title and date range', async () => {
    restore = holdRequests().restore;
    renderWithPlan(<PlanDialog open onOpenChange={() => {}} />, plan);
    const dialog = screen.getByRole('dialog', { name: 'Create New Lesson Plan' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Plan' }));
    await within(dialog).findByText('Title is required');
    expect(within(dialog).getByText('Date range is required')).toBeTruthy();
  });
});

describe('Edit Lesson', () => {
  it('starts from the lesson and offers Cancel and Save Changes', () => {
    restore = holdRequests().restore;
    const lesson = makeLesson({ id: 1, title: 'Fractions', day: 'Thursday', color: 'green' });
    renderWithPlan(<LessonDialog planId={1} lesson={lesson} open onOpenChange={() => {}} />, plan);
    const dialog = screen.getByRole('dialog', { name: 'Edit Lesson' });
    expect((within(dialog).getByLabelText('Lesson Title') as HTMLInputElement).value).toBe(
      'Fractions',
    );
    expect((within(dialog).getByLabelText('Day') as HTMLSelectElement).value).toBe('Thursday');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });
});

describe('View mode', () => {
  it('disables Add Lesson and removes every way to change a card', async () => {
    restore = holdRequests().restore;
    const suggestion: SuggestionState = {
      suggestion: null,
      request: () => {},
      requestIdeas: () => {},
      requesting: false,
      apply: () => {},
      applying: false,
      dismiss: () => {},
      markWrong: () => {},
      responding: false,
    };
    renderWithPlan(
      <PlanView plans={[plan]} plan={plan} onSelectPlan={() => {}} suggestion={suggestion} />,
      plan,
    );
    const card = screen.getByRole('article', { name: 'Fractions' });
    expect(within(card).getByRole('button', { name: 'Drag lesson Fractions' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Lesson' })).toHaveProperty('disabled', false);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'View' })));

    expect(screen.getByRole('button', { name: 'View' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Add Lesson' })).toHaveProperty('disabled', true);
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).queryByRole('combobox')).toBeNull();
  });
});
