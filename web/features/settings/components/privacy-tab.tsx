import type { RetentionYears, TeacherPreferences } from '@contract/settings';
import { RETENTION_YEARS } from '@contract/settings-defaults';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import type { ReactNode } from 'react';
import { type FormEvent, useState } from 'react';
import { useSavePreference } from '../hooks/use-save-preference';
import { PreferenceSwitch } from './preference-switch';

const retentionLabel = (years: RetentionYears) =>
  years === 0 ? 'Keep until I delete it' : `${years} year${years === 1 ? '' : 's'} after hand-in`;

function RetentionCard({ preferences }: { preferences: TeacherPreferences }) {
  const { save } = useSavePreference();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Keeping pupils’ work</CardTitle>
        <CardDescription>
          Work handed in, your feedback on it and your recordings are deleted for good once they are
          older than this. You get an email a week before anything is deleted, so you can download
          what you want to keep.
        </CardDescription>
      </CardHeader>
      <CardContent className="max-w-xs">
        <FormField label="Delete handed-in work">
          {(field) => (
            <NativeSelect
              {...field}
              value={String(preferences.retentionYears)}
              onChange={(event) => {
                const years = Number(event.target.value) as RetentionYears;
                save(
                  { retentionYears: years },
                  years === 0
                    ? 'Handed-in work is kept until you delete it.'
                    : `Handed-in work is deleted ${retentionLabel(years)}.`,
                );
              }}
            >
              {RETENTION_YEARS.map((years) => (
                <option key={years} value={years}>
                  {retentionLabel(years)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </CardContent>
    </Card>
  );
}

function ProtectionCard({ preferences }: { preferences: TeacherPreferences }) {
  const { save } = useSavePreference();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Marked work</CardTitle>
      </CardHeader>
      <CardContent>
        <PreferenceSwitch
          label="Ask for the pupil’s personal code"
          checked={preferences.markedWorkProtection}
          onCheckedChange={(markedWorkProtection) =>
            save(
              { markedWorkProtection },
              markedWorkProtection
                ? 'View Marked Work now asks for the pupil’s code.'
                : 'View Marked Work no longer asks for a code.',
            )
          }
          description={
            <>
              <p>
                Pupils see their marked work by typing the classroom key, their first name and the
                first two letters of their surname. A classmate can easily guess those. With this
                on, they must also type their own 6-character code.
              </p>
              <p className="mt-1">
                A pupil is shown their code once, right after their first hand-in. Pupils who handed
                in before can get theirs from you: it is on the Students page.
              </p>
            </>
          }
        />
      </CardContent>
    </Card>
  );
}

function LinkExpiryCard({ preferences }: { preferences: TeacherPreferences }) {
  const { save } = useSavePreference();
  const [days, setDays] = useState(String(preferences.shareExpiryDays));
  const value = Number(days);
  const valid = Number.isInteger(value) && value >= 1 && value <= 90;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    save({ shareExpiryDays: value }, `New feedback links expire after ${value} days.`);
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
        <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
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

/** `pupilData`: the pupil directory's export and erase card, given by the app. */
export function PrivacyTab({
  preferences,
  pupilData,
}: {
  preferences: TeacherPreferences;
  pupilData?: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <RetentionCard preferences={preferences} />
      <ProtectionCard preferences={preferences} />
      <LinkExpiryCard preferences={preferences} />
      {pupilData}
    </div>
  );
}
