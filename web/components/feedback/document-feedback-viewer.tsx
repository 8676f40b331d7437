import { feedbackPageLabel, pageOfLabel, textPageLabel, textPageOf } from '@contract/pupil-pages';
// The modules themselves, not the page-view barrel: its PageView is loaded when chosen.
import { type PageSource, pageHighlights } from '@web/components/page-view/types';
import { type DocumentViewMode, ViewToggle } from '@web/components/page-view/view-toggle';
import { Card } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { FileText, List } from 'lucide-react';
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { FeedbackCard } from './feedback-card';
import type { FeedbackEntry } from './feedback-entry';
import { HighlightedText } from './highlighted-text';
import { highlightsForPage } from './page-highlights';
import { PageNavigation } from './page-navigation';
import { PrintableDocument } from './printable-document';

// The page view (the pupil's pages, regions drawn over them) loads when it is chosen.
const FeedbackPageView = lazy(async () => ({
  default: (await import('./feedback-page-view')).FeedbackPageView,
}));

// Two long tab names share a phone's width: let them wrap rather than scroll out of sight.
const TAB_WRAP =
  'max-sm:h-auto max-sm:min-h-8 max-sm:py-1.5 max-sm:whitespace-normal max-sm:text-center';

interface DocumentFeedbackViewerProps {
  pages: string[];
  /** The pupil's page number of each text page, and how many pages the file has. */
  pageNumbers: number[];
  pageCount: number;
  entries: FeedbackEntry[];
  /** Shown in place of the feedback when there is none (e.g. not shared yet). */
  noFeedbackMessage?: ReactNode;
  /** Shown in place of the text when none could be read from the file. */
  noTextMessage?: ReactNode;
  /** The pupil's file for the page view (a PDF or photo); none for a Word file. */
  pageSource?: PageSource | null;
  /** Why there is no page view, when the file is a Word document. */
  pageUnavailable?: string | null;
  /** Names the pages for screen readers. */
  title?: string;
}

/**
 * A pupil's work with the teacher's feedback, as parents and pupils see it: one page at a
 * time with the commented passages marked and that page's comments beside it, or every
 * comment in one list. Shared by the feedback link and the pupil's own document page.
 */
