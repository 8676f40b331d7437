import { whenIdle } from '@web/lib/when-idle';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PhoneMoreDropdown } from './phone-more-dropdown';
import { MoreTriggerFace, moreTriggerClassName } from './phone-more-trigger';

export type PhoneMoreMenuProps = {
  name: string;
  settingsActive: boolean;
  onLogOut: () => void;
};

type Dropdown = typeof PhoneMoreDropdown;

const loadDropdown = () =>
  import('./phone-more-dropdown').then((module) => module.PhoneMoreDropdown);

/**
 * On a phone the sidebar's foot (your profile, Settings, Log Out) has no room: the
 * compact bar's last tab opens it as a menu, so everything stays one tap away.
 *
 * The menu (Radix's dropdown and its positioning, ≈ 30 KiB gzipped) is not needed to paint
 * a teacher's first screen, so a plain button stands in its place until the browser is
 * idle, or until the teacher reaches for it. A tap that comes first opens the menu as
 * soon as it has arrived.
 */
export function PhoneMoreMenu(props: PhoneMoreMenuProps) {
  const [Dropdown, setDropdown] = useState<Dropdown | null>(null);
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  const loading = useRef(false);
  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    loadDropdown().then(
      (component) => {
        // The menu's own trigger replaces the button: focus must not fall to the page.
        hadFocus.current = document.activeElement === button.current;
        setDropdown(() => component);
      },
      // Offline or a replaced deployment: the next reach for the button tries again.
      () => {
        loading.current = false;
      },
    );
  }, []);
  useEffect(() => whenIdle(load), [load]);
  useEffect(() => {
    if (Dropdown && hadFocus.current && !openWhenLoaded) button.current?.focus();
  }, [Dropdown, openWhenLoaded]);

  if (Dropdown) return <Dropdown {...props} defaultOpen={openWhenLoaded} triggerRef={button} />;
  return (
    <button
      ref={button}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={moreTriggerClassName(props.settingsActive)}
      onPointerEnter={load}
      onFocus={load}
      onClick={() => {
        setOpenWhenLoaded(true);
        load();
      }}
    >
      <MoreTriggerFace />
    </button>
  );
}
