import { type ReactNode, type RefObject, useCallback, useLayoutEffect, useRef } from 'react';

/**
 * The element a dialog should hand focus back to. A menu item that opened it is gone once the
 * menu closes, so its menu's trigger stands in for it.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest<HTMLElement>('[role="menu"]');
  if (menu?.id) {
    const trigger = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`);
    if (trigger) return trigger;
  }
  return active;
}

/** Rendered inside the dialog's content: it mounts with the dialog, before focus moves in. */
function RememberOpener({ target }: { target: RefObject<HTMLElement | null> }) {
  useLayoutEffect(() => {
    target.current = openerOf(document.activeElement);
  }, [target]);
  return null;
}

/**
 * Radix returns focus on close only to its own Trigger; a dialog opened from state (a button
 * elsewhere, a menu item, a footer) would leave focus on the page body. This remembers what had
 * focus when the dialog opened and returns it there.
 */
export function useReturnFocus(onCloseAutoFocus?: (event: Event) => void): {
  marker: ReactNode;
  onCloseAutoFocus: (event: Event) => void;
} {
  const opener = useRef<HTMLElement | null>(null);
  const handleClose = useCallback(
    (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const element = opener.current;
      opener.current = null;
      if (element?.isConnected) {
        event.preventDefault();
        element.focus();
      }
    },
    [onCloseAutoFocus],
  );
  return { marker: <RememberOpener target={opener} />, onCloseAutoFocus: handleClose };
}
