import type { Student } from '@contract/students';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/native-select';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { exportHref, useStudents } from '../api/students';
import { EraseStudentDialog } from './erase-student-dialog';

/**
 * One pupil's data, exported or erased in one action (a parent's request, a pupil who
 * leaves). The same actions sit on each pupil in the directory; here they sit beside the
 * school's other privacy choices, where a teacher looks for them.
 */
export function PupilDataCard() {
  const students = useStudents();
  const [chosenId, setChosenId] = useState('');
  const [erasing, setErasing] = useState<Student | null>(null);
  const pupils = students.data ?? [];
  const chosen = pupils.find((pupil) => String(pupil.id) === chosenId) ?? null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>A pupil’s data</CardTitle>
        <CardDescription>
          Export downloads everything stored about one pupil as a zip: their work as handed in, its
          text, your feedback and recordings, shared links and when they were opened, and parent
          reports with their videos. Erase deletes all of it for good and stops their links at once.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end gap-3">
        <div className="w-64 max-w-full">
          <FormField label="Pupil">
            {(field) => (
              <NativeSelect
                {...field}
                value={chosenId}
                disabled={students.isPending || pupils.length === 0}
                onChange={(event) => setChosenId(event.target.value)}
              >
                <option value="">
                  {students.isPending
                    ? 'Loading pupils…'
                    : pupils.length === 0
                      ? 'No pupils yet'
                      : 'Choose a pupil'}
                </option>
                {pupils.map((pupil) => (
                  <option key={pupil.id} value={pupil.id}>
                    {pupil.displayName}
                    {pupil.yearGroup ? ` (${pupil.yearGroup})` : ''}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
        {chosen ? (
          <a
            href={exportHref(chosen.id)}
            download
            className={buttonClasses({ variant: 'outline' })}
          >
            <Download aria-hidden="true" />
            Export data
          </a>
        ) : (
          <Button variant="outline" disabled>
            <Download aria-hidden="true" />
            Export data
          </Button>
        )}
        <Button variant="destructive" disabled={!chosen} onClick={() => setErasing(chosen)}>
          <Trash2 aria-hidden="true" />
          Erase pupil…
        </Button>
      </CardContent>
      <EraseStudentDialog
        student={erasing}
        onClose={() => setErasing(null)}
        onErased={() => setChosenId('')}
      />
    </Card>
  );
}
