import { cn } from '@web/lib/cn';
import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  useContext,
  useId,
  useState,
} from 'react';

/*
 * Tabs as the WAI-ARIA pattern describes them, in the shape of Radix Tabs (which these
 * replace: with its roving-focus and presence machinery it was 10 KiB of the pupil
 * portal's JavaScript). A tab is selected as it receives focus; the arrow keys move
 * along the row and wrap, Home and End go to either end, disabled tabs are skipped, and
 * only the selected tab is in the page's Tab order.
 */

interface TabsState {
  baseId: string;
  value: string;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const tabs = useContext(TabsContext);
  if (!tabs) throw new Error('Tabs parts must sit inside <Tabs>');
  return tabs;
}

const idOf = (baseId: string, part: 'trigger' | 'content', value: string) =>
  `${baseId}-${part}-${value}`;

interface TabsProps extends Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}

export function Tabs({ value, defaultValue, onValueChange, ...props }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue ?? '');
  const current = value ?? own;
  const select = (next: string) => {
    if (next === current) return;
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ baseId, value: current, select }}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

const KEY_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const move = KEY_MOVES[event.key];
  if (!move || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const tabs = [
    ...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
  ];
  const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (tabs.length === 0) return;
  event.preventDefault();
  // From a tab, Home/End go to the ends and the arrows step along (wrapping).
  tabs[move(Math.max(index, 0), tabs.length)]?.focus();
}

/**
 * A row of tabs that wraps onto a second line when it runs out of width, so on a 390 px phone
 * every tab stays in view (a scrolled row hides the tabs past the edge with no sign they exist).
 */
export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn(
        'inline-flex max-w-full flex-wrap items-center gap-1 rounded-lg bg-slate-100 p-1',
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

interface TabsTriggerProps extends Omit<ComponentProps<'button'>, 'value'> {
  value: string;
}

export function TabsTrigger({
  value,
  disabled,
  className,
  onMouseDown,
  onFocus,
  ...props
}: TabsTriggerProps) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={idOf(tabs.baseId, 'trigger', value)}
      aria-selected={selected}
      aria-controls={idOf(tabs.baseId, 'content', value)}
      data-state={selected ? 'active' : 'inactive'}
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      tabIndex={selected ? 0 : -1}
      className={cn(
        'inline-flex h-8 items-center justify-center gap-2 whitespace-nowrap rounded-md px-3',
        'text-sm font-medium text-slate-700 transition-colors hover:text-slate-900',
        'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
        'disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4',
        className,
      )}
      onMouseDown={(event: MouseEvent<HTMLButtonElement>) => {
        onMouseDown?.(event);
        // A plain left click selects; a ctrl-click (the context menu on a Mac) does not.
        if (!disabled && event.button === 0 && !event.ctrlKey) tabs.select(value);
        else event.preventDefault();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!disabled) tabs.select(value);
      }}
      {...props}
    />
  );
}

interface TabsContentProps extends ComponentProps<'div'> {
  value: string;
  /** Keep the panel in the page while another tab is selected (hidden by its class). */
  forceMount?: boolean;
}

export function TabsContent({ value, forceMount, className, ...props }: TabsContentProps) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  if (!selected && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={idOf(tabs.baseId, 'content', value)}
      aria-labelledby={idOf(tabs.baseId, 'trigger', value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern puts the panel in the Tab order (as Radix did), so a keyboard reaches a panel with no control in it
      tabIndex={0}
      className={cn('mt-4', className)}
      {...props}
    />
  );
}
