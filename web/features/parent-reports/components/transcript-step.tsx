import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { usePreferences } from '@web/lib/teacher-preferences';
import { Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { enhanceTranscript } from '../api/transcripts';
import type { TranscriptSource } from './report-recorder';
import { TranscriptDiff } from './transcript-diff';

const SOURCE_LABELS: Record<TranscriptSource, string> = {
  dictation: "Transcribed by your browser's dictation while you recorded.",
  provider: 'Transcribed by the transcription service your school configured.',
  typed: 'No transcription was available: type what you said, then Enhance.',
};

interface TranscriptStepProps {
  source: TranscriptSource | null;
  transcript: string;
  onTranscriptChange: (text: string) => void;
  enhanced: string;
  onEnhancedChange: (text: string) => void;
}

export function TranscriptStep({
  source,
  transcript,
  onTranscriptChange,
  enhanced,
  onEnhancedChange,
}: TranscriptStepProps) {
  const originalId = useId();
  const enhancedId = useId();
  const headingId = useId();
  const [enhancing, setEnhancing] = useState(false);
  const typed = source === 'typed';
  // With the assistant off the server hands the text back unchanged (ai-switches.ts).
  const assistant = usePreferences().useFeedbackAssistant;

  const enhance = async (text: string) => {
    if (!text.trim()) return;
    setEnhancing(true);
    try {
      onEnhancedChange(await enhanceTranscript(text));
    } catch (error) {
      toast({
        title: 'Error enhancing the text',
        description: errorMessage(error, 'The text could not be enhanced. You can still edit it.'),
        variant: 'destructive',
      });
    } finally {
      setEnhancing(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        Step 2 of 2: Review the transcript
      </h3>
      {source ? <p className="text-sm text-slate-700">{SOURCE_LABELS[source]}</p> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={originalId}>{typed ? 'What you said' : 'Original transcript'}</Label>
          <Textarea
            id={originalId}
            rows={6}
            value={transcript}
            readOnly={!typed}
            maxLength={20_000}
            className={typed ? undefined : 'bg-slate-50'}
            onChange={(event) => onTranscriptChange(event.target.value)}
          />
          {typed ? (
            <Button
              variant="secondary"
              onClick={() => enhance(transcript)}
              disabled={enhancing || !transcript.trim()}
            >
              <Sparkles aria-hidden="true" />
              {assistant ? (enhancing ? 'Enhancing…' : 'Enhance') : 'Use this text'}
            </Button>
          ) : null}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={enhancedId}>Enhanced transcript</Label>
          <Textarea
            id={enhancedId}
            rows={6}
            value={enhanced}
            maxLength={20_000}
            onChange={(event) => onEnhancedChange(event.target.value)}
          />
          {assistant ? (
            <Button
              variant="outline"
              onClick={() => enhance(enhanced)}
              disabled={enhancing || !enhanced.trim()}
            >
              <Sparkles aria-hidden="true" />
              Enhance again
            </Button>
          ) : (
            <p className="text-sm text-slate-700">
              The feedback assistant is off in Settings: your words are kept as you said them.
            </p>
          )}
        </div>
      </div>
      <TranscriptDiff before={transcript} after={enhanced} />
    </section>
  );
}
