import type { GenerateVideoResponse } from '@contract/avatar-video';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/textarea';
import type { ApiRequestError } from '@web/lib/api';
import { useRecorder } from '@web/lib/use-recorder';
import { startVideoRender, type VideoRenderFields } from '@web/lib/video-renders';
import { Mic, Square, Video } from 'lucide-react';
import { useId, useState } from 'react';
import { AvatarVideoPlayer } from '../../../components/media/avatar-video-player';

const MAX_RECORDING_SECONDS = 120;
const MAX_TEXT = 2000;
type Voice = 'recording' | 'synthesized';

/**
 * Try the avatar: record a short message (or type one for the synthesized voice) and
 * watch it come back as a captioned video, as parents will see it.
 */
export function TryAvatarCard() {
  const [voice, setVoice] = useState<Voice>('recording');
  const [text, setText] = useState('');
  const [renderId, setRenderId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const recorder = useRecorder({ maxSeconds: MAX_RECORDING_SECONDS });
  const generate = useMutation<
    GenerateVideoResponse,
    ApiRequestError,
    VideoRenderFields & { recording: Blob | null }
  >({ mutationFn: ({ recording, ...fields }) => startVideoRender(fields, recording) });
  const groupId = useId();

  const submit = async () => {
    setProblem(null);
    setRenderId(null);
    try {
      const recording = voice === 'recording' ? (recorder.recording?.blob ?? null) : null;
      if (voice === 'recording' && !recording) return setProblem('Record a message first.');
      if (voice === 'synthesized' && !text.trim())
        return setProblem('Type what the video should say');
      const created = await generate.mutateAsync(
        voice === 'recording' ? { voice, recording } : { voice, transcript: text, recording: null },
      );
      setRenderId(created.renderId);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The video could not be started.');
    }
  };

  return (
    <Card className="mt-4">
      <CardHeader>
        <CardTitle>Try your avatar video</CardTitle>
        <CardDescription>
          Make a short test video from your newest avatar (or a title card with your name). Every
          video is marked as AI-generated.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">Voice</legend>
          <div className="flex flex-wrap gap-4">
            {(
              [
                ['recording', 'My recording'],
                ['synthesized', 'Synthesized voice (type the text)'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={groupId}
                  value={value}
                  checked={voice === value}
                  onChange={() => setVoice(value)}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>

        {voice === 'recording' ? (
          <div className="flex flex-wrap items-center gap-2">
            {recorder.status === 'recording' ? (
              <Button type="button" variant="destructive" onClick={recorder.stop}>
                <Square aria-hidden="true" /> Stop ({recorder.elapsed}s)
              </Button>
            ) : (
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  recorder.discard();
                  void recorder.start();
                }}
                disabled={recorder.status === 'requesting'}
              >
                <Mic aria-hidden="true" />
                {recorder.recording ? 'Record again' : 'Record a message'}
              </Button>
            )}
            {recorder.recording ? (
              <span className="text-sm text-slate-700">
                Recorded {Math.round(recorder.recording.duration)} s
              </span>
            ) : (
              <span className="text-sm text-slate-600">Up to 2 minutes.</span>
            )}
          </div>
        ) : (
          <FormField
            label="What should the video say?"
            hint={`${text.length}/${MAX_TEXT} characters, about two minutes at most.`}
          >
            {(control) => (
              <Textarea
                {...control}
                value={text}
                maxLength={MAX_TEXT}
                rows={3}
                onChange={(event) => setText(event.target.value)}
              />
            )}
          </FormField>
        )}

        <Button type="button" onClick={submit} disabled={generate.isPending}>
          <Video aria-hidden="true" />
          {generate.isPending ? 'Starting…' : 'Make video'}
        </Button>
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        {renderId ? <AvatarVideoPlayer renderId={renderId} title="Your avatar test video" /> : null}
      </CardContent>
    </Card>
  );
}
