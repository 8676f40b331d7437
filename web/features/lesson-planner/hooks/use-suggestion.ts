import { NO_ACTIVE_PLAN } from '@contract/lesson-constants';
import type { LessonSuggestion } from '@contract/lesson-plans';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useEffect, useState } from 'react';
import { useApplySuggestion, useLessonSuggestion } from '../api/suggestions';
import { sentence } from './use-move-lesson';

/** The suggestion banner's state: asked for, shown until applied or dismissed (spec §4). */
export function useSuggestion(planId: number | undefined) {
  const [suggestion, setSuggestion] = useState<LessonSuggestion | null>(null);
  const ask = useLessonSuggestion(planId);
  const apply = useApplySuggestion(planId);

  // A suggestion belongs to the week it was made for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the plan changes.
  useEffect(() => setSuggestion(null), [planId]);

  const request = () => {
    if (planId === undefined) {
      toast({ title: 'Error', description: NO_ACTIVE_PLAN, variant: 'destructive' });
      return;
    }
    ask.mutate(undefined, {
      onSuccess: setSuggestion,
      onError: (error) =>
        toast({
          title: 'Failed to get lesson plan suggestion',
          description: errorMessage(error, 'Please try again in a moment.'),
          variant: 'destructive',
        }),
    });
  };

  const applySuggestion = () => {
    if (!suggestion) return;
    apply.mutate(suggestion, {
      onSuccess: () => {
        setSuggestion(null);
        toast({
          title: 'AI suggestion applied',
          description: 'Review activities have been added to your lesson plan',
        });
      },
      onError: (error) =>
        toast({
          title: 'Error applying suggestion',
          description: `${sentence(errorMessage(error, 'Not every lesson could be added.'))} Applying again adds only the missing ones.`,
          variant: 'destructive',
        }),
    });
  };

  return {
    suggestion,
    request,
    requesting: ask.isPending,
    apply: applySuggestion,
    applying: apply.isPending,
    dismiss: () => setSuggestion(null),
  };
}

export type SuggestionState = ReturnType<typeof useSuggestion>;
