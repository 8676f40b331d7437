import { PageHeader } from '@web/components/layout/page-header';
import { EmptyState } from '@web/components/ui/empty-state';
import { AudioLines, UserRound } from 'lucide-react';

export function ProfilePage() {
  return (
    <>
      <PageHeader title="Voice & Avatar" showSearch={false} />
      <div className="grid gap-4 lg:grid-cols-2">
        <EmptyState
          icon={AudioLines}
          title="No voice profiles yet"
          description="A voice profile, made from a short recording, lets feedback and reports speak in your voice."
        />
        <EmptyState
          icon={UserRound}
          title="No avatar profiles yet"
          description="An avatar profile, made from your photo, presents your parent reports as video."
        />
      </div>
    </>
  );
}
