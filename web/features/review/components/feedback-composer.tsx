import type { CreateFeedbackRequest } from '@contract/feedback';
import type { RegionDraft } from '@web/components/regions';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { processAudio } from '@web/lib/process-audio';
import { Mic, Type } from 'lucide-react';
import { useId, useState } from 'react';
import { useCreateFeedback } from '../api/feedback';
import type { TextSelection } from '../hooks/text-offsets';
import { type RecordedFeedback, Recorder } from './recorder';

const AUDIO_ERROR = 'There was an error processing your recording.';
const INACTIVE_HIDDEN = 'data-[state=inactive]:hidden';

interface FeedbackComposerProps {
  documentId: number;
  selection: TextSelection | null;
  /** A region marked on the page view instead of a passage. */
  region?: RegionDraft | null;
  /** Saving or cancelling: the passage is done with. */
  onDone: () => void;
  /** Recording started: the browser's selection is cleared, the passage is kept. */
  onRecordingStart: () => void;
}

export function FeedbackComposer({
  documentId,
  selection,
  region = null,
  onDone,
  onRecordingStart,
}: FeedbackComposerProps) {
  const create = useCreateFeedback(documentId);
  const textId = useId();
  const [text, setText] = useState('');
  // Remounting the tools resets them (and switches the microphone off) after save or cancel.
  const [generation, setGeneration] = useState(0);

  const finish = () => {
    setText('');
    setGeneration((n) => n + 1);
    onDone();
  };

  const anchor = (): Pick<
    CreateFeedbackRequest,
    'pageNumber' | 'startOffset' | 'endOffset' | 'highlightedText' | 'region' | 'regionCrop'
  > | null =>
    region
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
    if (!where || !text.trim()) return;
    create.mutate(
      { type: 'text', content: text.trim(), ...where },
      {
        onSuccess: () => {
          toast({ title: 'Feedback Saved', description: 'Your written feedback was added.' });
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
          {region
            ? 'Add Feedback for Selected Region'
            : selection
              ? 'Add Feedback for Selected Text'
              : 'Add Feedback'}
        </CardTitle>
        {region ? (
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
            <p className="text-xs text-slate-600">Page {selection.pageNumber}</p>
          </>
        ) : (
          <p className="text-sm text-slate-600">
            Select a passage in the document text, or mark a region on a photo or scanned page, to
            add audio or written feedback to it.
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
              disabled={!selection && !region}
              onStart={onRecordingStart}
              onSave={saveAudio}
            />
          </TabsContent>
          <TabsContent value="text" forceMount className={`space-y-3 ${INACTIVE_HIDDEN}`}>
            <div className="space-y-1.5">
              <Label htmlFor={textId}>Feedback text</Label>
              <Textarea
                id={textId}
                rows={4}
                value={text}
                maxLength={5000}
                onChange={(event) => setText(event.target.value)}
                placeholder="What went well, and what to improve"
              />
            </div>
            <Button
              onClick={saveText}
              disabled={(!selection && !region) || !text.trim() || create.isPending}
            >
              {create.isPending ? 'Saving…' : 'Save Feedback'}
            </Button>
          </TabsContent>
        </Tabs>
        {selection || region ? (
          <Button variant="ghost" className="mt-3" onClick={finish}>
            Cancel
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
