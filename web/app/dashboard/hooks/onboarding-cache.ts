import type { OnboardingState } from '@contract/settings';
import { DEFAULT_ONBOARDING, FEATURE_IDS, TIP_ID_PATTERN } from '@contract/settings-defaults';
import { readItem, readJsonItem, removeItem, STORAGE_KEYS, writeItem } from '@web/lib/storage';

/*
 * This browser's copy of the onboarding state under fixed keys that earlier versions also
 * read (cv_has_seen_intro
 * "true"/"false", per-feature visited and dismissed flags, the dismissed tip ids). It lets
 * the dashboard render at once; the server's copy is the one that follows the teacher.
 */

type FlagKind = 'visited' | 'dismissed';
const flagKey = (id: string, kind: FlagKind) => `cv_feature_${id}_${kind}`;
const WELCOME_DISMISSED_KEY = 'cv_welcome_dismissed';
const DISMISSED_TIPS_KEY = 'cv_dismissed_tips';
// The teacher the cached flags belong to: a colleague signing in on the same computer must
// not inherit them (nor upload them to their own account).
const OWNER_KEY = 'cv_onboarding_owner';

const ALL_KEYS = [
  STORAGE_KEYS.hasSeenIntro,
  WELCOME_DISMISSED_KEY,
  DISMISSED_TIPS_KEY,
  ...FEATURE_IDS.flatMap((id) => [flagKey(id, 'visited'), flagKey(id, 'dismissed')]),
];

/** Forgets another teacher's cached flags; true when the cache was theirs. */
export function claimOnboardingCache(teacherId: number): boolean {
  const owner = readItem(OWNER_KEY);
  if (owner === String(teacherId)) return false;
  // A cache with no owner was written by the login page for this same sign-in.
  const foreign = owner !== null;
  if (foreign) for (const key of ALL_KEYS) removeItem(key);
  writeItem(OWNER_KEY, String(teacherId));
  return foreign;
}

export function readOnboardingCache(): OnboardingState {
  const intro = readItem(STORAGE_KEYS.hasSeenIntro);
  const tips = readJsonItem<unknown>(DISMISSED_TIPS_KEY);
  const flagged = (kind: FlagKind) =>
    FEATURE_IDS.filter((id) => readItem(flagKey(id, kind)) === 'true');
  return {
    ...DEFAULT_ONBOARDING,
    // "false" marks a first-time user whose intro is under way.
    introStarted: intro === 'false' || intro === 'true',
    hasSeenIntro: intro === 'true',
    welcomeDismissed: readItem(WELCOME_DISMISSED_KEY) === 'true',
    visitedFeatures: flagged('visited'),
    dismissedFeatures: flagged('dismissed'),
    // Only ids the server accepts, so an odd stored value cannot block every later save.
    dismissedTips: Array.isArray(tips)
      ? tips
          .filter((tip): tip is string => typeof tip === 'string' && TIP_ID_PATTERN.test(tip))
          .slice(0, 20)
      : [],
  };
}

/** Whether this browser knows anything yet, so the greeting need not wait for the server. */
export function hasOnboardingCache(): boolean {
  return readItem(STORAGE_KEYS.hasSeenIntro) !== null;
}

export function writeOnboardingCache(state: OnboardingState): void {
  if (state.introStarted || state.hasSeenIntro) {
    writeItem(STORAGE_KEYS.hasSeenIntro, state.hasSeenIntro ? 'true' : 'false');
  }
  if (state.welcomeDismissed) writeItem(WELCOME_DISMISSED_KEY, 'true');
  for (const id of FEATURE_IDS) {
    if (state.visitedFeatures.includes(id)) writeItem(flagKey(id, 'visited'), 'true');
    if (state.dismissedFeatures.includes(id)) writeItem(flagKey(id, 'dismissed'), 'true');
  }
  if (state.dismissedTips.length) {
    writeItem(DISMISSED_TIPS_KEY, JSON.stringify(state.dismissedTips));
  }
}
