import { type RefObject, useEffect } from 'react';

/**
 * A page that pins a bar of actions to the bottom of the window calls this with the bar, so
 * toasts (bottom right from the md breakpoint) stand above it rather than over its buttons.
 */
export function useToastClearance(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      const style = getComputedStyle(element);
      const pinned = style.position === 'sticky' || style.position === 'fixed';
      const height = pinned
        ? element.getBoundingClientRect().height + (Number.parseFloat(style.bottom) || 0)
        : 0;
      root.style.setProperty('--toast-clearance', `${Math.ceil(height)}px`);
    };
    update();
    // Resizing the window crosses the breakpoint where the bar stops being pinned.
    const observer = new ResizeObserver(update);
    observer.observe(element);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty('--toast-clearance');
    };
  }, [bar]);
}
