import { PageHeader } from '@web/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { Bell, Settings, Shield, Sparkles } from 'lucide-react';
import { AccountCard } from './account-card';
import { ClassroomKeyCard } from './classroom-key-card';
import { AiFeaturesTab, NotificationsTab, PrivacyTab } from './preference-tabs';

export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" showSearch={false} />
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
        <TabsContent value="general" className="space-y-6">
          <ClassroomKeyCard />
          <AccountCard />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsTab />
        </TabsContent>
        <TabsContent value="ai">
          <AiFeaturesTab />
        </TabsContent>
        <TabsContent value="privacy">
          <PrivacyTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
