import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Shows `children` once their place comes within a screen's height of the viewport, and
 * `placeholder` (which keeps the place) until then. A section far down a long page, such
 * as the dashboard's embedded tools on a phone, then costs nothing (code, requests,
 * rendering) until the reader scrolls towards it; on a large screen it is in range at once.
 */
export function NearViewport({
  placeholder,
  children,
}: {
  placeholder: ReactNode;
  children: ReactNode;
}) {
  const [near, setNear] = useState(false);
  const place = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return near ? children : <div ref={place}>{placeholder}</div>;
}
