// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from '@web/components/ui/use-toast';
import { processAudio } from '@web/lib/process-audio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeMicrophone, removeFakeMicrophone } from '../test/fake-microphone';
import {
  button,
  feedbackBox,
  openTab,
  renderComposer,
  server,
  startFakeServer,
  tab,
} from '../test/render-composer';

vi.mock('@web/lib/process-audio', () => ({ processAudio: vi.fn() }));
vi.mock('@web/components/ui/use-toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@web/components/ui/use-toast')>()),
  toast: vi.fn(),
}));

beforeEach(() => {
  startFakeServer();
  installFakeMicrophone();
  vi.mocked(processAudio).mockReset();
  vi.mocked(toast).mockClear();
});
afterEach(() => {
  cleanup();
  removeFakeMicrophone();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the feedback composer before a passage is chosen', () => {
  it('asks for a passage and lets nothing be saved or recorded', () => {
    renderComposer(null);
    expect(screen.getByText(/Select a passage in the document text/)).toBeTruthy();
    expect(button('Start Recording').disabled).toBe(true);
    openTab('Text Feedback');
    fireEvent.change(feedbackBox(), { target: { value: 'Well done' } });
    expect(button('Save Feedback').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});

describe('written feedback on a passage', () => {
  it('quotes the passage and saves the trimmed comment anchored to its offsets', async () => {
    const { onDone } = renderComposer();
    expect(screen.getByRole('heading', { name: 'Add Feedback for Selected Text' })).toBeTruthy();
    expect(screen.getByText(/a dragon lived/).textContent).toContain('“a dragon lived”');
    expect(screen.getByText('Page 2')).toBeTruthy();
    // Audio is the first tab.
    expect(tab('Audio Feedback').getAttribute('aria-selected')).toBe('true');
    openTab('Text Feedback');
    expect(tab('Text Feedback').getAttribute('aria-selected')).toBe('true');
    fireEvent.change(feedbackBox(), { target: { value: '   \n ' } });
    expect(button('Save Feedback').disabled).toBe(true);
    fireEvent.change(feedbackBox(), { target: { value: '  Strong verb: try "prowled".  ' } });
    fireEvent.click(button('Save Feedback'));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(server.posted).toEqual([
      {
        type: 'text',
        content: 'Strong verb: try "prowled".',
        pageNumber: 2,
        startOffset: 14,
        endOffset: 29,
        highlightedText: 'a dragon lived',
        commentBankIds: [],
      },
    ]);
    expect(feedbackBox().value).toBe('');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Feedback Saved' }));
  });

  it('keeps the draft when switching to audio and back', () => {
    renderComposer();
    openTab('Text Feedback');
    fireEvent.change(feedbackBox(), { target: { value: 'Check your paragraphs.' } });
    openTab('Audio Feedback');
    expect(tab('Audio Feedback').getAttribute('aria-selected')).toBe('true');
    openTab('Text Feedback');
    expect(feedbackBox().value).toBe('Check your paragraphs.');
  });

  it('keeps the draft and says why when the server refuses it', async () => {
    server.failNextPost = 'That passage is no longer on the page.';
    const { onDone } = renderComposer();
    openTab('Text Feedback');
    fireEvent.change(feedbackBox(), { target: { value: 'Nice simile.' } });
    fireEvent.click(button('Save Feedback'));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Feedback not saved',
          description: 'That passage is no longer on the page.',
          variant: 'destructive',
        }),
      ),
    );
    expect(onDone).not.toHaveBeenCalled();
    expect(feedbackBox().value).toBe('Nice simile.');
  });

  it('Cancel clears the draft and lets the passage go', () => {
    const { onDone } = renderComposer();
    openTab('Text Feedback');
    fireEvent.change(feedbackBox(), { target: { value: 'Half a thought' } });
    fireEvent.click(button('Cancel'));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(feedbackBox().value).toBe('');
    expect(server.posted).toEqual([]);
  });
});
