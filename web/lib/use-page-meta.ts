import { useEffect } from 'react';

const APP_TITLE = 'Classroom Voice';

/**
 * Sets the tab title and, for pages reached by a secret address (shared feedback, a
 * pupil's document), asks search engines not to index them. The server already sends
 * X-Robots-Tag; the meta tag covers crawlers that only read the page.
 */
export function usePageMeta({ title, noindex = false }: { title?: string; noindex?: boolean }) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · ${APP_TITLE}`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  useEffect(() => {
    if (!noindex) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, [noindex]);
}
