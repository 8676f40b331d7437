// @vitest-environment happy-dom
import type { LessonSuggestion } from '@contract/lesson-plans';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SuggestionBanner } from '../components/suggestion-banner';
import { holdRequests, makePlan, renderWithPlan } from '../test/render';
import { useSuggestion } from './use-suggestion';

const SUGGESTION: LessonSuggestion = {
  message: '3 pupils had a correction or next step on fractions.',
  action: 'Apply 2 suggestions',
  engine: 'builtin',
  generalIdeasAvailable: false,
  suggestedLessons: [
    {
      title: 'Fractions review',
      description: 'Equivalent fractions again',
      timeSlot: '9:00 - 9:45 AM',
      day: 'Tuesday',
      color: 'blue',
      reason: '3 pupils had a correction or next step on fractions this week',
      suggestionKey: 'review:fractions:tuesday',
      className: null,
      topicId: 'fractions',
      feedbackIds: [31, 30, 29],
      evidence: [29, 30, 31].map((id) => ({
        feedbackId: id,
        documentId: id + 100,
        documentTitle: 'Fractions homework',
        pupil: `Pupil ${id}`,
        comment: 'Check the denominator.',
      })),
      change: null,
    },
    {
      title: 'English',
      description: 'Poems.\n\nFrom marking – commas: start with the mistakes pupils made.',
      timeSlot: '10:00 - 10:45 AM',
      day: 'Thursday',
      color: 'green',
      reason: '2 pupils had a correction or next step on commas this week',
      suggestionKey: 'change:commas:thursday',
      className: null,
      topicId: 'commas',
      feedbackIds: [28, 27],
      evidence: [],
      change: {
        lessonId: 7,
        addition: 'From marking – commas: start with the mistakes pupils made.',
        summary:
          'Add a re-teach of commas to Thursday Lesson 2 (“English”), which already covers it',
      },
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
          onWrong={state.markWrong}
          onAskIdeas={state.requestIdeas}
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

    await screen.findByText('3 pupils had a correction or next step on fractions.');
    expect(screen.getByText('Suggested by the built-in planner')).toBeTruthy();
    expect(
      screen.getByText('3 pupils had a correction or next step on fractions this week'),
    ).toBeTruthy();
    expect(screen.getByText(/Tuesday, 9:00 - 9:45 AM/)).toBeTruthy();
    expect(
      screen.getByText(
        'Add a re-teach of commas to Thursday Lesson 2 (“English”), which already covers it',
      ),
    ).toBeTruthy();
    // The reason opens the feedback it counts, each item linking to its document.
    fireEvent.click(screen.getByText('See the 3 feedback items behind this'));
    const link = screen.getByRole('link', { name: 'Pupil 29: Fractions homework' });
    expect(link.getAttribute('href')).toBe('/teacher/document/129');

    fireEvent.click(screen.getByRole('button', { name: 'Apply 2 suggestions' }));
    // In turn: the second is sent only once the first is saved.
    await waitFor(() => expect(network.requests).toHaveLength(2));
    expect(network.requests[1]?.body).toMatchObject({
      title: 'Fractions review',
      className: null,
      suggestionKey: 'review:fractions:tuesday',
    });
    await act(async () => network.requests[1]?.respond(200, {}));
    await waitFor(() => expect(network.requests).toHaveLength(3));
    // A change to a planned lesson appends its addition to that lesson.
    expect(network.requests[2]).toMatchObject({
      method: 'POST',
      url: '/api/lessons/7/additions',
      body: {
        addition: 'From marking – commas: start with the mistakes pupils made.',
        suggestionKey: 'change:commas:thursday',
      },
    });
    await act(async () => network.requests[2]?.respond(200, {}));

    await screen.findByText('AI suggestion applied');
    expect(
      screen.getAllByText('Review activities have been added to your lesson plan'),
    ).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'No Thanks' })).toBeNull();
  });

  it('remembers “Wrong suggestion” for one and “No Thanks” for the rest, with their evidence', async () => {
    const network = holdRequests();
    restore = network.restore;
    renderWithPlan(<Harness />, makePlan([]));
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(network.requests).toHaveLength(1));
    await act(async () => network.requests[0]?.respond(200, SUGGESTION));

    fireEvent.click(
      await screen.findByRole('button', { name: /^Wrong suggestion.*Fractions review/ }),
    );
    await waitFor(() => expect(network.requests).toHaveLength(2));
    expect(network.requests[1]).toMatchObject({
      url: '/api/lesson-plans/1/suggestion-responses',
      body: {
        response: 'wrong',
        suggestions: [
          {
            suggestionKey: 'review:fractions:tuesday',
            topicId: 'fractions',
            className: null,
            feedbackIds: [31, 30, 29],
          },
        ],
      },
    });
    await act(async () => network.requests[1]?.respond(200, { message: 'Suggestion noted' }));
    await waitFor(() => expect(screen.queryByText(/Fractions review/)).toBeNull());
    expect(screen.getByRole('button', { name: 'Apply 1 suggestion' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'No Thanks' }));
    await waitFor(() => expect(network.requests).toHaveLength(3));
    expect(network.requests[2]?.body).toMatchObject({
      response: 'not-now',
      suggestions: [{ suggestionKey: 'change:commas:thursday', feedbackIds: [28, 27] }],
    });
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
