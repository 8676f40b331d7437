import { isFirstTimeUser } from '@web/lib/auth';
import { readItem, readJsonItem, STORAGE_KEYS, writeItem } from '@web/lib/storage';
import { useCallback, useState } from 'react';

export const FEATURE_IDS = ['document-feedback', 'lesson-planning', 'parent-reports'] as const;
export type FeatureId = (typeof FEATURE_IDS)[number];
type FlagKind = 'visited' | 'dismissed';
type Flags = Record<FeatureId, boolean>;

const flagKey = (id: FeatureId, kind: FlagKind) => `cv_feature_${id}_${kind}`;
const WELCOME_DISMISSED_KEY = 'cv_welcome_dismissed';
const DISMISSED_TIPS_KEY = 'cv_dismissed_tips';
// Spec §9: the intro ends once three cards are dismissed or three features explored.
const STEPS_TO_FINISH = 3;

function readFlags(kind: FlagKind): Flags {
  const flags = {} as Flags;
  for (const id of FEATURE_IDS) flags[id] = readItem(flagKey(id, kind)) === 'true';
  return flags;
}

const countTrue = (flags: Flags) => Object.values(flags).filter(Boolean).length;

/** The first-time welcome and tip state, kept in local storage across visits. */
export function useOnboarding() {
  const [firstTime, setFirstTime] = useState(isFirstTimeUser);
  const [visited, setVisited] = useState(() => readFlags('visited'));
  const [dismissed, setDismissed] = useState(() => readFlags('dismissed'));
  const [welcomeDismissed, setWelcomeDismissed] = useState(
    () => readItem(WELCOME_DISMISSED_KEY) === 'true',
  );
  const [dismissedTips, setDismissedTips] = useState<string[]>(
    () => readJsonItem<string[]>(DISMISSED_TIPS_KEY) ?? [],
  );

  const finishIfDone = useCallback((flags: Flags) => {
    if (countTrue(flags) >= STEPS_TO_FINISH) {
      writeItem(STORAGE_KEYS.hasSeenIntro, 'true');
      setFirstTime(false);
    }
  }, []);

  const markVisited = useCallback(
    (id: FeatureId) => {
      writeItem(flagKey(id, 'visited'), 'true');
      const next = { ...visited, [id]: true };
      setVisited(next);
      finishIfDone(next);
    },
    [visited, finishIfDone],
  );

  const dismissFeature = useCallback(
    (id: FeatureId) => {
      writeItem(flagKey(id, 'dismissed'), 'true');
      const next = { ...dismissed, [id]: true };
      setDismissed(next);
      finishIfDone(next);
    },
    [dismissed, finishIfDone],
  );

  const dismissWelcome = useCallback(() => {
    writeItem(WELCOME_DISMISSED_KEY, 'true');
    setWelcomeDismissed(true);
  }, []);

  const dismissTip = useCallback(
    (tipId: string) => {
      const next = [...new Set([...dismissedTips, tipId])];
      writeItem(DISMISSED_TIPS_KEY, JSON.stringify(next));
      setDismissedTips(next);
    },
    [dismissedTips],
  );

  return {
    firstTime,
    visited,
    dismissed,
    anyFeatureDismissed: countTrue(dismissed) > 0,
    welcomeDismissed,
    isTipDismissed: (tipId: string) => dismissedTips.includes(tipId),
    markVisited,
    dismissFeature,
    dismissWelcome,
    dismissTip,
  };
}
