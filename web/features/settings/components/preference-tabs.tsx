import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import {
  speechRecognitionAvailable,
  updatePreferences,
  usePreferences,
} from '@web/lib/teacher-preferences';
import { type FormEvent, useState } from 'react';
import { PreferenceSwitch } from './preference-switch';

// Every control here changes what the app does; settings that would do nothing are left out.

export function AiFeaturesTab() {
  const preferences = usePreferences();
  const supported = speechRecognitionAvailable();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Spoken feedback</CardTitle>
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
          onCheckedChange={(liveTranscription) => updatePreferences({ liveTranscription })}
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
                  This browser has no speech recognition, so this option is not available here. You
                  can still type a written note beside each clip.
                </p>
              )}
            </>
          }
        />
      </CardContent>
    </Card>
  );
}

export function NotificationsTab() {
  const preferences = usePreferences();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Email</CardTitle>
        <CardDescription>Stored in this browser only.</CardDescription>
      </CardHeader>
      <CardContent>
        <PreferenceSwitch
          label="Email the link when I share feedback"
          checked={preferences.shareSendEmail}
          onCheckedChange={(shareSendEmail) => updatePreferences({ shareSendEmail })}
          description="Sets the starting value of “Send email” in the Share Feedback dialog. An email is only sent when you enter the pupil's or parent's address."
        />
      </CardContent>
    </Card>
  );
}

export function PrivacyTab() {
  const preferences = usePreferences();
  const [days, setDays] = useState(String(preferences.shareExpiryDays));
  const value = Number(days);
  const valid = Number.isInteger(value) && value >= 1 && value <= 90;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    updatePreferences({ shareExpiryDays: value });
    toast({
      title: 'Settings saved',
      description: `New feedback links expire after ${value} days.`,
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Feedback links</CardTitle>
        <CardDescription>
          Anyone holding a feedback link can open that document&apos;s feedback until the link
          expires. You can revoke a link at any time on the document&apos;s page, where you can also
          see how often it was opened.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={save} noValidate className="flex flex-wrap items-end gap-3">
          <div className="w-48">
            <FormField
              label="Links expire after (days)"
              error={valid ? undefined : 'Expiry must be between 1 and 90 days'}
            >
              {(field) => (
                <Input
                  {...field}
                  type="number"
                  min={1}
                  max={90}
                  value={days}
                  onChange={(event) => setDays(event.target.value)}
                />
              )}
            </FormField>
          </div>
          <Button type="submit" disabled={!valid}>
            Save
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