export function DocumentFeedbackViewer({
  pages,
  pageNumbers,
  pageCount,
  entries,
  noFeedbackMessage = 'There is no feedback on this document.',
  noTextMessage = "The text of this document can't be shown here.",
  pageSource = null,
  pageUnavailable = null,
  title = 'the document',
}: DocumentFeedbackViewerProps) {
  const [mode, setMode] = useState<DocumentViewMode>('text');
  const onPage = mode === 'page' && pageSource !== null;
  const highlights = useMemo(() => pageHighlights(entries), [entries]);
  const totalPages = pages.length;
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const cards = useRef(new Map<number, HTMLElement>());
  const [pendingFocus, setPendingFocus] = useState<number | null>(null);

  // With no text there are no pages: every comment belongs beside the "no text" notice. A
  // region's comment is beside the first text page of its page of the file.
  const pageEntries =
    totalPages === 0 || onPage
      ? entries
      : entries.filter((e) => textPageOf(e, pageNumbers) === page);
  const numberOf = (id: number) => entries.findIndex((e) => e.id === id) + 1;

  const select = useCallback((id: number) => {
    setSelectedId(id);
    setPendingFocus(id);
  }, []);
  // A highlight clicked on the page view selects the item as in the text, on its text page.
  const selectOnPage = useCallback(
    (id: number) => {
      const entry = entries.find((e) => e.id === id);
      if (entry) setPage(textPageOf(entry, pageNumbers));
      select(id);
    },
    [entries, pageNumbers, select],
  );

  // Bring the chosen comment into view once it is rendered; on a phone it sits below the text.
  useEffect(() => {
    if (pendingFocus === null) return;
    const card = cards.current.get(pendingFocus);
    if (card) {
      card.focus({ preventScroll: true });
      card.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    }
    setPendingFocus(null);
  }, [pendingFocus]);

  const goTo = (next: number) => {
    setPage(Math.min(Math.max(1, next), totalPages));
    setSelectedId(null);
  };

  const noFeedback = (
    <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">
      {noFeedbackMessage}
    </p>
  );

  return (
    <>
      <Tabs defaultValue="document" className="print:hidden">
        <TabsList
          aria-label="How to show the feedback"
          className="max-sm:grid max-sm:w-full max-sm:grid-cols-2"
        >
          <TabsTrigger value="document" className={TAB_WRAP}>
            <FileText aria-hidden="true" />
            Document with Highlights
          </TabsTrigger>
          <TabsTrigger value="list" className={TAB_WRAP}>
            <List aria-hidden="true" />
            Feedback List ({entries.length})
          </TabsTrigger>
        </TabsList>

        <TabsContent value="document">
          <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="flex min-w-0 flex-col gap-3">
              {pageUnavailable ? (
                <ViewToggle value="text" onChange={setMode} pageUnavailable={pageUnavailable} />
              ) : pageSource ? (
                <ViewToggle value={mode} onChange={setMode} />
              ) : null}
              {onPage && pageSource ? (
                <Card className="flex min-w-0 flex-col overflow-hidden">
                  <Suspense
                    fallback={
                      <p role="status" className="p-5 text-sm text-slate-700">
                        Loading the pages…
                      </p>
                    }
                  >
                    <FeedbackPageView
                      source={pageSource}
                      label={`Pages of ${title}`}
                      textPages={pages}
                      entries={entries}
                      highlights={highlights}
                      activeId={selectedId}
                      onSelect={selectOnPage}
                    />
                  </Suspense>
                </Card>
              ) : (
                <Card className="flex min-w-0 flex-col">
                  {totalPages === 0 ? (
                    <p className="p-5 text-sm text-slate-700">{noTextMessage}</p>
                  ) : (
                    <>
                      <section
                        // A new page starts at its top, not where the last one was scrolled to.
                        key={page}
                        // A long page scrolls inside the card; it must then take keyboard focus.
                        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions need a focus stop (WCAG 2.1.1).
                        tabIndex={0}
                        aria-label={pageOfLabel(pageNumbers, pageCount, page)}
                        className="p-5 sm:p-6 lg:max-h-[600px] lg:overflow-y-auto"
                      >
                        <HighlightedText
                          text={pages[page - 1] ?? ''}
                          highlights={highlightsForPage(entries, page)}
                          selectedId={selectedId}
                          onSelect={select}
                        />
                      </section>
                      <PageNavigation
                        page={page}
                        totalPages={totalPages}
                        label={pageOfLabel(pageNumbers, pageCount, page)}
                        onChange={goTo}
                        position="bottom"
                      />
                    </>
                  )}
                </Card>
              )}
            </div>

            <section aria-labelledby="page-feedback-heading" className="min-w-0">
              <h2
                id="page-feedback-heading"
                className="mb-3 text-base font-semibold text-slate-900"
              >
                {totalPages === 0 || onPage
                  ? 'Feedback'
                  : `Feedback on ${textPageLabel(pageNumbers, page).replace(/^Page/, 'page')}`}
              </h2>
              {entries.length === 0 ? (
                noFeedback
              ) : pageEntries.length === 0 ? (
                <p className="text-sm text-slate-700">No feedback on this page.</p>
              ) : (
                <div className="space-y-3">
                  {pageEntries.map((entry) => (
                    <FeedbackCard
                      key={entry.id}
                      ref={(node) => {
                        if (node) cards.current.set(entry.id, node);
                        else cards.current.delete(entry.id);
                      }}
                      entry={entry}
                      number={numberOf(entry.id)}
                      selected={selectedId === entry.id}
                      // Beside all the pages at once, each comment says which page it is on.
                      pageLabel={
                        onPage && pageCount > 1 ? feedbackPageLabel(entry, pageNumbers) : null
                      }
                    />
                  ))}
                </div>
              )}
            </section>
          </div>
        </TabsContent>

        <TabsContent value="list">
          <h2 className="sr-only">All feedback</h2>
          {entries.length === 0 ? (
            noFeedback
          ) : (
            <div className="grid gap-3 md:grid-cols-2">
              {entries.map((entry, index) => (
                <FeedbackCard
                  key={entry.id}
                  entry={entry}
                  number={index + 1}
                  pageLabel={pageCount > 1 ? feedbackPageLabel(entry, pageNumbers) : null}
                />
              ))}
            </div>
          )}
        </TabsContent>
      </Tabs>
      <PrintableDocument pages={pages} pageNumbers={pageNumbers} entries={entries} />
    </>
  );
}
