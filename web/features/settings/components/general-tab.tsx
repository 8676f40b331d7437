import type { TeacherPreferences } from '@contract/settings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
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
