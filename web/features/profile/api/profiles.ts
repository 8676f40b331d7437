import type {
  AvatarProfile,
  CreateAvatarProfileRequest,
  CreateVoiceProfileRequest,
  VoiceProfile,
  VoiceTypeRequest,
} from '@contract/profiles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';
import { uploadFormData } from '@web/lib/upload-file';

const VOICES = '/api/teacher-voice-profiles';
const AVATARS = '/api/teacher-avatar-profiles';
const AVATAR_POLL_MS = 2000;

export function useVoiceProfiles() {
  return useQuery<VoiceProfile[], ApiRequestError>({ queryKey: [VOICES] });
}

/** Polls while an avatar is being prepared, so "Processing" turns into "Avatar ready". */
export function useAvatarProfiles() {
  return useQuery<AvatarProfile[], ApiRequestError>({
    queryKey: [AVATARS],
    refetchInterval: (query) =>
      query.state.data?.some((avatar) => avatar.status === 'processing') ? AVATAR_POLL_MS : false,
  });
}

/** A sample as a form upload (streamed, never base64 inside JSON), in the part `field`. */
function uploadSample<T>(url: string, field: string, file: Blob) {
  const form = new FormData();
  form.append(field, file, file instanceof File ? file.name : field);
  return uploadFormData<T>(url, form);
}

export const uploadVoiceSample = (sample: Blob) =>
  uploadSample<{ samplePath: string }>('/api/teacher-voices/samples', 'audio', sample);

export const uploadAvatarImage = (photo: Blob) =>
  uploadSample<{ imagePath: string }>('/api/teacher-avatars/images', 'image', photo);

export const uploadAvatarVideo = (video: Blob) =>
  uploadSample<{ videoPath: string }>('/api/teacher-avatars/videos', 'video', video);

export function useCreateVoice() {
  const queryClient = useQueryClient();
  return useMutation<
    VoiceProfile & { notice: string | null },
    ApiRequestError,
    CreateVoiceProfileRequest
  >({
    mutationFn: (body) => apiFetch('/api/teacher-voices/create', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [VOICES] }),
  });
}

export function useCreateAvatar() {
  const queryClient = useQueryClient();
  return useMutation<AvatarProfile, ApiRequestError, CreateAvatarProfileRequest>({
    mutationFn: (body) => apiFetch('/api/teacher-avatars/create', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [AVATARS] }),
  });
}

export function useDeleteVoice() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, string>({
    mutationFn: (voiceId) =>
      apiFetch(`/api/teacher-voices/${encodeURIComponent(voiceId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [VOICES] }),
  });
}

/** Ready avatars are removed by their avatar id (the API's address); failed ones, which have none, by row id. */
export function useDeleteAvatar() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, AvatarProfile>({
    mutationFn: (avatar) =>
      apiFetch(
        avatar.avatarId
          ? `/api/teacher-avatars/${encodeURIComponent(avatar.avatarId)}`
          : `/api/teacher-avatar-profiles/${avatar.id}`,
        { method: 'DELETE' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [AVATARS] }),
  });
}

const voiceUrl = (voiceId: string) => `/api/teacher-voices/${encodeURIComponent(voiceId)}`;

/** A few seconds of the synthesized voice as this profile speaks in a type. */
export const voicePreviewUrl = (voiceId: string, variant: string) =>
  `${voiceUrl(voiceId)}/preview?variant=${encodeURIComponent(variant)}`;

export function useChooseVoiceType(voiceId: string) {
  const queryClient = useQueryClient();
  return useMutation<VoiceProfile, ApiRequestError, VoiceTypeRequest>({
    mutationFn: (body) => apiFetch(`${voiceUrl(voiceId)}/voice-type`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [VOICES] }),
  });
}
