import { randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 8 lowercase letters or digits (36^8 ~ 2.8e12): short enough to read out, hard to guess. */
export function newUniqueId(): string {
  let id = '';
  for (let i = 0; i < 8; i += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}
