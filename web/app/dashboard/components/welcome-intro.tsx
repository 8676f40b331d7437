import { toast } from '@web/components/ui/use-toast';
import { Sparkles } from 'lucide-react';
import { useLocation } from 'wouter';
import type { Onboarding } from '../hooks/use-onboarding';
import { DismissButton } from './dismiss-button';
import { FEATURES, FeatureCard } from './feature-cards';
import { TipOfTheDay } from './tip-of-the-day';
import type { Tip } from './tips';

interface WelcomeIntroProps {
  onboarding: Onboarding;
  tip: Tip;
  onDismissTip: () => void;
}

/** First-time experience: a welcome banner and a short tour of the three main tools. */
export function WelcomeIntro({ onboarding, tip, onDismissTip }: WelcomeIntroProps) {
  const [, navigate] = useLocation();
  const cards = FEATURES.filter((feature) => !onboarding.dismissed(feature.id));
  const showTipCard = onboarding.anyFeatureDismissed && !onboarding.isTipDismissed(tip.id);

  return (
    <section aria-labelledby="welcome-heading" className="mb-8 space-y-4">
      {onboarding.welcomeDismissed ? (
        <h2 id="welcome-heading" className="sr-only">
          Get started
        </h2>
      ) : (
        <div className="relative flex gap-4 rounded-xl bg-gradient-to-r from-indigo-600 to-indigo-700 p-5 pr-12 text-white shadow-sm">
          <Sparkles className="mt-0.5 size-6 shrink-0" aria-hidden="true" />
          <div>
            <h2 id="welcome-heading" className="text-lg font-semibold">
              Welcome to Classroom Voice
            </h2>
            <p className="mt-1 text-sm text-indigo-50">
              Take a quick guided tour: explore the three AI-assisted tools below to see how they
              save you time. You can dismiss any card once you know your way around.
            </p>
          </div>
          <div className="absolute top-3 right-3">
            <DismissButton
              label="Dismiss welcome message"
              tone="inverse"
              onClick={onboarding.dismissWelcome}
            />
          </div>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((feature) => (
          <FeatureCard
            key={feature.id}
            feature={feature}
            visited={onboarding.visited(feature.id)}
            onExplore={() => {
              onboarding.markVisited(feature.id);
              navigate(feature.route);
            }}
            onDismiss={() => {
              onboarding.dismissFeature(feature.id);
              toast({
                title: 'Tip dismissed',
                description: 'You can find all features in the sidebar menu',
              });
            }}
          />
        ))}
        {showTipCard ? (
          <TipOfTheDay
            tip={tip}
            layout="card"
            onOpen={() => navigate(tip.route)}
            onDismiss={onDismissTip}
          />
        ) : null}
      </div>
    </section>
  );
}
