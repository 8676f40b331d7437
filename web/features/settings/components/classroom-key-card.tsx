import { normalisePassphrase } from '@contract/field-rules';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { KeyRound, RefreshCw } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import {
  fetchPhraseSuggestion,
  useClassroomPhraseQuery,
  useUpdateClassroomPhrase,
} from '../api/classroom-phrase';

const UPDATE_FAILED = 'Failed to update classroom phrase. Please try again.';

/** Shows the classroom passphrase and lets the teacher replace it. */
export function ClassroomKeyCard() {
  const phrase = useClassroomPhraseQuery();
  const update = useUpdateClassroomPhrase();
  const [draft, setDraft] = useState('');
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const current = phrase.data ?? null;
  const candidate = normalisePassphrase(draft);
  // Update only when the phrase is non-empty and differs from the current one.
  const canUpdate = candidate.length > 0 && candidate !== current && !update.isPending;

  const generate = async () => {
    setGenerating(true);
    try {
      const suggestion = await fetchPhraseSuggestion();
      setDraft(suggestion.classroomPhrase ?? '');
      setError(undefined);
    } catch {
      toast({
        title: 'Failed to generate a new phrase. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setGenerating(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canUpdate) return;
    update.mutate(candidate, {
      onSuccess: () => {
        setDraft('');
        setError(undefined);
        toast({
          title: 'Classroom phrase updated',
          description: 'All document paths have been updated with the new phrase.',
        });
      },
      onError: (failure) => {
        const message = errorMessage(failure, UPDATE_FAILED);
        setError(message);
        toast({
          title: 'Classroom phrase not updated',
          description: message,
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Classroom Key</CardTitle>
        <CardDescription>
          Pupils type this passphrase in the pupil portal to hand in work and to see your feedback.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <div>
          <p className="text-sm font-medium text-slate-800">Current classroom phrase</p>
          <p className="mt-1.5 inline-flex items-center gap-2 rounded-lg bg-indigo-50 px-3 py-2 font-mono text-sm font-medium text-indigo-800 ring-1 ring-indigo-200 ring-inset">
            <KeyRound className="size-4" aria-hidden="true" />
            {phrase.isPending ? 'Loading…' : (current ?? 'Not available right now')}
          </p>
        </div>
        <form onSubmit={submit} noValidate className="space-y-3">
          <FormField
            label="New classroom phrase"
            hint="Four words joined by hyphens, for example brave-otter-blue-river. The old phrase and the pupil links built on it stop working at once."
            error={error}
          >
            {(field) => (
              <Input
                {...field}
                value={draft}
                autoComplete="off"
                spellCheck={false}
                placeholder="adjective-noun-colour-noun"
                className="font-mono"
                onChange={(event) => {
                  setDraft(event.target.value);
                  setError(undefined);
                }}
              />
            )}
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={generate} disabled={generating}>
              <RefreshCw aria-hidden="true" className={generating ? 'animate-spin' : undefined} />
              Generate new phrase
            </Button>
            <Button type="submit" disabled={!canUpdate}>
              {update.isPending ? 'Updating…' : 'Update'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
