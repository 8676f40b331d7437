import type { Student } from '@contract/students';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { CircleAlert, UserPlus, UserSearch, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { useStudents } from '../api/students';
import { matchesStudentSearch } from '../lib/search';
import { EraseStudentDialog } from './erase-student-dialog';
import { MergeStudentsDialog } from './merge-students-dialog';
import { StudentActions, studentHref } from './student-actions';
import { StudentFormDialog } from './student-form-dialog';

/** Dates on the pupil list use the en-GB short format. */
const created = (iso: string) => new Date(iso).toLocaleDateString('en-GB');

export function StudentsPage() {
  const students = useStudents();
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const [form, setForm] = useState<{ open: boolean; student: Student | null }>({
    open: false,
    student: null,
  });
  const [erasing, setErasing] = useState<Student | null>(null);
  const [merging, setMerging] = useState<Student | null>(null);
  const matches = useMemo(
    () => (students.data ?? []).filter((s) => matchesStudentSearch(s, query)),
    [students.data, query],
  );
  const handlers = {
    onEdit: (student: Student) => setForm({ open: true, student }),
    onDelete: setErasing,
    onMerge: setMerging,
  };

  const body = () => {
    if (students.isPending) {
      return (
        <p role="status" className="py-12 text-center text-sm text-slate-600">
          Loading students...
        </p>
      );
    }
    if (students.isError) {
      return (
        <EmptyState
          icon={CircleAlert}
          title="Students could not be loaded"
          description="Check your connection and try again."
          actions={<Button onClick={() => students.refetch()}>Try Again</Button>}
        />
      );
    }
    if (matches.length === 0) {
      return query.trim() ? (
        <EmptyState
          icon={UserSearch}
          title="No students found"
          description="Try another name or year group."
        />
      ) : (
        <EmptyState
          icon={Users}
          title="No students yet"
          description="Add a pupil, or they appear here when they first hand in work with your classroom passphrase."
        />
      );
    }
    return (
      <Card className="overflow-hidden">
        {/* Wide screens: a table. */}
        <table className="hidden w-full text-left text-sm md:table">
          <caption className="sr-only">Your students</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                Name
              </th>
              <th scope="col" className="px-4 py-3">
                Year Group
              </th>
              <th scope="col" className="px-4 py-3">
                Email
              </th>
              <th scope="col" className="px-4 py-3">
                Created
              </th>
              <th scope="col" className="px-4 py-3">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {matches.map((student) => (
              <tr
                key={student.id}
                className="cursor-pointer hover:bg-slate-50"
                // The name is the keyboard's way in; the whole row is a larger target for a mouse.
                onClick={() => navigate(studentHref(student))}
              >
                <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                  {student.displayName}
                </th>
                <td className="px-4 py-3 text-slate-700">{student.yearGroup ?? '—'}</td>
                <td className="max-w-56 truncate px-4 py-3 text-slate-700">
                  {student.email ?? '—'}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  {created(student.createdAt)}
                </td>
                <td className="px-4 py-2">
                  <StudentActions student={student} {...handlers} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {/* Phones: one card per pupil. */}
        <ul className="divide-y divide-slate-200 md:hidden" aria-label="Your students">
          {matches.map((student) => (
            <li key={student.id} className="space-y-2 px-4 py-4">
              <div>
                <p className="font-medium text-slate-900">{student.displayName}</p>
                <p className="text-sm text-slate-600">
                  {[student.yearGroup, student.email].filter(Boolean).join(' · ') ||
                    'No details yet'}
                </p>
                <p className="text-xs text-slate-600">Created {created(student.createdAt)}</p>
              </div>
              <StudentActions student={student} {...handlers} />
            </li>
          ))}
        </ul>
        <p
          className="border-t border-slate-200 px-4 py-3 text-sm text-slate-600"
          aria-live="polite"
        >
          Showing {matches.length} of {students.data.length} students
        </p>
      </Card>
    );
  };

  return (
    <>
      <PageHeader
        title="Students"
        searchLabel="Search students by name or year group"
        onSearch={setQuery}
        actions={
          <Button onClick={() => setForm({ open: true, student: null })}>
            <UserPlus aria-hidden="true" />
            Add Student
          </Button>
        }
      />
      {body()}
      <StudentFormDialog
        open={form.open}
        student={form.student}
        onClose={() => setForm((current) => ({ ...current, open: false }))}
      />
      <EraseStudentDialog student={erasing} onClose={() => setErasing(null)} />
      <MergeStudentsDialog
        student={merging}
        students={students.data ?? []}
        onClose={() => setMerging(null)}
      />
    </>
  );
}
