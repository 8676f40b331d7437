import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { CalendarDays, FileText, Video } from 'lucide-react';
import { useLocation } from 'wouter';

const actions = [
  {
    title: 'Document Feedback',
    description: 'Review pupils’ submitted work and record feedback.',
    button: 'Start Reviewing',
    route: '/teacher/documents',
    icon: FileText,
    tone: 'bg-indigo-50 text-indigo-700',
  },
  {
    title: 'Lesson Planning',
    description: 'Build this week’s Monday-to-Friday timetable.',
    button: 'Plan Lessons',
    route: '/teacher/lesson-planner',
    icon: CalendarDays,
    tone: 'bg-emerald-50 text-emerald-700',
  },
  {
    title: 'Parent Reports',
    description: 'Turn a short voice note into a report for parents.',
    button: 'Create Report',
    route: '/teacher/parent-reports',
    icon: Video,
    tone: 'bg-amber-50 text-amber-800',
  },
];

export function QuickActions() {
  const [, navigate] = useLocation();
  return (
    <section aria-labelledby="quick-actions-heading" className="mb-8">
      <h2 id="quick-actions-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Quick Actions
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {actions.map(({ title, description, button, route, icon: Icon, tone }) => (
          <Card key={title} className="flex flex-col gap-3 p-5">
            <span className={`flex size-10 items-center justify-center rounded-lg ${tone}`}>
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="flex-1">
              <h3 className="text-base font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{description}</p>
            </div>
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => navigate(route)}
            >
              {button}
            </Button>
          </Card>
        ))}
      </div>
    </section>
  );
}
