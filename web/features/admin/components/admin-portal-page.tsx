import { AuthLayout } from '@web/components/layout/auth-layout';
import { BrandName } from '@web/components/layout/brand';
import { Button } from '@web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/use-toast';
import { AudioLines, LogOut, UserRound, Users } from 'lucide-react';
import { useAdminLogout, useAdminSession } from '../api/admin-session';
import { AdminLoginForm } from './admin-login-form';
import { AdminProfileList } from './profile-list';
import { UserTable } from './user-table';

function PortalTabs() {
  return (
    <Tabs defaultValue="users">
      <TabsList aria-label="Administration areas">
        <TabsTrigger value="users">
          <Users aria-hidden="true" />
          Users
        </TabsTrigger>
        <TabsTrigger value="voices">
          <AudioLines aria-hidden="true" />
          Voice Profiles
        </TabsTrigger>
        <TabsTrigger value="avatars">
          <UserRound aria-hidden="true" />
          Avatar Profiles
        </TabsTrigger>
      </TabsList>
      <TabsContent value="users">
        <UserTable />
      </TabsContent>
      <TabsContent value="voices">
        <AdminProfileList kind="voice" />
      </TabsContent>
      <TabsContent value="avatars">
        <AdminProfileList kind="avatar" />
      </TabsContent>
    </Tabs>
  );
}

/** One page for everything: the login form until an admin session exists, then the tabs. */
export function AdminPortalPage() {
  const session = useAdminSession();
  const logout = useAdminLogout();

  if (session.isPending) {
    return (
      <main className="flex min-h-dvh items-center justify-center">
        <p role="status" className="text-sm text-slate-600">
          Checking your administrator session…
        </p>
      </main>
    );
  }

  if (!session.isSuccess) {
    return (
      <AuthLayout
        title="Admin Portal"
        description="Sign in with the administrator credentials configured on the server."
      >
        <AdminLoginForm onSuccess={() => session.refetch()} />
      </AuthLayout>
    );
  }

  return (
    <div className="min-h-dvh">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-8">
          <BrandName />
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-slate-600 sm:inline">
              Signed in as{' '}
              <span className="font-medium text-slate-900">{session.data.username}</span>
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={logout.isPending}
              onClick={() =>
                logout.mutate(undefined, {
                  onError: () => toast({ title: 'Log out failed', variant: 'destructive' }),
                })
              }
            >
              <LogOut aria-hidden="true" />
              Log Out
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Admin Portal
        </h1>
        <p className="mt-1 mb-6 text-sm text-slate-600">
          Manage teacher accounts and see the voice and avatar profiles they create.
        </p>
        <PortalTabs />
      </main>
    </div>
  );
}
