// @vitest-environment happy-dom
import type { LessonSuggestion } from '@contract/lesson-plans';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SuggestionBanner } from '../components/suggestion-banner';
import { holdRequests, makePlan, renderWithPlan } from '../test/render';
import { useSuggestion } from './use-suggestion';

const SUGGESTION: LessonSuggestion = {
  message: '3 pupils had feedback on fractions.',
  action: 'Add 2 review lessons',
  engine: 'builtin',
  suggestedLessons: [
    {
      title: 'Fractions review',
      description: 'Equivalent fractions again',
      timeSlot: '9:00 - 9:45 AM',
      day: 'Tuesday',
      color: 'blue',
      reason: '3 pupils had feedback on fractions this week',
      suggestionKey: 'review:fractions:tuesday',
    },
    {
      title: 'Commas review',
      description: 'Commas in lists',
      timeSlot: '10:00 - 10:45 AM',
      day: 'Thursday',
      color: 'green',
      reason: '2 pupils had feedback on commas this week',
      suggestionKey: 'review:commas:thursday',
    },
  ],
};

function Harness() {
  const state = useSuggestion(1);
  return (
    <>
      <button type="button" onClick={state.request}>
        Ask
      </button>
      {state.suggestion ? (
        <SuggestionBanner
          suggestion={state.suggestion}
          applying={state.applying}
          readOnly={false}
          onApply={state.apply}
          onDismiss={state.dismiss}
        />
      ) : null}
    </>
  );
}

let restore: (() => void) | undefined;
afterEach(() => {
  cleanup();
  restore?.();
});

describe('suggestions', () => {
  it('shows why and who answered, then adds each lesson in turn with its key', async () => {
    const network = holdRequests();
    restore = network.restore;
    renderWithPlan(<Harness />, makePlan([]));
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(network.requests).toHaveLength(1));
    expect(network.requests[0]?.url).toBe('/api/lesson-plans/1/ai-suggestion');
    await act(async () => network.requests[0]?.respond(200, SUGGESTION));

    await screen.findByText('3 pupils had feedback on fractions.');
    expect(screen.getByText('Suggested by the built-in planner')).toBeTruthy();
    expect(screen.getByText('3 pupils had feedback on fractions this week')).toBeTruthy();
    expect(screen.getByText(/Thursday, 10:00 - 10:45 AM/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add 2 review lessons' }));
    // In turn: the second is sent only once the first is saved.
    await waitFor(() => expect(network.requests).toHaveLength(2));
    expect(network.requests[1]?.body).toMatchObject({
      title: 'Fractions review',
      suggestionKey: 'review:fractions:tuesday',
    });
    await act(async () => network.requests[1]?.respond(200, {}));
    await waitFor(() => expect(network.requests).toHaveLength(3));
    expect(network.requests[2]?.body).toMatchObject({ suggestionKey: 'review:commas:thursday' });
    await act(async () => network.requests[2]?.respond(200, {}));

    await screen.findByText('AI suggestion applied');
    expect(
      screen.getAllByText('Review activities have been added to your lesson plan'),
    ).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'No Thanks' })).toBeNull();
  });

  it('says so when the server cannot suggest', async () => {
    const network = holdRequests();
    restore = network.restore;
    renderWithPlan(<Harness />, makePlan([]));
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(network.requests).toHaveLength(1));
    await act(async () =>
      network.requests[0]?.respond(503, { message: 'Try again', code: 'UNAVAILABLE' }),
    );
    await screen.findByText('Failed to get lesson plan suggestion');
  });
});
