import { NO_ACTIVE_PLAN } from '@contract/lesson-constants';
import type { LessonSuggestion, SuggestedLesson } from '@contract/lesson-plans';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useEffect, useState } from 'react';
import {
  answered,
  useApplySuggestion,
  useLessonSuggestion,
  useRespondToSuggestion,
} from '../api/suggestions';
import { sentence } from './use-move-lesson';

/**
 * The suggestion banner's state: asked for, shown until applied or dismissed.
 * "No Thanks" and "Wrong suggestion" are remembered on the server for the evidence shown,
 * so the same suggestion does not come back for it.
 */
export function useSuggestion(planId: number | undefined) {
  const [suggestion, setSuggestion] = useState<LessonSuggestion | null>(null);
  const ask = useLessonSuggestion(planId);
  const apply = useApplySuggestion(planId);
  const respond = useRespondToSuggestion(planId);

  // A suggestion belongs to the week it was made for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the plan changes.
  useEffect(() => setSuggestion(null), [planId]);

  const askFor = (generalIdeas: boolean) => {
    if (planId === undefined) {
      toast({ title: 'Error', description: NO_ACTIVE_PLAN, variant: 'destructive' });
      return;
    }
    ask.mutate(generalIdeas ? { generalIdeas } : undefined, {
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

  const notSaved = (error: unknown) =>
    toast({
      title: 'Not remembered',
      description: errorMessage(error, 'Your answer could not be saved. Please try again.'),
      variant: 'destructive',
    });

  const dismiss = () => {
    const shown = suggestion?.suggestedLessons ?? [];
    setSuggestion(null);
    if (shown.length === 0) return;
    respond.mutate(
      { response: 'not-now', suggestions: shown.map(answered) },
      { onError: notSaved },
    );
  };

  /** One suggestion is wrong: it leaves the banner and is not made again for its evidence. */
  const markWrong = (lesson: SuggestedLesson) => {
    respond.mutate(
      { response: 'wrong', suggestions: [answered(lesson)] },
      {
        onSuccess: () => {
          setSuggestion((current) => {
            if (!current) return current;
            const left = current.suggestedLessons.filter(
              (other) => other.suggestionKey !== lesson.suggestionKey,
            );
            return left.length === 0
              ? null
              : {
                  ...current,
                  suggestedLessons: left,
                  action: `Apply ${left.length === 1 ? '1 suggestion' : `${left.length} suggestions`}`,
                };
          });
          toast({
            title: 'Thanks, noted',
            description: 'This suggestion will not be made again for the same marking.',
          });
        },
        onError: notSaved,
      },
    );
  };

  return {
    suggestion,
    request: () => askFor(false),
    /** When the marking offered nothing: subject reviews and catch-ups, as asked. */
    requestIdeas: () => askFor(true),
    requesting: ask.isPending,
    apply: applySuggestion,
    applying: apply.isPending,
    dismiss,
    markWrong,
    responding: respond.isPending,
  };
}

export type SuggestionState = ReturnType<typeof useSuggestion>;
