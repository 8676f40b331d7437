// @vitest-environment happy-dom
import { DEFAULT_ONBOARDING } from '@contract/settings-defaults';
import { afterEach, describe, expect, it } from 'vitest';
import {
  claimOnboardingCache,
  hasOnboardingCache,
  readOnboardingCache,
  writeOnboardingCache,
} from './onboarding-cache';

afterEach(() => localStorage.clear());

describe('the onboarding cache in browser storage', () => {
  it('keeps the spec’s keys and reads back what it wrote', () => {
    expect(hasOnboardingCache()).toBe(false);
    expect(readOnboardingCache()).toEqual(DEFAULT_ONBOARDING);
    const state = {
      ...DEFAULT_ONBOARDING,
      introStarted: true,
      welcomeDismissed: true,
      visitedFeatures: ['lesson-planning' as const],
      dismissedFeatures: ['parent-reports' as const],
      dismissedTips: ['voice-cloning'],
    };
    writeOnboardingCache(state);
    expect(localStorage.getItem('cv_has_seen_intro')).toBe('false');
    expect(localStorage.getItem('cv_feature_lesson-planning_visited')).toBe('true');
    expect(localStorage.getItem('cv_feature_parent-reports_dismissed')).toBe('true');
    expect(readOnboardingCache()).toEqual(state);

    writeOnboardingCache({ ...state, hasSeenIntro: true });
    expect(localStorage.getItem('cv_has_seen_intro')).toBe('true');
  });

  it('takes the login page’s "false" as an intro under way', () => {
    localStorage.setItem('cv_has_seen_intro', 'false');
    expect(readOnboardingCache()).toMatchObject({ introStarted: true, hasSeenIntro: false });
  });

  it('forgets another teacher’s flags on a shared computer, and keeps one’s own', () => {
    expect(claimOnboardingCache(1)).toBe(false);
    writeOnboardingCache({
      ...DEFAULT_ONBOARDING,
      introStarted: true,
      hasSeenIntro: true,
      visitedFeatures: ['document-feedback'],
    });
    expect(claimOnboardingCache(1)).toBe(false);
    expect(readOnboardingCache().hasSeenIntro).toBe(true);

    expect(claimOnboardingCache(2)).toBe(true);
    expect(readOnboardingCache()).toEqual(DEFAULT_ONBOARDING);
    expect(localStorage.getItem('cv_has_seen_intro')).toBeNull();
  });

  it('ignores unreadable stored tips', () => {
    localStorage.setItem('cv_dismissed_tips', '{"not":"a list"}');
    expect(readOnboardingCache().dismissedTips).toEqual([]);
    localStorage.setItem('cv_dismissed_tips', '["voice-cloning", 7, "<b>"]');
    expect(readOnboardingCache().dismissedTips).toEqual(['voice-cloning']);
  });
});
