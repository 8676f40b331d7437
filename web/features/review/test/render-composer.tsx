import { DEFAULT_PREFERENCES } from '@contract/settings-defaults';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createQueryClient } from '@web/lib/query-client';
import { vi } from 'vitest';
import { FeedbackComposer } from '../components/feedback-composer';
import type { TextSelection } from '../hooks/text-offsets';

/*
 * The feedback composer on page 2 of document 7, against a fake API that keeps what was
 * posted: its tests (written and spoken feedback) share it.
 */

export const SELECTION: TextSelection = {
  pageNumber: 2,
  start: 14,
  end: 29,
  text: 'a dragon lived',
};
const FEEDBACK_URL = '/api/documents/7/feedback';

export const server = {
  posted: [] as unknown[],
  /** The message of a refusal for the next POST of feedback. */
  failNextPost: null as string | null,
  /** The teacher's setting for the browser's dictation. */
  liveTranscription: false,
};

export function startFakeServer() {
  server.posted = [];
  server.failNextPost = null;
  server.liveTranscription = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/settings')
        return Response.json({
          preferences: { ...DEFAULT_PREFERENCES, liveTranscription: server.liveTranscription },
        });
      if (url === '/api/comment-bank') return Response.json([]);
      if (url === FEEDBACK_URL && init?.method === 'POST') {
        if (server.failNextPost) {
          const message = server.failNextPost;
          server.failNextPost = null;
          return Response.json({ message, code: 'X' }, { status: 400 });
        }
        server.posted.push(JSON.parse(String(init.body)));
        return Response.json({ id: 99 }, { status: 201 });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
}

export function renderComposer(selection: TextSelection | null = SELECTION) {
  const onDone = vi.fn();
  const onRecordingStart = vi.fn();
  const client = createQueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <FeedbackComposer
        documentId={7}
        selection={selection}
        pageNumbers={[1, 2, 3]}
        onDone={onDone}
        onRecordingStart={onRecordingStart}
      />
    </QueryClientProvider>,
  );
  return { onDone, onRecordingStart, client, view };
}

export const tab = (name: string) => screen.getByRole('tab', { name });
export const openTab = (name: string) => fireEvent.mouseDown(tab(name), { button: 0 });
export const button = (name: string | RegExp) =>
  screen.getByRole('button', { name }) as HTMLButtonElement;
export const feedbackBox = () => screen.getByLabelText('Feedback text') as HTMLTextAreaElement;

export async function record() {
  await act(async () => {
    fireEvent.click(button('Start Recording'));
  });
  await screen.findByRole('button', { name: 'Stop Recording' });
  act(() => {
    fireEvent.click(button('Stop Recording'));
  });
  await screen.findByRole('button', { name: 'Play recording' });
}
