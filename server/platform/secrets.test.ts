import { describe, expect, it } from 'vitest';
import { hashPassword, hashToken, newToken, safeEqual, verifyPassword } from './secrets';

describe('passwords', () => {
  it('hashes with a fresh salt and verifies only the right password', async () => {
    const first = await hashPassword('pupils-first');
    const second = await hashPassword('pupils-first');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('pupils-first', first)).toBe(true);
    expect(await verifyPassword('pupils-firsT', first)).toBe(false);
    expect(await verifyPassword('pupils-first', 'garbage')).toBe(false);
  });
});

describe('tokens', () => {
  it('are 256 random bits, URL-safe, and hashed deterministically', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(token);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toContain(token);
  });

  it('compares strings of any length in constant time', () => {
    expect(safeEqual('a', 'a')).toBe(true);
    expect(safeEqual('a', 'ab')).toBe(false);
  });
});
