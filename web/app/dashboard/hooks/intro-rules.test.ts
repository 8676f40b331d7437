import type { OnboardingState } from '@contract/settings';
import { DEFAULT_ONBOARDING } from '@contract/settings-defaults';
import { describe, expect, it } from 'vitest';
import {
  featureAt,
  isFirstTime,
  isNewAccount,
  mergeOnboarding,
  onboardingChanges,
  settleIntro,
  stepsFinished,
} from './intro-rules';

const state = (changes: Partial<OnboardingState> = {}): OnboardingState => ({
  ...DEFAULT_ONBOARDING,
  introStarted: true,
  ...changes,
});

describe('the dashboard intro', () => {
  it('greets a teacher whose intro started and is not seen as first-time', () => {
    expect(isFirstTime(state())).toBe(true);
    expect(isFirstTime(state({ hasSeenIntro: true }))).toBe(false);
    // A teacher whose intro never started (an older account) is a returning teacher.
    expect(isFirstTime(DEFAULT_ONBOARDING)).toBe(false);
  });

  it('starts the intro only for an account younger than ten minutes', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(isNewAccount('2026-11-23T11:50:01Z', now)).toBe(true);
    expect(isNewAccount('2026-11-23T11:50:00Z', now)).toBe(false);
    expect(isNewAccount('2026-11-20T09:00:00Z', now)).toBe(false);
    expect(isNewAccount('not a date', now)).toBe(false);
  });

  it('ends after three features are visited or three are dismissed, not a mix', () => {
    expect(
      stepsFinished(state({ visitedFeatures: ['document-feedback', 'lesson-planning'] })),
    ).toBe(false);
    expect(
      stepsFinished(
        state({ visitedFeatures: ['document-feedback', 'lesson-planning', 'parent-reports'] }),
      ),
    ).toBe(true);
    expect(
      stepsFinished(
        state({ dismissedFeatures: ['document-feedback', 'lesson-planning', 'parent-reports'] }),
      ),
    ).toBe(true);
    const mixed = state({
      visitedFeatures: ['document-feedback', 'lesson-planning'],
      dismissedFeatures: ['parent-reports'],
    });
    expect(stepsFinished(mixed)).toBe(false);
    expect(isFirstTime(settleIntro(mixed))).toBe(true);

    const done = settleIntro(
      state({ dismissedFeatures: ['parent-reports', 'lesson-planning', 'document-feedback'] }),
    );
    expect(done.hasSeenIntro).toBe(true);
    expect(isFirstTime(done)).toBe(false);
  });

  it('reconciles two copies by union, so neither loses progress', () => {
    const browser = state({
      visitedFeatures: ['lesson-planning'],
      dismissedTips: ['voice-cloning'],
    });
    const server = state({
      introStarted: true,
      visitedFeatures: ['parent-reports'],
      welcomeDismissed: true,
    });
    const merged = mergeOnboarding(browser, server);
    expect(merged).toEqual({
      introStarted: true,
      hasSeenIntro: false,
      welcomeDismissed: true,
      visitedFeatures: ['lesson-planning', 'parent-reports'],
      dismissedFeatures: [],
      dismissedTips: ['voice-cloning'],
    });
    // Only what the server lacks is sent.
    expect(onboardingChanges(server, merged)).toEqual({
      visitedFeatures: ['lesson-planning', 'parent-reports'],
      dismissedTips: ['voice-cloning'],
    });
    expect(onboardingChanges(merged, merged)).toEqual({});
    // A seen intro stays seen whichever side knew it.
    expect(mergeOnboarding(state(), state({ hasSeenIntro: true })).hasSeenIntro).toBe(true);
  });
});

describe('tools opened outside the intro', () => {
  it('count the page of each tool as that tool explored', () => {
    expect(featureAt('/teacher/documents')).toBe('document-feedback');
    expect(featureAt('/teacher/document/12')).toBe('document-feedback');
    expect(featureAt('/teacher/lesson-planner')).toBe('lesson-planning');
    expect(featureAt('/teacher/parent-reports')).toBe('parent-reports');
    expect(featureAt('/teacher')).toBeNull();
    expect(featureAt('/teacher/students')).toBeNull();
    expect(featureAt('/teacher/documents-old')).toBeNull();
  });

  it('end the intro once all three were opened', () => {
    const visited = state({
      visitedFeatures: ['document-feedback', 'lesson-planning', 'parent-reports'],
    });
    expect(isFirstTime(settleIntro(visited))).toBe(false);
  });
});
