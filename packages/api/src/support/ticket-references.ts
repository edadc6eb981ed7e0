import { randomInt } from 'node:crypto';

// Crockford's base 32: no I, L, O or U, so a reference read out on the phone is not misheard.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 6;

/** `FL-7K3Q9D`: 32⁶ ≈ 1.07 billion, from the CSPRNG; reading a ticket still needs its owner. */
export const REFERENCE_FORMAT = /^FL-[0-9A-HJKMNP-TV-Z]{6}$/;

export function newReference(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `FL-${code}`;
}
