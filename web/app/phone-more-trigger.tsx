import { cn } from '@web/lib/cn';
import { Menu } from 'lucide-react';

/** The compact bar's last tab, as both the plain button and the menu's trigger draw it. */
export function moreTriggerClassName(settingsActive: boolean): string {
  return cn(
    'flex h-12 flex-1 flex-col items-center justify-center rounded-lg transition-colors',
    settingsActive ? 'bg-indigo-50 text-indigo-700' : 'text-slate-600 hover:bg-slate-100',
  );
}

export function MoreTriggerFace() {
  return (
    <>
      <Menu className="size-5" aria-hidden="true" />
      <span className="sr-only">More</span>
    </>
  );
}
