// @vitest-environment happy-dom
import type { OnboardingState, SettingsResponse } from '@contract/settings';
import { DEFAULT_ONBOARDING } from '@contract/settings-defaults';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useOnboarding } from './use-onboarding';

/*
 * The hook over stand-ins for its three queries, so a test decides when the server's copy
 * arrives and sees every render, not only the settled one.
 */
const settings = vi.hoisted(() => ({
  current: { data: undefined, isSuccess: false, isError: false } as {
    data?: Pick<SettingsResponse, 'onboarding'>;
    isSuccess: boolean;
    isError: boolean;
  },
}));
const sent = vi.hoisted(() => [] as Partial<OnboardingState>[]);
// Stable, as React Query's own mutate is: the hook's effect depends on it.
const mutate = vi.hoisted(() => (changes: Partial<OnboardingState>) => {
  sent.push(changes);
});
vi.mock('@web/lib/auth', () => ({
  useCurrentUser: () => ({
    data: { id: 7, createdAt: new Date(Date.now() - 30 * 86_400_000).toISOString() },
  }),
}));
vi.mock('@web/lib/settings-api', () => ({
  useSettings: () => settings.current,
  useUpdateOnboarding: () => ({ mutate }),
}));

afterEach(() => {
  cleanup();
  localStorage.clear();
  sent.length = 0;
  settings.current = { data: undefined, isSuccess: false, isError: false };
});

type Frame = { ready: boolean; firstTime: boolean; tipDismissed: boolean };

function Probe({ frames }: { frames: Frame[] }) {
  const onboarding = useOnboarding();
  frames.push({
    ready: onboarding.ready,
    firstTime: onboarding.firstTime,
    tipDismissed: onboarding.isTipDismissed('grading-shortcuts'),
  });
  return null;
}

function serverSays(onboarding: OnboardingState) {
  settings.current = { data: { onboarding }, isSuccess: true, isError: false };
}

describe('useOnboarding', () => {
  it('never shows, even for one render, a tip the teacher dismissed in another browser', () => {
    const frames: Frame[] = [];
    const view = render(<Probe frames={frames} />);
    expect(frames.at(-1)).toMatchObject({ ready: false });

    serverSays({ ...DEFAULT_ONBOARDING, hasSeenIntro: true, dismissedTips: ['grading-shortcuts'] });
    act(() => view.rerender(<Probe frames={frames} />));

    const shownReady = frames.filter((frame) => frame.ready);
    expect(shownReady.length).toBeGreaterThan(0);
    expect(shownReady.every((frame) => frame.tipDismissed && !frame.firstTime)).toBe(true);
    // The server already holds everything, so nothing is sent back.
    expect(sent).toEqual([]);
  });

  it('keeps this browser’s dismissal and tells the server, which had not heard of it', () => {
    localStorage.setItem('cv_has_seen_intro', 'true');
    localStorage.setItem('cv_dismissed_tips', JSON.stringify(['grading-shortcuts']));
    const frames: Frame[] = [];
    const view = render(<Probe frames={frames} />);
    expect(frames[0]).toMatchObject({ ready: true, tipDismissed: true });

    serverSays({ ...DEFAULT_ONBOARDING, hasSeenIntro: true });
    act(() => view.rerender(<Probe frames={frames} />));

    expect(frames.every((frame) => frame.tipDismissed)).toBe(true);
    expect(sent).toEqual([{ introStarted: true, dismissedTips: ['grading-shortcuts'] }]);
  });
});
