import { addressOf } from '../../../contract/addresses';
import type { AvatarProfile, VoiceProfile } from '../../../contract/profiles';
import type { avatarProfiles, voiceProfiles } from './tables';

export type VoiceRow = typeof voiceProfiles.$inferSelect;
export type AvatarRow = typeof avatarProfiles.$inferSelect;

/** Addresses this server hands out for a teacher's own profile media (owner-only). */
export const samplePathOf = (fileId: string) => addressOf('voiceSample', fileId);
export const imagePathOf = (fileId: string) => addressOf('avatarImage', fileId);
export const videoPathOf = (fileId: string) => addressOf('avatarVideo', fileId);

export function presentVoice(row: VoiceRow): VoiceProfile {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    samplePath: row.sampleFileId ? samplePathOf(row.sampleFileId) : null,
    voiceId: row.voiceId,
    engine: row.engine,
    settings: (row.settings as VoiceProfile['settings']) ?? null,
    consentAt: row.consentAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentAvatar(row: AvatarRow): AvatarProfile {
  return {
    id: row.id,
    name: row.name,
    referenceImagePath: row.imageFileId ? imagePathOf(row.imageFileId) : null,
    videoSamplePath: row.videoFileId ? videoPathOf(row.videoFileId) : null,
    avatarId: row.avatarId,
    status: row.status,
    error: row.error,
    consentAt: row.consentAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
