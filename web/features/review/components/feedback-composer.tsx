import type { CreateFeedbackRequest } from '@contract/feedback';
import { drawingLabel, type Ink } from '@contract/ink';
import type { BankComment } from '@contract/marking';
import { feedbackPageLabel } from '@contract/pupil-pages';
import { isPdfPage, type RegionDraft } from '@web/components/regions';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { processAudio } from '@web/lib/process-audio';
import { BookmarkPlus, Library, Mic, Type, Undo2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useRefreshCommentBank, useSaveBankComment } from '../api/comment-bank';
import { useCreateFeedback } from '../api/feedback';
import type { TextSelection } from '../hooks/text-offsets';
import { CommentBankDialog } from './comment-bank-dialog';
import { CommentBankPicker } from './comment-bank-picker';
import { type RecordedFeedback, Recorder } from './recorder';

const AUDIO_ERROR = 'There was an error processing your recording.';

/** A drawing on the page not yet saved: its strokes, the page's layer, and its picture. */
export interface DrawingDraft {
  ink: Ink;
  /** The page's overlay it was drawn on: its picture is cut from that page. */
  layer: HTMLElement;
  /** The drawing over its part of the page (data: URL), for the preview and a PDF page. */
  picture: string | null;
}
const INACTIVE_HIDDEN = 'data-[state=inactive]:hidden';

interface FeedbackComposerProps {
  documentId: number;
  selection: TextSelection | null;
  /** The pupil's page number of each text page: the passage is labelled by its page. */
  pageNumbers: number[];
  /** A region marked on the page view instead of a passage. */
  region?: RegionDraft | null;
  /** A drawing on the page view instead of a passage or a region. */
  drawing?: DrawingDraft | null;
  /** Takes the drawing's last line or shape off. */
  onUndoStroke?: () => void;
  /** Saving or cancelling: the passage is done with. */
  onDone: () => void;
  /** Recording started: the browser's selection is cleared, the passage is kept. */
  onRecordingStart: () => void;
}

