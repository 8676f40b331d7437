import type { SchoolYear, TeacherPreferences } from '@contract/settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/native-select';
import { applyDarkMode } from '@web/lib/theme';
import { useSavePreference } from '../hooks/use-save-preference';
import { AccountCard } from './account-card';
import { ClassroomKeyCard } from './classroom-key-card';
import { PreferenceSwitch } from './preference-switch';
import { SchoolDayCard } from './school-day-card';

export function GeneralTab({ preferences }: { preferences: TeacherPreferences }) {
  const { save } = useSavePreference();
  return (
    <div className="space-y-6">
      <ClassroomKeyCard />
      <AccountCard />
      <SchoolDayCard schoolDay={preferences.schoolDay} />
      <Card>
        <CardHeader>
          <CardTitle>Pupils’ school year</CardTitle>
          <CardDescription>
            The one field the pupil directory asks for when you add or edit a pupil.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <FormField label="School year as">
            {(control) => (
              <NativeSelect
                {...control}
                value={preferences.schoolYear}
                onChange={(event) => {
                  const schoolYear = event.target.value as SchoolYear;
                  save(
                    { schoolYear },
                    schoolYear === 'yearGroup'
                      ? 'The pupil directory asks for a year group.'
                      : 'The pupil directory asks for a grade.',
                  );
                }}
              >
                <option value="grade">Grade (K to 12)</option>
                <option value="yearGroup">Year group (Reception to Year 13)</option>
              </NativeSelect>
            )}
          </FormField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Appearance</CardTitle>
          <CardDescription>
            Saved with your account, so it follows you to any computer.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PreferenceSwitch
            label="Dark mode"
            description="Light text on a dark background on every page of Classroom Voice."
            checked={preferences.darkMode}
            onCheckedChange={(darkMode) => {
              applyDarkMode(darkMode);
              save({ darkMode }, darkMode ? 'Dark mode is on.' : 'Dark mode is off.');
            }}
          />
        </CardContent>
      </Card>
    </div>
  );
}
