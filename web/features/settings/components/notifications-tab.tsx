import type { TeacherPreferences } from '@contract/settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useCurrentUser } from '@web/lib/auth';
import { useSavePreference } from '../hooks/use-save-preference';
import { PreferenceSwitch } from './preference-switch';

type NotificationFlag =
  | 'emailNotifications'
  | 'documentComments'
  | 'lessonPlanReminders'
  | 'weeklyDigest';

const FLAGS: { key: NotificationFlag; label: string; description: string }[] = [
  {
    key: 'emailNotifications',
    label: 'Work handed in',
    description:
      'An email when pupils hand in work. Hand-ins close together come in one email, at most one every 15 minutes.',
  },
  {
    key: 'documentComments',
    label: 'Shared feedback opened',
    description:
      'An email the first time a pupil or parent opens feedback or a parent report you shared.',
  },
  {
    key: 'lessonPlanReminders',
    label: 'Lesson plan reminders',
    description:
      'An email on Friday afternoon when you have not made or changed a lesson plan that week.',
  },
  {
    key: 'weeklyDigest',
    label: 'Weekly digest',
    description:
      'An email on Monday morning with last week in numbers: work handed in, feedback given, shared links opened.',
  },
];

export function NotificationsTab({ preferences }: { preferences: TeacherPreferences }) {
  const { save } = useSavePreference();
  const { data: user } = useCurrentUser();
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Email notifications</CardTitle>
          <CardDescription>
            Sent to {user?.email ?? 'your account’s address'}. They carry pupils’ first names and
            counts only, with a link to sign in and see the rest.
          </CardDescription>
        </CardHeader>
        <CardContent className="divide-y divide-slate-200">
          {FLAGS.map(({ key, label, description }) => (
            <PreferenceSwitch
              key={key}
              label={label}
              description={description}
              checked={preferences[key]}
              onCheckedChange={(on) =>
                save({ [key]: on }, `${label} emails are ${on ? 'on' : 'off'}.`)
              }
            />
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Sharing</CardTitle>
        </CardHeader>
        <CardContent>
          <PreferenceSwitch
            label="Email the link when I share feedback"
            checked={preferences.shareSendEmail}
            onCheckedChange={(shareSendEmail) =>
              save(
                { shareSendEmail },
                `“Send email” now starts ${shareSendEmail ? 'ticked' : 'unticked'}.`,
              )
            }
            description="Sets the starting value of “Send email” in the Share Feedback dialog. An email is only sent when you enter the pupil's or parent's address."
          />
        </CardContent>
      </Card>
    </div>
  );
}
