import { useEffect } from 'react';
import { featureAt } from './intro-rules';
import { useOnboarding } from './use-onboarding';

/**
 * Counts a tool opened from anywhere (the sidebar, the phone's tab bar, a link) as a step
 * of the first-time intro, as the dashboard's "Explore Feature" does: a teacher who has found
 * all three tools on their own is no longer shown the tour of them.
 */
function useFeatureVisits(path: string): void {
  const onboarding = useOnboarding();
  const feature = featureAt(path);
  const due = feature !== null && onboarding.firstTime && !onboarding.visited(feature);
  const { markVisited } = onboarding;
  useEffect(() => {
    if (due && feature) markVisited(feature);
  }, [due, feature, markVisited]);
}

/** Rendered once the teacher is known, so the intro's state is read for them. */
export function FeatureVisits({ path }: { path: string }): null {
  useFeatureVisits(path);
  return null;
}
