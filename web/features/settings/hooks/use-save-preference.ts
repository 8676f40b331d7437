import type { PreferencesUpdate } from '@contract/settings';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useUpdatePreferences } from '@web/lib/settings-api';
import { useCallback } from 'react';

/** Saves a change on the server and says so (the "settings saved" toast). */
export function useSavePreference() {
  const update = useUpdatePreferences();
  const { mutate } = update;
  const save = useCallback(
    (changes: PreferencesUpdate, description: string) =>
      mutate(changes, {
        onSuccess: () => toast({ title: 'Settings saved', description }),
        onError: (error) =>
          toast({
            title: 'Settings not saved',
            description: errorMessage(error, 'Your change could not be saved. Please try again.'),
            variant: 'destructive',
          }),
      }),
    [mutate],
  );
  return { save, saving: update.isPending };
}
