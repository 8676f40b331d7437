import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';
import { Lightbulb } from 'lucide-react';
import { DismissButton } from './dismiss-button';
import type { Tip } from './tips';

interface TipOfTheDayProps {
  tip: Tip;
  /** Banner for returning teachers; card when it joins the first-time feature cards. */
  layout: 'banner' | 'card';
  onOpen: () => void;
  onDismiss: () => void;
}

export function TipOfTheDay({ tip, layout, onOpen, onDismiss }: TipOfTheDayProps) {
  const banner = layout === 'banner';
  const Heading = banner ? 'h2' : 'h3';
  return (
    <Card
      className={cn(
        'relative flex gap-4 p-5',
        banner
          ? 'mb-6 flex-col border-indigo-200 bg-indigo-50/60 sm:flex-row sm:items-center'
          : 'flex-col',
      )}
    >
      <span
        className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tip.tone)}
      >
        <Lightbulb className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1 pr-6">
        <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase">
          Tip of the day
        </p>
        <Heading className="mt-0.5 text-base font-semibold text-slate-900">{tip.title}</Heading>
        <p className="mt-1 text-sm text-slate-600">{tip.description}</p>
      </div>
      <Button
        variant={banner ? 'primary' : 'secondary'}
        size="sm"
        className={banner ? 'self-start sm:self-center' : 'self-start'}
        onClick={onOpen}
      >
        {banner ? 'Learn More' : 'Explore Feature'}
      </Button>
      <div className="absolute top-3 right-3">
        <DismissButton label="Dismiss tip" onClick={onDismiss} />
      </div>
    </Card>
  );
}
