/*
 * The synthesized voice's types a teacher chooses from, without zod: the pages import
 * these, and a module that declares schemas would bring zod into the page (decision 0031).
 * Each is an eSpeak NG variant; the teacher's measured pitch and pace are used within the
 * type's own pitch range, so a female type never speaks low and a male type never high.
 */

export const VOICE_TYPES = [
  { id: 'f3', family: 'female', label: 'Female voice 1' },
  { id: 'f2', family: 'female', label: 'Female voice 2' },
  { id: 'm3', family: 'male', label: 'Male voice 1' },
  { id: 'm6', family: 'male', label: 'Male voice 2' },
] as const;

export type VoiceType = (typeof VOICE_TYPES)[number];
export type VoiceTypeId = VoiceType['id'];
export const VOICE_TYPE_IDS = VOICE_TYPES.map((type) => type.id) as [VoiceTypeId, ...VoiceTypeId[]];

export const CHOOSE_VOICE_TYPE = 'Choose one of the voice types';

/** The type a profile's stored variant belongs to; an older or unknown variant reads as its family's first. */
export function voiceTypeOf(variant: string | null | undefined): VoiceType {
  const exact = VOICE_TYPES.find((type) => type.id === variant);
  if (exact) return exact;
  return variant?.startsWith('m') ? VOICE_TYPES[2] : VOICE_TYPES[0];
}
