import type { DocumentSummary } from '@contract/documents';
import type { FeedbackItem } from '@contract/feedback';
import type { Ink, InkColour, InkStroke, InkTool } from '@contract/ink';
import { textPageOf } from '@contract/pupil-pages';
import { WORD_TEXT_ONLY } from '@web/components/feedback/page-source';
import { InkDraftPreview, InkDrawLayer, inkPicture } from '@web/components/ink';
import type { PageOverlayInfo } from '@web/components/page-view';
import { type DocumentViewMode, ViewToggle } from '@web/components/page-view';
import { type RegionDraft, regionMarks, useRegionOverlay } from '@web/components/regions';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useToastClearance } from '@web/components/ui/toast-clearance';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useDocumentExtract, useReopenDocument, useUpdateDocumentStatus } from '../api/document';
import { useFeedback } from '../api/feedback';
import type { TextSelection } from '../hooks/text-offsets';
import { DocumentPagePanel } from './document-page-panel';
import { DocumentTextPanel } from './document-text-panel';
import { EmbeddedReviewHeader } from './embedded-review-header';
import { type DrawingDraft, FeedbackComposer } from './feedback-composer';
import { FeedbackList } from './feedback-list';
import { InkToolbar } from './ink-toolbar';
import { MarkCard } from './mark-card';
import type { Pulse } from './page-text';
import { PrintView } from './print-view';
import { ReviewFooter } from './review-footer';
import { ReviewHeader } from './review-header';
import { ShareDialog } from './share-dialog';
import { ShareLinksCard } from './share-links-card';

// Spec §9: a highlight pulses for 2 seconds.
const PULSE_MS = 2000;
const NO_ITEMS: FeedbackItem[] = [];
const NO_PAGE_NUMBERS: number[] = [];

function pupilName(doc: DocumentSummary): string {
  const full = [doc.student?.name, doc.student?.surname].filter(Boolean).join(' ');
  if (doc.student?.surname) return full;
  return doc.author && doc.author !== 'Unknown Student' ? doc.author : full;
}

function clearBrowserSelection() {
  window.getSelection()?.removeAllRanges();
}

