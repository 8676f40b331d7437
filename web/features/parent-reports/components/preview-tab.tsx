import { MAX_SPOKEN_TEXT_CHARS } from '@contract/recording-limits';
import { AvatarVideoPlayer } from '@web/components/media/avatar-video-player';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Video } from 'lucide-react';
import { SavedRecording } from './saved-recording';

interface PreviewTabProps {
  /** The render the report has or the preview made: its progress, then the video. */
  renderId: string | null;
  /** With a recording the video speaks in the teacher's own voice; without, synthesized. */
  hasRecording: boolean;
  /** The recording as recorded, to hear beside the video's cleaned sound. */
  recordingSrc: string | null;
  /** The text the synthesized voice would read. */
  enhanced: string;
  starting: boolean;
  error: string | null;
  onGenerate: () => void;
}

/** The report's video: made from the recording, or for a typed report in a synthesized voice. */
export function PreviewTab({
  renderId,
  hasRecording,
  recordingSrc,
  enhanced,
  starting,
  error,
  onGenerate,
}: PreviewTabProps) {
  const tooLong = !hasRecording && enhanced.trim().length > MAX_SPOKEN_TEXT_CHARS;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        {hasRecording
          ? 'The avatar video uses your own recording, without the fillers and long pauses the enhanced transcript leaves out, and your avatar photo (Voice & Avatar).'
          : 'This report was typed: in its video, the synthesized voice chosen on your voice profile (Voice & Avatar) reads the enhanced transcript, beside your avatar photo.'}{' '}
        The parent's page says it was made with AI.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {tooLong ? (
        <Alert tone="error">
          The report is too long to speak: at most {MAX_SPOKEN_TEXT_CHARS} characters (about two
          minutes). Shorten it to make a video.
        </Alert>
      ) : null}
      {renderId ? (
        <AvatarVideoPlayer renderId={renderId} title="Preview of the report video" />
      ) : null}
      {hasRecording && recordingSrc ? (
        <section aria-label="Your original recording" className="space-y-1">
          <p className="text-sm font-medium text-slate-900">Your original recording</p>
          <SavedRecording src={recordingSrc} canRecordAgain={false} />
        </section>
      ) : null}
      <Button onClick={onGenerate} disabled={starting || tooLong}>
        <Video aria-hidden="true" />
        {starting ? 'Starting…' : renderId ? 'Generate Again' : 'Generate Video'}
      </Button>
    </div>
  );
}
