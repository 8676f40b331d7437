/*
 * The shapes of the random ids that are also addresses, and the addresses built from them,
 * in one place. Inside the server a file, render or recording travels as its id; it becomes
 * a URL only at the edge (an answer, an export, an e-mail), through the builders below, and
 * an address a client sends back is read only by `idInAddress`, which accepts nothing this
 * server did not hand out. Plain (no zod), so pages may import it.
 */

/** Files, renders and recordings: 16 random bytes (128 bits) in base64url. */
export const ADDRESS_ID_SOURCE = '[A-Za-z0-9_-]{22}';
/** Capability-link keys: 32 random bytes (256 bits) in base64url. */
export const LINK_KEY_SOURCE = '[A-Za-z0-9_-]{43}';

export const ADDRESS_ID_PATTERN = new RegExp(`^${ADDRESS_ID_SOURCE}$`);
export const LINK_KEY_PATTERN = new RegExp(`^${LINK_KEY_SOURCE}$`);

export const isAddressId = (id: string) => ADDRESS_ID_PATTERN.test(id);

/** Every kind of id-bearing address the server hands out, by the path it lives under. */
export const ADDRESS_PREFIX = {
  upload: '/api/uploads/',
  audio: '/api/audio/',
  video: '/api/videos/',
  voiceSample: '/api/teacher-voices/samples/',
  avatarImage: '/api/teacher-avatars/images/',
  avatarVideo: '/api/teacher-avatars/videos/',
} as const;
export type AddressKind = keyof typeof ADDRESS_PREFIX;

export const addressOf = (kind: AddressKind, id: string) => `${ADDRESS_PREFIX[kind]}${id}`;

const addressPatterns = Object.fromEntries(
  Object.entries(ADDRESS_PREFIX).map(([kind, prefix]) => [
    kind,
    new RegExp(`^(https?://[^/]+)?${prefix.replaceAll('/', '\\/')}(${ADDRESS_ID_SOURCE})$`),
  ]),
) as Record<AddressKind, RegExp>;

/**
 * The id inside an address of that kind, or null. Only the path this server hands out is
 * read, unless `anyOrigin` (a page that sends back the full URL it was given).
 */
export function idInAddress(
  kind: AddressKind,
  address: string,
  { anyOrigin = false }: { anyOrigin?: boolean } = {},
): string | null {
  const match = addressPatterns[kind].exec(address);
  if (!match || (match[1] && !anyOrigin)) return null;
  return match[2] ?? null;
}
