import { lazyPage } from '@web/app/lazy-page';
import { LoadErrorBoundary } from '@web/components/layout/load-error-boundary';
import { NearViewport } from '@web/components/layout/near-viewport';
import { PageHeader } from '@web/components/layout/page-header';
import { toast } from '@web/components/ui/use-toast';
import { loadEmbeddedPlanner } from '@web/features/lesson-planner';
import { loadParentReportsCard, reportsQuery } from '@web/features/parent-reports';
import { loadEmbeddedReview } from '@web/features/review';
import { firstNameOf, useCurrentUser } from '@web/lib/auth';
import { queryClient } from '@web/lib/query-client';
import { type ReactNode, Suspense } from 'react';
import { useLocation } from 'wouter';
import { activityQuery } from '../api/activity';
import { useOnboarding } from '../hooks/use-onboarding';
import { PrivacyNotice } from './privacy-notice';
import { QuickActions } from './quick-actions';
import { RecentActivity } from './recent-activity';
import { TipOfTheDay } from './tip-of-the-day';
import { tipOfTheDay } from './tips';
import { WelcomeIntro } from './welcome-intro';

// The embedded tools and the reports card sit below the greeting and the activity list.
// Loaded when the teacher scrolls near them (at once on a large screen), their code (the
// review workspace, drag and drop) and their requests never hold up the first paint
// (decision 0033: the dashboard's largest paint and blocking time on a phone).
const EmbeddedReview = lazyPage(loadEmbeddedReview, 'EmbeddedReview');
const EmbeddedPlanner = lazyPage(loadEmbeddedPlanner, 'EmbeddedPlanner');
const ParentReportsCard = lazyPage(loadParentReportsCard, 'ParentReportsCard');

/**
 * The answers the dashboard's first screen reads beyond the shell's: teacher-start.ts waits
 * for them before the first render, so the page renders once, with its data.
 */
export function fetchDashboardAnswers(): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(activityQuery),
    queryClient.prefetchQuery(reportsQuery),
  ]);
}

/** Keeps the place of a part still loading, so what is below does not jump when it arrives. */
function LoadingBlock({ label, height }: { label: string; height: 'h-28' | 'h-64' }) {
  return (
    <div aria-busy="true" className={`mb-8 ${height} animate-pulse rounded-xl bg-slate-100`}>
      <span className="sr-only" role="status">
        {label}
      </span>
    </div>
  );
}

/** A part further down: loaded near the viewport, its place kept meanwhile. */
function BelowTheFold({ what, children }: { what: string; children: ReactNode }) {
  const placeholder = <LoadingBlock label={`Loading ${what}…`} height="h-64" />;
  return (
    <NearViewport placeholder={placeholder}>
      <LoadErrorBoundary what={what}>
        <Suspense fallback={placeholder}>{children}</Suspense>
      </LoadErrorBoundary>
    </NearViewport>
  );
}

export function DashboardPage() {
  const [, navigate] = useLocation();
  const user = useCurrentUser();
  const onboarding = useOnboarding();
  const name = firstNameOf(user.data);
  const tip = tipOfTheDay();

  const dismissTip = () => {
    onboarding.dismissTip(tip.id);
    toast({ title: 'Tip dismissed', description: 'You can find all features in the sidebar menu' });
  };

  return (
    <>
      <PageHeader title={onboarding.firstTime ? `Welcome, ${name}!` : `Welcome back, ${name}!`} />
      {!onboarding.ready ? (
        <LoadingBlock label="Loading your getting-started tips…" height="h-28" />
      ) : onboarding.firstTime ? (
        <WelcomeIntro onboarding={onboarding} tip={tip} onDismissTip={dismissTip} />
      ) : onboarding.isTipDismissed(tip.id) ? null : (
        <TipOfTheDay
          tip={tip}
          layout="banner"
          onOpen={() => navigate(tip.route)}
          onDismiss={dismissTip}
        />
      )}
      {onboarding.ready ? <PrivacyNotice onboarding={onboarding} /> : null}
      <QuickActions />
      <RecentActivity />
      <BelowTheFold what="the feedback tool">
        <EmbeddedReview />
      </BelowTheFold>
      <BelowTheFold what="the lesson planner">
        <EmbeddedPlanner />
      </BelowTheFold>
      <BelowTheFold what="parent reports">
        <ParentReportsCard />
      </BelowTheFold>
    </>
  );
}
