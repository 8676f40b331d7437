import { feedbackPageLabel, textPageLabel } from '@contract/pupil-pages';
import { formatDuration } from '@web/lib/format-time';
import { type FeedbackEntry, noteOf, transcriptOf } from './feedback-entry';
import { HighlightedText } from './highlighted-text';
import { highlightsForPage } from './page-highlights';

interface PrintableDocumentProps {
  pages: string[];
  /** The pupil's page number of each text page (contract/pupil-pages.ts). */
  pageNumbers: number[];
  entries: FeedbackEntry[];
  /** False when the pages are printed as handed in (the page view) and only the comments follow. */
  withText?: boolean;
}

/**
 * What Print puts on paper: every page of the text with numbered highlights, then every
 * comment. Hidden on screen, where the tabs show the same in an interactive form. The
 * text runs on from one text page to the next, single-spaced, with a small marker where
 * each starts, named as the feedback names it ("Page 3", "Page 3 (continued)"): a 14-page
 * paper prints on about as many sheets, not one line per paragraph double-spaced.
 */
export function PrintableDocument({
  pages,
  pageNumbers,
  entries,
  withText = true,
}: PrintableDocumentProps) {
  return (
    <div className="hidden print:block">
      {(withText ? pages : []).map((text, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a page is its position; the list never reorders.
        <section key={`page-${index + 1}`} className="mb-3">
          {pages.length > 1 ? (
            <h2 className="mb-1 text-xs font-semibold text-slate-600">
              {textPageLabel(pageNumbers, index + 1)}
            </h2>
          ) : null}
          <HighlightedText
            text={text}
            highlights={highlightsForPage(entries, index + 1)}
            className="text-[11pt] leading-snug"
          />
        </section>
      ))}
      {entries.length > 0 ? (
        <section className={withText ? 'break-before-page' : 'mt-6'}>
          <h2 className="mb-3 text-lg font-semibold">Feedback</h2>
          <ol className="space-y-3">
            {entries.map((entry, index) => {
              const note = noteOf(entry);
              const transcript = transcriptOf(entry);
              return (
                <li key={entry.id} className="break-inside-avoid text-sm">
                  <p className="font-semibold">
                    [{index + 1}] {entry.type === 'audio' ? 'Audio feedback' : 'Written feedback'}
                    {entry.type === 'audio' ? ` (${formatDuration(entry.audioDuration)})` : ''},{' '}
                    {feedbackPageLabel(entry, pageNumbers).toLowerCase()}
                  </p>
                  {entry.highlightedText ? (
                    <p className="italic">“{entry.highlightedText}”</p>
                  ) : null}
                  {entry.type === 'audio' ? (
                    <>
                      {note ? (
                        <p className="whitespace-pre-wrap">Teacher&rsquo;s note: {note}</p>
                      ) : null}
                      {transcript ? (
                        <p className="whitespace-pre-wrap">Transcript: {transcript}</p>
                      ) : null}
                    </>
                  ) : note ? (
                    <p className="whitespace-pre-wrap">{note}</p>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
