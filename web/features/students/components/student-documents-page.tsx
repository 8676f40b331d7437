import { gradeLabel } from '@contract/grades';
import { PageHeader } from '@web/components/layout/page-header';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { ArrowLeft, CircleAlert, Download, FileText, GitMerge, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { exportHref, useStudent, useStudentDocuments, useStudents } from '../api/students';
import { EraseStudentDialog } from './erase-student-dialog';
import { MergeStudentsDialog } from './merge-students-dialog';
import { PupilDocumentList } from './pupil-document-list';
import { StudentFormDialog } from './student-form-dialog';

const BACK = '/teacher/students';

/** A pupil's Documents & Assignments, opened from a row of the directory. */
export function StudentDocumentsPage() {
  const params = useParams<{ id: string }>();
  const id = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const [, navigate] = useLocation();
  const student = useStudent(id);
  const documents = useStudentDocuments(id);
  const all = useStudents();
  const [editing, setEditing] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [merging, setMerging] = useState(false);

  const back = (
    <Link href={BACK} className={buttonClasses({ variant: 'outline' })}>
      <ArrowLeft aria-hidden="true" />
      Back to Students
    </Link>
  );

  // A failed refetch keeps the last data: only a pupil never loaded is "not found".
  if (student.isError && !student.data) {
    return (
      <>
        <PageHeader title="Documents & Assignments" />
        <EmptyState
          icon={CircleAlert}
          title="Student not found"
          description="This pupil is not in your directory. They may have been deleted or merged."
          actions={back}
        />
      </>
    );
  }
  const pupil = student.data;
  const details = pupil
    ? [
        pupil.yearGroup,
        pupil.grade ? `Grade ${gradeLabel(pupil.grade)}` : null,
        pupil.email,
        pupil.parentName || pupil.parentEmail
          ? `Parent: ${[pupil.parentName, pupil.parentEmail].filter(Boolean).join(', ')}`
          : null,
      ].filter(Boolean)
    : [];

  return (
    <>
      <PageHeader
        title="Documents & Assignments"
        subtitle={pupil ? pupil.displayName : 'Loading…'}
        actions={back}
      />
      {pupil ? (
        <Card className="mb-6 flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 space-y-1">
            <h2 className="text-lg font-semibold text-slate-900">{pupil.displayName}</h2>
            <p className="text-sm text-slate-600">{details.join(' · ') || 'No details yet'}</p>
            {pupil.pupilCode ? (
              <p className="text-sm text-slate-700">
                Personal code: <span className="font-mono font-semibold">{pupil.pupilCode}</span>
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Button variant="outline" size="sm" onClick={() => setMerging(true)}>
              <GitMerge aria-hidden="true" />
              Merge
            </Button>
            <a
              href={exportHref(pupil.id)}
              download
              className={buttonClasses({ variant: 'outline', size: 'sm' })}
            >
              <Download aria-hidden="true" />
              Export
            </a>
            <Button
              variant="outline"
              size="sm"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              onClick={() => setErasing(true)}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </div>
        </Card>
      ) : null}
      {documents.isPending ? (
        <p role="status" className="py-12 text-center text-sm text-slate-600">
          Loading documents...
        </p>
      ) : documents.isError ? (
        <EmptyState
          icon={CircleAlert}
          title="Documents could not be loaded"
          description="Check your connection and try again."
          actions={<Button onClick={() => documents.refetch()}>Try Again</Button>}
        />
      ) : documents.data.length === 0 ? (
        <EmptyState
          icon={FileText}
          title="No documents yet"
          description="Work this pupil hands in with your classroom passphrase appears here."
        />
      ) : (
        <PupilDocumentList documents={documents.data} />
      )}
      <StudentFormDialog open={editing} student={pupil ?? null} onClose={() => setEditing(false)} />
      <EraseStudentDialog
        student={erasing && pupil ? pupil : null}
        onClose={() => setErasing(false)}
        onErased={() => navigate(BACK)}
      />
      <MergeStudentsDialog
        student={merging && pupil ? pupil : null}
        students={all.data ?? []}
        onClose={() => setMerging(false)}
      />
    </>
  );
}
