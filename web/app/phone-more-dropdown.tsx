import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { LogOut, Settings } from 'lucide-react';
import type { RefObject } from 'react';
import { useLocation } from 'wouter';
import type { PhoneMoreMenuProps } from './phone-more-menu';
import { MoreTriggerFace, moreTriggerClassName } from './phone-more-trigger';

/** The phone's More menu itself (Radix), loaded by phone-more-menu.tsx after the first paint. */
export function PhoneMoreDropdown({
  name,
  settingsActive,
  onLogOut,
  defaultOpen,
  triggerRef,
}: PhoneMoreMenuProps & {
  defaultOpen: boolean;
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  const [, navigate] = useLocation();
  return (
    // Not modal: a modal menu hides the page from assistive technology while its links stay focusable.
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger ref={triggerRef} className={moreTriggerClassName(settingsActive)}>
        <MoreTriggerFace />
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
