import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { cn } from '@web/lib/cn';
import { LogOut, Menu, Settings } from 'lucide-react';
import { useLocation } from 'wouter';

/**
 * On a phone the sidebar's foot (your profile, Settings, Log Out) has no room: the
 * compact bar's last tab opens it as a menu, so everything stays one tap away.
 */
export function PhoneMoreMenu({
  name,
  settingsActive,
  onLogOut,
}: {
  name: string;
  settingsActive: boolean;
  onLogOut: () => void;
}) {
  const [, navigate] = useLocation();
  return (
    // Not modal: a modal menu hides the page from assistive technology while its links stay focusable.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className={cn(
          'flex h-12 flex-1 flex-col items-center justify-center rounded-lg transition-colors',
          settingsActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100',
        )}
      >
        <Menu className="size-5" aria-hidden="true" />
        <span className="sr-only">More</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" side="top" className="min-w-56">
        <DropdownMenuLabel>
          <span className="block font-medium text-slate-600">Your Profile</span>
          <span className="block truncate text-sm text-slate-900">{name}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/teacher/settings')}>
          <Settings aria-hidden="true" />
          Settings
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onLogOut}>
          <LogOut aria-hidden="true" />
          Log Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