export function ReviewWorkspace({
  doc,
  openShareOnLoad,
  embedded = false,
}: {
  doc: DocumentSummary;
  openShareOnLoad: boolean;
  /** On the dashboard: a compact header instead of the page's, and no footer. */
  embedded?: boolean;
}) {
  const [path, navigate] = useLocation();
  const extract = useDocumentExtract(doc.id);
  const feedback = useFeedback(doc.id);
  const status = useUpdateDocumentStatus(doc.id);
  const reopening = useReopenDocument(doc.id);
  const items = feedback.data ?? NO_ITEMS;
  const reviewed = doc.status === 'reviewed';
  // Feedback hangs on passages of the text: with none to select, there is nothing to add it to.
  const hasText = extract.data?.status === 'done' && extract.data.pages.length > 0;
  const pageNumbers = extract.data?.pageNumbers ?? NO_PAGE_NUMBERS;

  const [page, setPage] = useState(1);
  const [selection, setSelection] = useState<TextSelection | null>(null);
  const [regionDraft, setRegionDraft] = useState<RegionDraft | null>(null);
  // Drawing on the page: the chosen tool and colour, and the strokes not yet saved.
  const [inkTool, setInkTool] = useState<InkTool | null>(null);
  const [inkColour, setInkColour] = useState<InkColour>('red');
  const [drawing, setDrawing] = useState<DrawingDraft | null>(null);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [pulse, setPulse] = useState<Pulse | null>(null);
  const [shareOpen, setShareOpen] = useState(false);
  const [confirmReview, setConfirmReview] = useState(false);
  const [printing, setPrinting] = useState<DocumentViewMode | null>(null);
  const [mode, setMode] = useState<DocumentViewMode>('text');
  const pageKind =
    doc.originalKind === 'pdf' || doc.originalKind === 'image' ? doc.originalKind : null;
  const [scrollTo, setScrollTo] = useState<number | null>(null);
  const footerRef = useRef<HTMLDivElement>(null);
  useToastClearance(footerRef);
  const itemRefs = useRef(new Map<number, HTMLElement>());
  const pulseTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // "Share" in the documents list lands here with ?share=1; drop it so a reload does not reopen.
  useEffect(() => {
    if (!openShareOnLoad) return;
    setShareOpen(true);
    navigate(path, { replace: true });
  }, [openShareOnLoad, navigate, path]);

  useEffect(() => () => clearTimeout(pulseTimer.current), []);

  const startPulse = useCallback((id: number) => {
    clearTimeout(pulseTimer.current);
    setPulse({ id, token: Date.now() });
    pulseTimer.current = setTimeout(() => setPulse(null), PULSE_MS);
  }, []);

  const onHighlightClick = useCallback(
    (id: number) => {
      setActiveId(id);
      startPulse(id);
      const item = itemRefs.current.get(id);
      item?.focus({ preventScroll: true });
      item?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    },
    [startPulse],
  );

  const onShowInText = useCallback(
    (item: FeedbackItem) => {
      setMode('text');
      setPage(textPageOf(item, pageNumbers));
      setActiveId(item.id);
      startPulse(item.id);
      setScrollTo(item.id);
    },
    [startPulse, pageNumbers],
  );

  // A region is on the page as handed in: the page view shows it.
  const onShowOnPage = useCallback((item: FeedbackItem) => {
    setMode('page');
    setActiveId(item.id);
    setScrollTo(-item.id);
  }, []);

  // After the page has rendered, bring the highlight into view.
  useEffect(() => {
    if (scrollTo === null) return;
    // A negative id is a region's, drawn on the page view.
    const marker = document.querySelector<HTMLElement>(
      scrollTo < 0 ? `[data-region-for="${-scrollTo}"]` : `[data-marker-for="${scrollTo}"]`,
    );
    marker?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    if (marker || scrollTo > 0) setScrollTo(null);
  }, [scrollTo]);

  // The chosen passage survives a page turn (a recording may be running for it); it is
  // marked again when its page is back in view.
  const changePage = (next: number) => {
    setPage(next);
    setActiveId(null);
  };

  const clearSelection = useCallback(() => {
    setSelection(null);
    setRegionDraft(null);
    setDrawing(null);
    clearBrowserSelection();
  }, []);

  // A passage, a region or a drawing: choosing one lets go of the others.
  const selectPassage = useCallback((next: TextSelection) => {
    setRegionDraft(null);
    setDrawing(null);
    setSelection(next);
  }, []);
  const onRegionDraft = useCallback((next: RegionDraft) => {
    setSelection(null);
    setDrawing(null);
    clearBrowserSelection();
    setRegionDraft(next);
    const heading = document.getElementById('composer-heading');
    heading?.focus({ preventScroll: true });
  }, []);

  // Each line or shape adds to the drawing on its page; the composer then offers to save it.
  const drawingRef = useRef<DrawingDraft | null>(null);
  drawingRef.current = drawing;
  const onStroke = useCallback((stroke: InkStroke, pageNumber: number, layer: HTMLElement) => {
    const current = drawingRef.current;
    if (current && current.ink.page !== pageNumber) {
      toast({
        title: 'One page at a time',
        description: `Save or cancel the drawing on page ${current.ink.page} before drawing on another page.`,
        variant: 'destructive',
      });
      return;
    }
    const ink: Ink = { page: pageNumber, strokes: [...(current?.ink.strokes ?? []), stroke] };
    setSelection(null);
    setRegionDraft(null);
    clearBrowserSelection();
    setDrawing({ ink, layer, picture: inkPicture(layer, ink) });
  }, []);
  const undoStroke = useCallback(() => {
    const current = drawingRef.current;
    if (!current) return;
    const strokes = current.ink.strokes.slice(0, -1);
    if (strokes.length === 0) {
      setDrawing(null);
      return;
    }
    const ink = { ...current.ink, strokes };
    setDrawing({ ...current, ink, picture: inkPicture(current.layer, ink) });
  }, []);
  const changeMode = useCallback((next: DocumentViewMode) => {
    setMode(next);
    // The tools draw on the pages as handed in; the text view selects words.
    if (next === 'text') setInkTool(null);
  }, []);
  const marks = useMemo(() => regionMarks(items), [items]);
  const drawingTool = reviewed ? null : inkTool;
  const renderRegions = useRegionOverlay({
    marks,
    activeId,
    draft: regionDraft?.region ?? null,
    // While a drawing tool is chosen, a drag draws with it rather than marking a region.
    onDraft: reviewed || drawingTool ? undefined : onRegionDraft,
    onMarkClick: onHighlightClick,
  });
  const drawingInk = drawing?.ink ?? null;
  const renderPageOverlay = useCallback(
    (page: PageOverlayInfo) => (
      <>
        {renderRegions(page)}
        {drawingTool ? (
          <InkDrawLayer
            page={page}
            tool={drawingTool}
            colour={inkColour}
            draft={drawingInk}
            onStroke={onStroke}
          />
        ) : drawingInk ? (
          <InkDraftPreview page={page} draft={drawingInk} />
        ) : null}
      </>
    ),
    [renderRegions, drawingTool, inkColour, drawingInk, onStroke],
  );

  const saveDraft = () => {
    const saved = () =>
      toast({
        title: 'Draft Saved',
        description: 'Your feedback is saved; the document stays under review.',
      });
    if (doc.status !== 'new') {
      saved();
      return;
    }
    status.mutate('under review', {
      onSuccess: saved,
      onError: (error) =>
        toast({
          title: 'Draft not saved',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  const markReviewed = (event: { preventDefault: () => void }) => {
    // The dialog stays open until the server answers, so a failure is seen where it was asked.
    event.preventDefault();
    status.mutate('reviewed', {
      onSuccess: () => {
        setConfirmReview(false);
        clearSelection();
        toast({
          title: 'Document Marked as Reviewed',
          description: `Pupils and parents now see the feedback on “${doc.title}”.`,
        });
      },
      onError: (error) =>
        toast({
          title: 'Document not updated',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  const reopen = () =>
    reopening.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Reopened for feedback',
          description: `Pupils and parents keep seeing the feedback as shared until you share “${doc.title}” or mark it reviewed again.`,
        }),
      onError: (error) =>
        toast({
          title: 'Document not reopened',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });

  const print = (what: DocumentViewMode) => {
    toast({ title: 'Print Document', description: 'Sending document to printer...' });
    setPrinting(what);
  };
  const donePrinting = useCallback(() => setPrinting(null), []);
  const jumpToComposer = () => {
    const heading = document.getElementById('composer-heading');
    heading?.focus({ preventScroll: true });
    heading?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  return (
    <>
      {embedded ? (
        <EmbeddedReviewHeader doc={doc} onShare={() => setShareOpen(true)} />
      ) : (
        <ReviewHeader
          doc={doc}
          reviewed={reviewed}
          onShare={() => setShareOpen(true)}
          onPrint={print}
          canPrintPages={pageKind !== null}
          onMarkReviewed={() => setConfirmReview(true)}
          onReopen={reopen}
        />
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-3">
          {doc.originalKind === 'word' ? (
            <ViewToggle value="text" onChange={changeMode} pageUnavailable={WORD_TEXT_ONLY} />
          ) : pageKind ? (
            <ViewToggle value={mode} onChange={changeMode} />
          ) : null}
          {mode === 'page' && pageKind && !reviewed ? (
            <InkToolbar
              tool={inkTool}
              colour={inkColour}
              onTool={setInkTool}
              onColour={setInkColour}
            />
          ) : null}
          {mode === 'page' && pageKind ? (
            <DocumentPagePanel
              doc={doc}
              kind={pageKind}
              textPages={hasText ? (extract.data?.pages ?? []) : []}
              items={items}
              activeId={activeId}
              selection={selection}
              selectable={!reviewed}
              onSelect={selectPassage}
              onHighlightClick={onHighlightClick}
              onJumpToComposer={jumpToComposer}
              renderPageOverlay={renderPageOverlay}
            />
          ) : (
            <DocumentTextPanel
              doc={doc}
              extract={extract.data}
              extractFailed={extract.isError}
              page={page}
              onPageChange={changePage}
              items={items}
              activeId={activeId}
              pulse={pulse}
              selection={selection}
              selectable={!reviewed}
              onSelect={setSelection}
              onHighlightClick={onHighlightClick}
              onJumpToComposer={jumpToComposer}
            />
          )}
        </div>
        <div className="min-w-0 space-y-6">
          {reviewed || !(hasText || pageKind) ? null : (
            <FeedbackComposer
              documentId={doc.id}
              selection={selection}
              pageNumbers={pageNumbers}
              region={regionDraft}
              drawing={drawing}
              onUndoStroke={undoStroke}
              onDone={clearSelection}
              onRecordingStart={clearBrowserSelection}
            />
          )}
          <FeedbackList
            items={items}
            pageNumbers={pageNumbers}
            isPending={feedback.isPending}
            activeId={activeId}
            readOnly={reviewed}
            canAdd={!reviewed && (hasText || pageKind !== null)}
            onShowOnPage={pageKind ? onShowOnPage : undefined}
            itemRefs={itemRefs}
            onShowInText={onShowInText}
          />
          <MarkCard documentId={doc.id} readOnly={reviewed} />
          <ShareLinksCard documentId={doc.id} />
        </div>
      </div>
      {embedded ? null : (
        // Pinned to the window's foot on wide screens: its actions stay in reach and in view.
        <div ref={footerRef} className="z-20 mt-6 md:sticky md:bottom-4">
          <ReviewFooter
            doc={doc}
            count={items.length}
            reviewed={reviewed}
            busy={status.isPending || reopening.isPending}
            onSaveDraft={saveDraft}
            onShare={() => setShareOpen(true)}
            onMarkReviewed={() => setConfirmReview(true)}
            onReopen={reopen}
          />
        </div>
      )}
      <ConfirmDialog
        open={confirmReview}
        onOpenChange={setConfirmReview}
        title="Mark this document as reviewed?"
        description={`Pupils and parents will see the feedback on “${doc.title}” as it is now, and links you have shared keep working. You can reopen it later to add or change feedback.`}
        confirmLabel="Mark as Reviewed"
        pendingLabel="Marking…"
        pending={status.isPending}
        onConfirm={markReviewed}
      />
      <ShareDialog
        documentId={doc.id}
        open={shareOpen}
        onOpenChange={setShareOpen}
        studentName={pupilName(doc)}
      />
      {printing ? (
        <PrintView
          what={
            printing === 'page' && pageKind
              ? { kind: pageKind, url: `/api/documents/${doc.id}/original` }
              : 'text'
          }
          title={doc.title}
          author={doc.author}
          pages={extract.data?.pages ?? []}
          pageNumbers={pageNumbers}
          items={items}
          onDone={donePrinting}
        />
      ) : null}
    </>
  );
}
