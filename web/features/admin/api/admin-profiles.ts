import type { AdminAvatarProfile, AdminVoiceProfile } from '@contract/profiles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';

export type ProfileKind = 'voice' | 'avatar';
const urlOf = (kind: ProfileKind) => `/api/admin/${kind}-profiles`;

export function useAdminProfiles<K extends ProfileKind>(kind: K) {
  return useQuery<(K extends 'voice' ? AdminVoiceProfile : AdminAvatarProfile)[], ApiRequestError>({
    queryKey: [urlOf(kind)],
    staleTime: 0,
  });
}

export function useRemoveProfile(kind: ProfileKind) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, number>({
    mutationFn: (id) => apiFetch(`${urlOf(kind)}/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [urlOf(kind)] }),
  });
}
