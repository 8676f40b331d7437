import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';
import { CalendarDays, CircleCheck, FileText, Video } from 'lucide-react';
import type { FeatureId } from '../hooks/use-onboarding';
import { DismissButton } from './dismiss-button';

export const FEATURES: readonly {
  id: FeatureId;
  title: string;
  description: string;
  route: string;
  icon: typeof FileText;
}[] = [
  {
    id: 'document-feedback',
    title: 'Document Feedback',
    description: 'Select passages of pupils’ work and attach audio or written feedback to each.',
    route: '/teacher/documents',
    icon: FileText,
  },
  {
    id: 'lesson-planning',
    title: 'Lesson Planning',
    description: 'Drag lessons across a Monday-to-Friday week and apply AI suggestions.',
    route: '/teacher/lesson-planner',
    icon: CalendarDays,
  },
  {
    id: 'parent-reports',
    title: 'Parent Reports',
    description: 'Record a voice note; AI tidies it and turns it into an avatar video for parents.',
    route: '/teacher/parent-reports',
    icon: Video,
  },
];

interface FeatureCardProps {
  feature: (typeof FEATURES)[number];
  visited: boolean;
  onExplore: () => void;
  onDismiss: () => void;
}

export function FeatureCard({ feature, visited, onExplore, onDismiss }: FeatureCardProps) {
  const Icon = feature.icon;
  return (
    <Card
      className={cn(
        'relative flex flex-col gap-3 p-5',
        visited && 'border-green-300 border-l-4 border-l-green-600 bg-green-50/40',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <span
          className={cn(
            'flex size-10 items-center justify-center rounded-lg',
            visited ? 'bg-green-100 text-green-800' : 'bg-indigo-50 text-indigo-700',
          )}
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <DismissButton label={`Dismiss ${feature.title}`} onClick={onDismiss} />
      </div>
      <h3 className="flex items-center gap-1.5 text-base font-semibold text-slate-900">
        {feature.title}
        {visited ? (
          <>
            <CircleCheck className="size-4 text-green-700" aria-hidden="true" />
            <span className="sr-only">(visited)</span>
          </>
        ) : null}
      </h3>
      <p className="flex-1 text-sm text-slate-600">{feature.description}</p>
      <Button
        variant={visited ? 'outline' : 'secondary'}
        size="sm"
        className="self-start"
        onClick={onExplore}
      >
        {visited ? 'View Again' : 'Explore Feature'}
      </Button>
    </Card>
  );
}
