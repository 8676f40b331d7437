import { PageHeader } from '@web/components/layout/page-header';
import { EmptyState } from '@web/components/ui/empty-state';
import { CalendarDays } from 'lucide-react';

export function LessonPlannerPage() {
  return (
    <>
      <PageHeader
        title="Lesson Planner"
        subtitle="Create and organize your upcoming lessons"
        showSearch={false}
      />
      <EmptyState
        icon={CalendarDays}
        title="No lesson plans yet"
        description="Your weekly plans will appear here as a Monday-to-Friday timetable of lessons."
      />
    </>
  );
}
