import type { TeacherPreferences } from '@contract/settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { speechRecognitionAvailable } from '@web/lib/teacher-preferences';
import { useSavePreference } from '../hooks/use-save-preference';
import { PreferenceSwitch } from './preference-switch';

type AiFlag = 'useFeedbackAssistant' | 'documentAnalysis' | 'lessonSuggestions';

// Each switch is enforced by the server too (server/modules/settings/ai-switches.ts).
const FLAGS: { key: AiFlag; label: string; description: string }[] = [
  {
    key: 'useFeedbackAssistant',
    label: 'Feedback assistant',
    description:
      'Tidies the transcript of your spoken feedback and parent reports (fillers, repeated words, punctuation). Off: your words are kept exactly as you said them.',
  },
  {
    key: 'documentAnalysis',
    label: 'Document analysis',
    description:
      'Reads the text of photographed work so you can highlight passages, and lets lesson suggestions draw on the passages you marked. Off: photos are shown as images only, and suggestions use only your own comments.',
  },
  {
    key: 'lessonSuggestions',
    label: 'Lesson suggestions',
    description:
      'The Lesson Planner’s AI Assist suggests review lessons from your recent marking. Off: AI Assist is hidden and no suggestions are made.',
  },
];

export function AiFeaturesTab({ preferences }: { preferences: TeacherPreferences }) {
  const { save } = useSavePreference();
  const supported = speechRecognitionAvailable();
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>AI features</CardTitle>
          <CardDescription>
            Each feature runs on this school’s server unless your school configured an AI provider.
          </CardDescription>
        </CardHeader>
        <CardContent className="divide-y divide-slate-200">
          {FLAGS.map(({ key, label, description }) => (
            <PreferenceSwitch
              key={key}
              label={label}
              description={description}
              checked={preferences[key]}
              onCheckedChange={(on) => save({ [key]: on }, `${label} is ${on ? 'on' : 'off'}.`)}
            />
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Live dictation</CardTitle>
          <CardDescription>
            Your recordings are stored on this school&apos;s server. A written transcript is only
            added when your browser can make one.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PreferenceSwitch
            label="Live transcription while recording"
            checked={preferences.liveTranscription && supported}
            disabled={!supported}
            onCheckedChange={(liveTranscription) =>
              save(
                { liveTranscription },
                `Live transcription is ${liveTranscription ? 'on' : 'off'}.`,
              )
            }
            description={
              <>
                <p>
                  Your browser writes down what you say while you record audio feedback, and the
                  transcript is saved with the clip. Some browsers (Chrome, Edge, Safari) send the
                  audio to their maker&apos;s servers to transcribe it; leave this off to keep
                  recordings on this school&apos;s server only.
                </p>
                {supported ? null : (
                  <p className="mt-1 font-medium text-slate-700">
                    This browser has no speech recognition, so this option is not available here.
                    You can still type a written note beside each clip.
                  </p>
                )}
              </>
            }
          />
        </CardContent>
      </Card>
    </div>
  );
}
