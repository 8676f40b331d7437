import { PageHeader } from '@web/components/layout/page-header';
import { toast } from '@web/components/ui/use-toast';
import { EmbeddedPlanner } from '@web/features/lesson-planner';
import { ParentReportsCard } from '@web/features/parent-reports';
import { EmbeddedReview } from '@web/features/review';
import { firstNameOf, useCurrentUser } from '@web/lib/auth';
import { useLocation } from 'wouter';
import { useOnboarding } from '../hooks/use-onboarding';
import { QuickActions } from './quick-actions';
import { RecentActivity } from './recent-activity';
import { TipOfTheDay } from './tip-of-the-day';
import { tipOfTheDay } from './tips';
import { WelcomeIntro } from './welcome-intro';

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
        <div aria-busy="true" className="mb-8 h-28 animate-pulse rounded-xl bg-slate-100">
          <span className="sr-only" role="status">
            Loading your getting-started tips…
          </span>
        </div>
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
      <QuickActions />
      <RecentActivity />
      <EmbeddedReview />
      <EmbeddedPlanner />
      <ParentReportsCard />
    </>
  );
}
