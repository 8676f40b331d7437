import type { User } from '@contract/auth';
import type { FeatureId, OnboardingState } from '@contract/settings';
import { useCurrentUser } from '@web/lib/auth';
import { useSettings, useUpdateOnboarding } from '@web/lib/settings-api';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  isFirstTime,
  isNewAccount,
  mergeOnboarding,
  onboardingChanges,
  settleIntro,
} from './intro-rules';
import {
  claimOnboardingCache,
  hasOnboardingCache,
  readOnboardingCache,
  writeOnboardingCache,
} from './onboarding-cache';

export type { FeatureId };

function initialState(user: User | undefined): OnboardingState {
  if (user) claimOnboardingCache(user.id);
  const cached = readOnboardingCache();
  // A user whose intro flag is unset starts it, if the account is new.
  if (user && !cached.introStarted && isNewAccount(user.createdAt)) {
    return { ...cached, introStarted: true };
  }
  return cached;
}

/**
 * The first-time welcome and tip state. The server's copy (GET /api/settings) follows the
 * teacher from browser to browser; this browser's cache lets the page render before it
 * answers and keeps any change the server has not yet acknowledged, to send again later.
 */
export function useOnboarding() {
  const user = useCurrentUser();
  const settings = useSettings();
  const { mutate } = useUpdateOnboarding();
  const [state, setState] = useState(() => initialState(user.data));
  const [knownLocally] = useState(() => hasOnboardingCache() || state.introStarted);
  const stateRef = useRef(state);
  const server = settings.data?.onboarding;

  const commit = useCallback(
    (next: OnboardingState, stored: OnboardingState | undefined) => {
      stateRef.current = next;
      setState(next);
      writeOnboardingCache(next);
      // Lists replace the stored ones, so nothing is sent before the server's copy is known:
      // reconciling on its arrival sends the union instead.
      if (!stored) return;
      const changes = onboardingChanges(stored, next);
      if (Object.keys(changes).length === 0) return;
      mutate(changes, {
        onError: (error) => console.warn('Onboarding progress kept in this browser only', error),
      });
    },
    [mutate],
  );

  useEffect(() => {
    if (server) commit(settleIntro(mergeOnboarding(stateRef.current, server)), server);
  }, [server, commit]);

  const change = useCallback(
    (update: (current: OnboardingState) => OnboardingState) => {
      const current = stateRef.current;
      commit(settleIntro(update(current)), server);
    },
    [commit, server],
  );

  const add = <T>(list: readonly T[], item: T) =>
    list.includes(item) ? [...list] : [...list, item];

  // What the page shows includes the server's copy from the render it arrives in: the effect
  // above stores the union a render later, and for that one frame a tip or card the teacher
  // dismissed in another browser would show again.
  const shown = server ? settleIntro(mergeOnboarding(state, server)) : state;

  return {
    /** False only while a browser with no cache waits for the server's answer. */
    ready: knownLocally || settings.isSuccess || settings.isError,
    firstTime: isFirstTime(shown),
    visited: (id: FeatureId) => shown.visitedFeatures.includes(id),
    dismissed: (id: FeatureId) => shown.dismissedFeatures.includes(id),
    anyFeatureDismissed: shown.dismissedFeatures.length > 0,
    welcomeDismissed: shown.welcomeDismissed,
    isTipDismissed: (tipId: string) => shown.dismissedTips.includes(tipId),
    markVisited: (id: FeatureId) =>
      change((s) => ({ ...s, visitedFeatures: add(s.visitedFeatures, id) })),
    dismissFeature: (id: FeatureId) =>
      change((s) => ({ ...s, dismissedFeatures: add(s.dismissedFeatures, id) })),
    dismissWelcome: () => change((s) => ({ ...s, welcomeDismissed: true })),
    dismissTip: (tipId: string) =>
      change((s) => ({ ...s, dismissedTips: add(s.dismissedTips, tipId) })),
  };
}

export type Onboarding = ReturnType<typeof useOnboarding>;
