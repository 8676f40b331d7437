import { ONBOARDING_WINDOW_MS } from '@contract/auth-constants';
import type { FeatureId, OnboardingState } from '@contract/settings';
import { DEFAULT_ONBOARDING, FEATURE_IDS } from '@contract/settings-defaults';

/*
 * The dashboard intro's rules, kept pure so they can
 * be tested without a browser. Every onboarding flag only ever turns on and every list only
 * grows, so two copies (this browser's cache, the server) reconcile by union without losing
 * anything either side recorded.
 */

/** The intro ends after 3 dismissed tips or 3 completed steps. */
export const STEPS_TO_FINISH = 3;

const union = <T>(a: readonly T[], b: readonly T[]) => [...new Set([...a, ...b])];

export function mergeOnboarding(a: OnboardingState, b: OnboardingState): OnboardingState {
  return {
    introStarted: a.introStarted || b.introStarted,
    hasSeenIntro: a.hasSeenIntro || b.hasSeenIntro,
    welcomeDismissed: a.welcomeDismissed || b.welcomeDismissed,
    visitedFeatures: union(a.visitedFeatures, b.visitedFeatures),
    dismissedFeatures: union(a.dismissedFeatures, b.dismissedFeatures),
    dismissedTips: union(a.dismissedTips, b.dismissedTips),
  };
}

/** The fields of `next` that `stored` lacks: what the server still has to be told. */
export function onboardingChanges(
  stored: OnboardingState,
  next: OnboardingState,
): Partial<OnboardingState> {
  const changes: Partial<OnboardingState> = {};
  for (const key of Object.keys(DEFAULT_ONBOARDING) as (keyof OnboardingState)[]) {
    if (JSON.stringify(stored[key]) !== JSON.stringify(next[key])) {
      Object.assign(changes, { [key]: next[key] });
    }
  }
  return changes;
}

export function stepsFinished(state: OnboardingState): boolean {
  const known = (ids: readonly string[]) =>
    ids.filter((id) => (FEATURE_IDS as readonly string[]).includes(id)).length;
  return (
    known(state.visitedFeatures) >= STEPS_TO_FINISH ||
    known(state.dismissedFeatures) >= STEPS_TO_FINISH
  );
}

/** Marks the intro seen once its steps are done, so it never comes back. */
export function settleIntro(state: OnboardingState): OnboardingState {
  return stepsFinished(state) && !state.hasSeenIntro ? { ...state, hasSeenIntro: true } : state;
}

/** The first-time welcome shows while the intro was started and not yet seen. */
export function isFirstTime(state: OnboardingState): boolean {
  return state.introStarted && !state.hasSeenIntro;
}

/** An account younger than the onboarding window starts the intro. */
export function isNewAccount(createdAt: string, now: number = Date.now()): boolean {
  const created = Date.parse(createdAt);
  return Number.isFinite(created) && now - created < ONBOARDING_WINDOW_MS;
}

/**
 * The tool a teacher page belongs to, if any. Opening a tool from the sidebar explores it as
 * surely as its card's "Explore Feature" does, so it counts as a step of the intro too.
 */
export function featureAt(path: string): FeatureId | null {
  if (path === '/teacher/documents' || path.startsWith('/teacher/document/')) {
    return 'document-feedback';
  }
  if (path === '/teacher/lesson-planner' || path.startsWith('/teacher/lesson-planner/')) {
    return 'lesson-planning';
  }
  if (path === '/teacher/parent-reports' || path.startsWith('/teacher/parent-reports/')) {
    return 'parent-reports';
  }
  return null;
}
