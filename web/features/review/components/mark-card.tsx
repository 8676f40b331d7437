import type { DocumentMark } from '@contract/marking';
import {
  MAX_CRITERION_LENGTH,
  MAX_MARK_LENGTH,
  MAX_RUBRIC_CRITERIA,
  RUBRIC_LEVEL_LABELS,
  RUBRIC_LEVELS,
  type RubricLevel,
} from '@contract/marking-limits';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { ListChecks, Plus, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useDocumentMark, useLastRubric, useSaveMark } from '../api/marks';

type Row = { key: number; criterion: string; level: RubricLevel };
let nextKey = 1;
const row = (criterion = '', level: RubricLevel = 'secure'): Row => ({
  key: nextKey++,
  criterion,
  level,
});

/** What the pupil sees of the mark now, in the teacher's words. */
function sharedState(mark: DocumentMark | undefined): string {
  if (!mark?.updatedAt) return 'Pupils and parents see the mark once you share the feedback.';
  if (!mark.sharedAt)
    return 'Not shared yet: the pupil sees it when you share or mark as reviewed.';
  if (mark.changedSinceShared) {
    return 'Changed since you shared it: the pupil sees the earlier mark until you share again.';
  }
  return 'Shared: the pupil and parent see this mark.';
}

/**
 * The document's mark or grade and a short rubric (a few criteria, each Not yet,
 * Developing, Secure or Excellent), saved with the document and shown to the pupil with
 * the feedback once shared, and in the downloads. A new rubric can start from the criteria
 * of the teacher's last one, so a class set is marked alike.
 */
export function MarkCard({ documentId, readOnly }: { documentId: number; readOnly: boolean }) {
  const mark = useDocumentMark(documentId);
  const save = useSaveMark(documentId);
  const markId = useId();
  const [value, setValue] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const loaded = mark.data;
  const last = useLastRubric(!readOnly && Boolean(loaded) && rows.length === 0);

  // The form starts from what is saved, and again whenever a save answers.
  useEffect(() => {
    if (!loaded) return;
    setValue(loaded.mark ?? '');
    setRows(loaded.rubric.map((r) => row(r.criterion, r.level)));
  }, [loaded]);

  if (mark.isPending) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Mark</CardTitle>
        </CardHeader>
        <CardContent>
          <p role="status" className="text-sm text-slate-700">
            Loading the mark…
          </p>
        </CardContent>
      </Card>
    );
  }

  if (readOnly) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Mark</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2 text-sm text-slate-800">
          {loaded?.mark || loaded?.rubric.length ? (
            <>
              {loaded.mark ? (
                <p>
                  <span className="font-semibold">Mark:</span> {loaded.mark}
                </p>
              ) : null}
              <RubricList rubric={loaded.rubric} />
            </>
          ) : (
            <p className="text-slate-700">No mark was given.</p>
          )}
        </CardContent>
      </Card>
    );
  }

  const update = (key: number, change: Partial<Row>) =>
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const submit = () =>
    save.mutate(
      {
        mark: value.trim() || null,
        rubric: rows.map(({ criterion, level }) => ({ criterion: criterion.trim(), level })),
      },
      {
        onSuccess: (saved) => toast({ title: 'Mark saved', description: sharedState(saved) }),
        onError: (error) =>
          toast({
            title: 'Mark not saved',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  const lastCriteria = last.data?.criteria ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Mark</CardTitle>
        <p className="text-xs text-slate-600">{sharedState(loaded)}</p>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="space-y-1.5">
            <Label htmlFor={markId}>Mark or grade (optional)</Label>
            <Input
              id={markId}
              value={value}
              maxLength={MAX_MARK_LENGTH}
              onChange={(event) => setValue(event.target.value)}
              placeholder="e.g. 17/20, B+ or Secure"
            />
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-900">Rubric (optional)</legend>
            {rows.map((r, index) => (
              <div key={r.key} className="grid grid-cols-[minmax(0,1fr)_auto] gap-2">
                <div className="space-y-1">
                  <Label htmlFor={`criterion-${markId}-${r.key}`} className="sr-only">
                    Criterion {index + 1}
                  </Label>
                  <Input
                    id={`criterion-${markId}-${r.key}`}
                    value={r.criterion}
                    maxLength={MAX_CRITERION_LENGTH}
                    onChange={(event) => update(r.key, { criterion: event.target.value })}
                    placeholder="e.g. Uses paragraphs"
                  />
                  <Label htmlFor={`level-${markId}-${r.key}`} className="sr-only">
                    Level for criterion {index + 1}
                  </Label>
                  <NativeSelect
                    id={`level-${markId}-${r.key}`}
                    value={r.level}
                    onChange={(event) =>
                      update(r.key, { level: event.target.value as RubricLevel })
                    }
                  >
                    {RUBRIC_LEVELS.map((level) => (
                      <option key={level} value={level}>
                        {RUBRIC_LEVEL_LABELS[level]}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove criterion ${index + 1}`}
                  onClick={() => setRows((current) => current.filter((x) => x.key !== r.key))}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
            ))}
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={rows.length >= MAX_RUBRIC_CRITERIA}
                onClick={() => setRows((current) => [...current, row()])}
              >
                <Plus aria-hidden="true" />
                Add criterion
              </Button>
              {rows.length === 0 && lastCriteria.length > 0 ? (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setRows(lastCriteria.map((criterion) => row(criterion)))}
                >
                  <ListChecks aria-hidden="true" />
                  Use my last rubric
                </Button>
              ) : null}
            </div>
          </fieldset>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save Mark'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function RubricList({ rubric }: { rubric: DocumentMark['rubric'] }) {
  if (rubric.length === 0) return null;
  return (
    <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1">
      {rubric.map((r) => (
        <div key={r.criterion} className="contents">
          <dt>{r.criterion}</dt>
          <dd className="font-medium">{RUBRIC_LEVEL_LABELS[r.level]}</dd>
        </div>
      ))}
    </dl>
  );
}
