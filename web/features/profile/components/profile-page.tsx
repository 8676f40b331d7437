import { PageHeader } from '@web/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { AudioLines, UserRound } from 'lucide-react';
import { AvatarTab } from './avatar-tab';
import { TryAvatarCard } from './try-avatar-card';
import { VoiceTab } from './voice-tab';

export function ProfilePage() {
  return (
    <>
      <PageHeader title="Voice & Avatar" />
      <Tabs defaultValue="voices">
        <TabsList aria-label="Profile types">
          <TabsTrigger value="voices">
            <AudioLines aria-hidden="true" />
            Voice Profiles
          </TabsTrigger>
          <TabsTrigger value="avatars">
            <UserRound aria-hidden="true" />
            Avatar Profiles
          </TabsTrigger>
        </TabsList>
        <TabsContent value="voices">
          <VoiceTab />
        </TabsContent>
        <TabsContent value="avatars">
          <AvatarTab />
        </TabsContent>
      </Tabs>
      <TryAvatarCard />
    </>
  );
}
