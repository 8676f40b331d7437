import { PupilLayout } from '@web/components/layout/pupil-layout';
import { Card } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { usePageMeta } from '@web/lib/use-page-meta';
import { BookOpenCheck, Upload } from 'lucide-react';
import { useSearch } from 'wouter';
import { SubmitKeyForm } from './submit-key-form';
import { ViewWorkForm } from './view-work-form';

/** /student: no account, just the classroom key, to hand work in or read the feedback. */
export function StudentPortalPage() {
  usePageMeta({ title: 'Student Portal' });
  // ?tab=view opens the second tab, for links such as "View marked work".
  const initialTab = new URLSearchParams(useSearch()).get('tab') === 'view' ? 'view' : 'submit';

  return (
    <PupilLayout>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Student Portal
        </h1>
        <p className="mt-1.5 text-base text-slate-700">
          Hand in your coursework or see your teacher&apos;s feedback. You&apos;ll need the
          classroom key your teacher gave you.
        </p>
      </div>
      <Tabs defaultValue={initialTab}>
        <TabsList
          aria-label="Student Portal"
          className="max-sm:grid max-sm:w-full max-sm:grid-cols-2"
        >
          <TabsTrigger value="submit">
            <Upload aria-hidden="true" />
            Submit Coursework
          </TabsTrigger>
          <TabsTrigger value="view">
            <BookOpenCheck aria-hidden="true" />
            View Marked Work
          </TabsTrigger>
        </TabsList>
        <TabsContent value="submit">
          <Card className="p-5 sm:p-6">
            <h2 className="text-lg font-semibold text-slate-900">Hand in your work</h2>
            <p className="mt-1 mb-5 text-sm text-slate-600">
              Enter your classroom key to get to the hand-in form.
            </p>
            <SubmitKeyForm />
          </Card>
        </TabsContent>
        <TabsContent value="view">
          <Card className="p-5 sm:p-6">
            <h2 className="text-lg font-semibold text-slate-900">See your marked work</h2>
            <p className="mt-1 mb-5 text-sm text-slate-600">
              Use the same name you gave when you handed your work in.
            </p>
            <ViewWorkForm />
          </Card>
        </TabsContent>
      </Tabs>
    </PupilLayout>
  );
}
