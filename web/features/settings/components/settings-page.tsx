import { PageHeader } from '@web/components/layout/page-header';
import { Alert } from '@web/components/ui/alert';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { errorMessage } from '@web/lib/api';
import { useSettings } from '@web/lib/settings-api';
import { Bell, LoaderCircle, Settings, Shield, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { AiFeaturesTab } from './ai-features-tab';
import { GeneralTab } from './general-tab';
import { NotificationsTab } from './notifications-tab';
import { PrivacyTab } from './privacy-tab';

/**
 * `pupilData`: the Privacy tab's card for exporting and erasing a pupil's data, which the
 * pupil directory feature provides (the app puts them together).
 */
export function SettingsPage({ pupilData }: { pupilData?: ReactNode }) {
  const settings = useSettings();
  const preferences = settings.data?.preferences;

  return (
    <>
      <PageHeader title="Settings" />
      {settings.isError ? (
        <Alert tone="error" className="max-w-3xl">
          {errorMessage(
            settings.error,
            'Your settings could not be loaded. Please reload the page.',
          )}
        </Alert>
      ) : !preferences ? (
        <p className="flex items-center gap-2 text-sm text-slate-700" role="status">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
          Loading your settings…
        </p>
      ) : (
        <Tabs defaultValue="general" className="max-w-3xl">
          <TabsList aria-label="Settings sections">
            <TabsTrigger value="general">
              <Settings aria-hidden="true" />
              General
            </TabsTrigger>
            <TabsTrigger value="notifications">
              <Bell aria-hidden="true" />
              Notifications
            </TabsTrigger>
            <TabsTrigger value="ai">
              <Sparkles aria-hidden="true" />
              AI Features
            </TabsTrigger>
            <TabsTrigger value="privacy">
              <Shield aria-hidden="true" />
              Privacy
            </TabsTrigger>
          </TabsList>
          <TabsContent value="general">
            <GeneralTab preferences={preferences} />
          </TabsContent>
          <TabsContent value="notifications">
            <NotificationsTab preferences={preferences} />
          </TabsContent>
          <TabsContent value="ai">
            <AiFeaturesTab preferences={preferences} />
          </TabsContent>
          <TabsContent value="privacy">
            <PrivacyTab preferences={preferences} pupilData={pupilData} />
          </TabsContent>
        </Tabs>
      )}
    </>
  );
}
