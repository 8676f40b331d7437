import { Alert } from '@web/components/ui/alert';
import { Progress } from '@web/components/ui/progress';
import { useVideoStatus } from '@web/lib/video-renders';
import { VoiceCleaningNote } from './voice-cleaning';

const ENGINE_NAMES: Record<string, string> = {
  builtin: 'the built-in offline renderer',
};

function engineName(engine: string | null): string {
  if (!engine) return 'an unknown engine';
  return ENGINE_NAMES[engine] ?? engine;
}

/**
 * A rendered avatar video: a labelled progress bar while it renders, then the video with
 * English captions, and always the note that it is AI-generated and which engine made it;
 * made from the teacher's recording, what its sound left out.
 */
export function AvatarVideoPlayer({ renderId, title }: { renderId: string; title: string }) {
  const { data: status, error } = useVideoStatus(renderId);

  if (error) return <Alert tone="error">{error.message}</Alert>;
  if (!status) return <p className="text-sm text-slate-600">Loading video status…</p>;
  if (status.status === 'failed') {
    return <Alert tone="error">{status.error ?? 'The video could not be rendered.'}</Alert>;
  }
  if (status.status !== 'done') {
    return (
      <div className="space-y-2">
        <p className="text-sm text-slate-700" aria-live="polite">
          {status.status === 'queued'
            ? 'Waiting to render…'
            : `Rendering video… ${status.progress}%`}
        </p>
        <Progress value={status.progress / 100} label="Video rendering progress" />
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <figure className="space-y-2">
        <video
          controls
          preload="metadata"
          playsInline
          src={status.videoUrl}
          aria-label={title}
          className="aspect-square w-full max-w-md rounded-lg bg-slate-900"
        >
          {/* Captions are burned into the picture; the track is there for players and tools
            that read text, off by default so the words do not show twice. */}
          <track kind="captions" srcLang="en" label="English" src={status.captionsUrl} />
        </video>
        <figcaption className="text-xs text-slate-600">
          AI-generated video, made by {engineName(status.engine)}
          {status.voiceSource === 'synthesized'
            ? ' with a synthesized voice'
            : ' with your recorded voice'}
          .
        </figcaption>
      </figure>
      {status.voiceSource === 'recording' && status.cleaning ? (
        <VoiceCleaningNote cleaning={status.cleaning} />
      ) : null}
    </div>
  );
}
