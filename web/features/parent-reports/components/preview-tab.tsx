import { AvatarVideoPlayer } from '@web/components/media/avatar-video-player';
import { ReportVideo } from '@web/components/media/report-video';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { startVideoRender, useVideoStatus } from '@web/lib/video-renders';
import { Video } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

interface PreviewTabProps {
  /** This session's recording: the video speaks with the teacher's own voice. */
  recording: Blob | null;
  transcript: string;
  enhanced: string;
  videoUrl: string | null;
  captionsUrl: string | null;
  onVideo: (videoUrl: string) => void;
}

export function PreviewTab({
  recording,
  transcript,
  enhanced,
  videoUrl,
  captionsUrl,
  onVideo,
}: PreviewTabProps) {
  const [renderId, setRenderId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    if (!recording) return;
    setStarting(true);
    setError(null);
    try {
      const render = await startVideoRender(
        { voice: 'recording', transcript, enhancedTranscript: enhanced },
        recording,
      );
      setRenderId(render.renderId);
    } catch (cause) {
      setError(errorMessage(cause, 'The video could not be started.'));
    } finally {
      setStarting(false);
    }
  };

  // The renderer's player shows progress and the video; this watches the same status query
  // to keep the finished video with the report, once per render.
  const status = useVideoStatus(renderId);
  const reported = useRef<string | null>(null);
  useEffect(() => {
    const render = status.data;
    if (render?.status !== 'done' || !render.videoUrl || reported.current === render.renderId)
      return;
    reported.current = render.renderId;
    onVideo(render.videoUrl);
  }, [status.data, onVideo]);

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        The avatar video uses your own recording and your avatar photo (Voice &amp; Avatar). The
        parent's page says it was made with AI.
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {renderId ? (
        <AvatarVideoPlayer renderId={renderId} title="Preview of the report video" />
      ) : videoUrl ? (
        <ReportVideo videoUrl={videoUrl} captionsUrl={captionsUrl} />
      ) : null}
      {recording ? (
        <Button onClick={start} disabled={starting}>
          <Video aria-hidden="true" />
          {starting ? 'Starting…' : renderId || videoUrl ? 'Generate Again' : 'Generate Video'}
        </Button>
      ) : (
        <p className="text-sm text-slate-600">Record your feedback to make a video from it.</p>
      )}
    </div>
  );
}
