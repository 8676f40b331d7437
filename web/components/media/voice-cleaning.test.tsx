// @vitest-environment happy-dom
import type { VideoStatus, VoiceCleaning } from '@contract/avatar-video';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createQueryClient } from '@web/lib/query-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AvatarVideoPlayer } from './avatar-video-player';
import { cleaningSummary } from './voice-cleaning';

const cleaned: VoiceCleaning = {
  aligned: true,
  originalDurationMs: 102_400,
  cleanedDurationMs: 96_300,
  removedWords: ['um', 'so', 'um', 'like', 'Her', 'uh'],
  pausesMs: 4_200,
};

describe('what a cleaned recording left out', () => {
  it('names the words, the pauses and both lengths', () => {
    expect(cleaningSummary(cleaned)).toBe('Removed 6 words and 4.2 s of pauses: 1:42 → 1:36.');
    expect(
      cleaningSummary({ ...cleaned, originalDurationMs: 6_364, cleanedDurationMs: 4_754 }),
    ).toBe('Removed 6 words and 4.2 s of pauses: 6.4 s → 4.8 s.');
    expect(cleaningSummary({ ...cleaned, removedWords: ['um'], pausesMs: 40 })).toBe(
      'Removed 1 word: 1:42 → 1:36.',
    );
    expect(cleaningSummary({ ...cleaned, removedWords: [], pausesMs: 12_600 })).toBe(
      'Removed 13 s of pauses: 1:42 → 1:36.',
    );
  });

  it('says when nothing was cut, and when the recording could not be matched', () => {
    const same = {
      originalDurationMs: 5_000,
      cleanedDurationMs: 5_000,
      removedWords: [],
      pausesMs: 0,
    };
    expect(cleaningSummary({ aligned: true, ...same })).toBe(
      'Nothing was cut from your recording: it has no fillers or long pauses.',
    );
    expect(cleaningSummary({ aligned: false, ...same })).toMatch(
      /^Your recording is used as it is: its words could not be matched/,
    );
  });
});

describe('the video player', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const status = (overrides: Partial<VideoStatus>): VideoStatus => ({
    renderId: 'AAAAAAAAAAAAAAAAAAAAAA',
    status: 'done',
    progress: 100,
    engine: 'builtin',
    voiceSource: 'recording',
    error: null,
    durationMs: 96_300,
    cleaning: cleaned,
    videoUrl: '/api/videos/AAAAAAAAAAAAAAAAAAAAAA',
    captionsUrl: '/api/videos/AAAAAAAAAAAAAAAAAAAAAA/captions.vtt',
    ...overrides,
  });
  const show = (answer: VideoStatus) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(answer)),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AvatarVideoPlayer renderId={answer.renderId} title="Preview" />
      </QueryClientProvider>,
    );
  };

  it('shows under a video from the recording what was cut, and that the recording is kept', async () => {
    show(status({}));
    await screen.findByText('Removed 6 words and 4.2 s of pauses: 1:42 → 1:36.');
    expect(screen.getByText('Cut: “um”, “so”, “um”, “like”, “Her”, “uh”.')).toBeTruthy();
    expect(screen.getByText('Your original recording is kept as it was.')).toBeTruthy();
  });

  it('says nothing of cutting for a synthesized voice', async () => {
    show(status({ voiceSource: 'synthesized', cleaning: null }));
    await screen.findByText(/with a synthesized voice/);
    expect(screen.queryByText(/Removed|original recording/)).toBeNull();
  });
});
