import * as TabsPrimitive from '@radix-ui/react-tabs';
import { cn } from '@web/lib/cn';
import type { ComponentProps } from 'react';

export const Tabs = TabsPrimitive.Root;

/**
 * A row of tabs that wraps onto a second line when it runs out of width, so on a 390 px phone
 * every tab stays in view (a scrolled row hides the tabs past the edge with no sign they exist).
 */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        'inline-flex max-w-full flex-wrap items-center gap-1 rounded-lg bg-slate-100 p-1',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex h-8 items-center justify-center gap-2 whitespace-nowrap rounded-md px-3',
        'text-sm font-medium text-slate-700 transition-colors hover:text-slate-900',
        'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
        'disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-4', className)} {...props} />;
}
