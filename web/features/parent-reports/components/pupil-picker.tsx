import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { useId, useMemo, useState } from 'react';
import { useStudents } from '../api/students';

/** A search box that narrows the native pupil select: keyboard and screen-reader friendly. */
export function PupilPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (studentId: string) => void;
}) {
  const students = useStudents();
  const [search, setSearch] = useState('');
  const searchId = useId();
  const selectId = useId();
  const hintId = useId();
  const matches = useMemo(() => {
    const query = search.trim().toLowerCase();
    const all = students.data ?? [];
    return query
      ? all.filter(
          (student) =>
            student.displayName.toLowerCase().includes(query) ||
            String(student.id) === value ||
            (student.yearGroup ?? '').toLowerCase().includes(query),
        )
      : all;
  }, [students.data, search, value]);

  const placeholder = students.isPending
    ? 'Loading pupils…'
    : students.isError
      ? 'Pupils could not be loaded'
      : (students.data?.length ?? 0) === 0
        ? 'No pupils in your directory yet'
        : matches.length === 0
          ? 'No pupil matches the search'
          : 'Select a student';

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="space-y-1.5">
        <Label htmlFor={searchId}>Search pupils</Label>
        <Input
          id={searchId}
          type="search"
          value={search}
          autoComplete="off"
          aria-controls={selectId}
          aria-describedby={hintId}
          onChange={(event) => setSearch(event.target.value)}
        />
        <p id={hintId} className="sr-only" aria-live="polite">
          {search.trim() ? `${matches.length} matching pupils` : ''}
        </p>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={selectId}>Student</Label>
        <NativeSelect
          id={selectId}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{placeholder}</option>
          {matches.map((student) => (
            <option key={student.id} value={String(student.id)}>
              {student.displayName}
              {student.yearGroup ? ` (${student.yearGroup})` : ''}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
