import { buttonClasses } from '@web/components/ui/button';
import { ChevronDown, Download } from 'lucide-react';
import { type ComponentType, useState } from 'react';

type Popup = ComponentType<{ downloadUrl: string; focusTrigger: boolean; open: boolean }>;

export function DownloadLabel() {
  return (
    <>
      <Download aria-hidden="true" />
      Download
      <ChevronDown aria-hidden="true" />
    </>
  );
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * The Download menu of a shared link and of a pupil's document. The menu (Radix, with its
 * positioning and focus machinery: about 25 KiB) is fetched only when the reader points
 * at, focuses or presses this button, so the page itself stays light (decision 0029). The
 * stand-in looks and is announced as the real trigger, which takes its place, its focus
 * and, if it was already pressed, opens.
 */
export function DownloadMenu({ downloadUrl }: { downloadUrl: string }) {
  const [popup, setPopup] = useState<{ Popup: Popup } | null>(null);
  const [focused, setFocused] = useState(false);
  const [pressed, setPressed] = useState(false);

  const load = () => {
    void import('./download-menu-popup').then(({ DownloadMenuPopup }) =>
      setPopup({ Popup: DownloadMenuPopup }),
    );
  };

  if (popup) {
    return <popup.Popup downloadUrl={downloadUrl} focusTrigger={focused} open={pressed} />;
  }
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={buttonClasses({ variant: 'outline' })}
      onPointerEnter={load}
      onFocus={() => {
        setFocused(true);
        load();
      }}
      onBlur={() => setFocused(false)}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        setPressed(true);
        load();
      }}
      onKeyDown={(event) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        setPressed(true);
        load();
      }}
    >
      <DownloadLabel />
    </button>
  );
}
