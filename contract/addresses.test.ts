import { describe, expect, it } from 'vitest';
import { ADDRESS_PREFIX, addressOf, idInAddress, isAddressId, LINK_KEY_PATTERN } from './addresses';

const id = 'AbCdEfGhIjKlMnOpQr-_12';

describe('id-bearing addresses', () => {
  it('reads back the id of every address it builds, and only of its own kind', () => {
    for (const kind of Object.keys(ADDRESS_PREFIX) as (keyof typeof ADDRESS_PREFIX)[]) {
      expect(idInAddress(kind, addressOf(kind, id))).toBe(id);
      const other = kind === 'audio' ? 'video' : 'audio';
      expect(idInAddress(other, addressOf(kind, id))).toBeNull();
    }
  });

  it('reads a full URL only when asked to', () => {
    const full = `https://school.example${addressOf('audio', id)}`;
    expect(idInAddress('audio', full)).toBeNull();
    expect(idInAddress('audio', full, { anyOrigin: true })).toBe(id);
  });

  it.each([
    `/api/audio/${id}x`,
    `/api/audio/${id.slice(1)}`,
    `/api/audio/${id}/`,
    `/api/audio/${id}?a=1`,
    `/api/audio/../uploads/${id}`,
    `/api/audio/${id.slice(0, 21)}.`,
    `javascript://x/api/audio/${id}`,
    ` /api/audio/${id}`,
  ])('accepts nothing it did not hand out: %s', (address) => {
    expect(idInAddress('audio', address, { anyOrigin: true })).toBeNull();
  });

  it('knows the two id shapes', () => {
    expect(isAddressId(id)).toBe(true);
    expect(isAddressId(`${id}A`)).toBe(false);
    expect(LINK_KEY_PATTERN.test('a'.repeat(43))).toBe(true);
    expect(LINK_KEY_PATTERN.test('a'.repeat(42))).toBe(false);
  });
});