export function FeedbackComposer({
  documentId,
  selection,
  pageNumbers,
  region = null,
  drawing = null,
  onUndoStroke,
  onDone,
  onRecordingStart,
}: FeedbackComposerProps) {
  const create = useCreateFeedback(documentId);
  const saveToBank = useSaveBankComment();
  const refreshBank = useRefreshCommentBank();
  const textId = useId();
  const textArea = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  // The bank's comments put into this comment: counted as used when it is saved.
  const [usedBankIds, setUsedBankIds] = useState<number[]>([]);
  const [managingBank, setManagingBank] = useState(false);
  const hasAnchor = Boolean(selection || region || drawing);
  // Remounting the tools resets them (and switches the microphone off) after save or cancel.
  const [generation, setGeneration] = useState(0);

  const finish = () => {
    setText('');
    setUsedBankIds([]);
    setGeneration((n) => n + 1);
    onDone();
  };

  /** A bank comment goes in where the caret is (or at the end), and the caret after it. */
  const insertComment = (comment: BankComment) => {
    const area = textArea.current;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    const before = text.slice(0, start);
    const after = text.slice(end);
    const gap = before && !/\s$/.test(before) ? ' ' : '';
    const next = `${before}${gap}${comment.text}${after}`;
    setText(next);
    setUsedBankIds((ids) => (ids.includes(comment.id) ? ids : [...ids, comment.id]));
    const caret = before.length + gap.length + comment.text.length;
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(caret, caret);
    });
  };

  const keepInBank = () => {
    const comment = text.trim();
    if (!comment) return;
    saveToBank.mutate(comment, {
      onSuccess: (saved) => {
        setUsedBankIds((ids) => (ids.includes(saved.id) ? ids : [...ids, saved.id]));
        toast({
          title: 'Saved to your comment bank',
          description: 'Insert it again from “Insert from comment bank”.',
        });
      },
      onError: (error) =>
        toast({
          title: 'Comment not saved to your bank',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  const anchor = (): Pick<
    CreateFeedbackRequest,
    'pageNumber' | 'startOffset' | 'endOffset' | 'highlightedText' | 'region' | 'regionCrop' | 'ink'
  > | null =>
    drawing
      ? {
          pageNumber: drawing.ink.page,
          ink: drawing.ink,
          // A PDF page's picture comes from the browser; the server draws a photo's itself.
          regionCrop: isPdfPage(drawing.layer) ? drawing.picture : null,
        }
      : region
        ? { pageNumber: region.region.page, region: region.region, regionCrop: region.crop }
        : selection
          ? {
              pageNumber: selection.pageNumber,
              startOffset: selection.start,
              endOffset: selection.end,
              highlightedText: selection.text,
            }
          : null;

  const saveText = () => {
    const where = anchor();
    // A drawing may be saved without words; a passage or a region needs some.
    if (!where || (!text.trim() && !drawing)) return;
    create.mutate(
      { type: 'text', content: text.trim(), ...where, commentBankIds: usedBankIds },
      {
        onSuccess: () => {
          toast({
            title: 'Feedback Saved',
            description: drawing ? 'Your drawing was added.' : 'Your written feedback was added.',
          });
          if (usedBankIds.length > 0) refreshBank();
          finish();
        },
        onError: (error) =>
          toast({
            title: 'Feedback not saved',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  const saveAudio = async ({ recording, note, transcript }: RecordedFeedback) => {
    const where = anchor();
    if (!where) return false;
    try {
      const processed = await processAudio(recording.blob, transcript);
      await create.mutateAsync({
        type: 'audio',
        content: note,
        ...where,
        audioUrl: processed.audioUrl,
        audioDuration: processed.duration,
        transcript: processed.transcript || null,
        enhancedTranscript: processed.enhancedTranscript || null,
      });
    } catch (error) {
      toast({
        title: 'Error processing audio',
        description: errorMessage(error, AUDIO_ERROR),
        variant: 'destructive',
      });
      return false;
    }
    toast({ title: 'Feedback Saved', description: 'Your audio feedback was added.' });
    finish();
    return true;
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle id="composer-heading" tabIndex={-1} className="outline-none">
          {drawing
            ? 'Add Feedback for Drawing'
            : region
              ? 'Add Feedback for Selected Region'
              : selection
                ? 'Add Feedback for Selected Text'
                : 'Add Feedback'}
        </CardTitle>
        {drawing ? (
          <figure className="mt-1 space-y-1">
            {drawing.picture ? (
              <img
                src={drawing.picture}
                alt={`The drawing on page ${drawing.ink.page}`}
                className="max-h-32 max-w-full rounded border border-indigo-300 bg-white object-contain"
              />
            ) : null}
            <figcaption className="flex flex-wrap items-center gap-x-3 text-xs text-slate-600">
              <span>
                {drawingLabel(drawing.ink.page)} ·{' '}
                {drawing.ink.strokes.length === 1
                  ? '1 line or shape'
                  : `${drawing.ink.strokes.length} lines and shapes`}
              </span>
              {onUndoStroke ? (
                <Button variant="link" size="sm" className="text-xs" onClick={onUndoStroke}>
                  <Undo2 aria-hidden="true" />
                  Undo last line
                </Button>
              ) : null}
            </figcaption>
          </figure>
        ) : region ? (
          <figure className="mt-1 space-y-1">
            {region.preview ? (
              <img
                src={region.preview}
                alt={`The region marked on page ${region.region.page}`}
                className="max-h-32 max-w-full rounded border border-indigo-300 bg-white object-contain"
              />
            ) : null}
            <figcaption className="text-xs text-slate-600">
              Region on page {region.region.page}
            </figcaption>
          </figure>
        ) : selection ? (
          <>
            <blockquote className="mt-1 line-clamp-4 border-l-4 border-indigo-300 bg-indigo-50 px-3 py-2 text-sm text-slate-800 italic">
              <span className="sr-only">Selected passage: </span>“{selection.text}”
            </blockquote>
            <p className="text-xs text-slate-600">{feedbackPageLabel(selection, pageNumbers)}</p>
          </>
        ) : (
          <p className="text-sm text-slate-600">
            Select a passage in the document text, mark a region on a photo or scanned page, or draw
            on a page, to add audio or written feedback to it.
          </p>
        )}
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="audio">
          <TabsList aria-label="Kind of feedback" className="w-full">
            <TabsTrigger value="audio" className="flex-1">
              <Mic aria-hidden="true" />
              Audio Feedback
            </TabsTrigger>
            <TabsTrigger value="text" className="flex-1">
              <Type aria-hidden="true" />
              Text Feedback
            </TabsTrigger>
          </TabsList>
          {/* Kept mounted, so switching tabs neither stops a recording nor loses a draft. */}
          <TabsContent value="audio" forceMount className={INACTIVE_HIDDEN}>
            <Recorder
              key={generation}
              disabled={!hasAnchor}
              onStart={onRecordingStart}
              onSave={saveAudio}
            />
          </TabsContent>
          <TabsContent value="text" forceMount className={`space-y-3 ${INACTIVE_HIDDEN}`}>
            <div className="space-y-1.5">
              <Label htmlFor={textId}>{drawing ? 'Comment (optional)' : 'Feedback text'}</Label>
              <Textarea
                id={textId}
                ref={textArea}
                rows={4}
                value={text}
                maxLength={5000}
                onChange={(event) => setText(event.target.value)}
                placeholder="What went well, and what to improve"
              />
            </div>
            <CommentBankPicker onInsert={insertComment} />
            <div className="flex flex-wrap gap-2">
              <Button
                onClick={saveText}
                disabled={!hasAnchor || (!text.trim() && !drawing) || create.isPending}
              >
                {create.isPending
                  ? 'Saving…'
                  : drawing && !text.trim()
                    ? 'Save Drawing'
                    : 'Save Feedback'}
              </Button>
              <Button
                variant="outline"
                onClick={keepInBank}
                disabled={!text.trim() || saveToBank.isPending}
              >
                <BookmarkPlus aria-hidden="true" />
                Save to comment bank
              </Button>
            </div>
            <Button variant="link" size="sm" onClick={() => setManagingBank(true)}>
              <Library aria-hidden="true" />
              Manage comment bank
            </Button>
            <CommentBankDialog open={managingBank} onOpenChange={setManagingBank} />
          </TabsContent>
        </Tabs>
        {hasAnchor ? (
          <Button variant="ghost" className="mt-3" onClick={finish}>
            Cancel
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
