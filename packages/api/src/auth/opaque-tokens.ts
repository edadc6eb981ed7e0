import { createHash, randomBytes } from 'node:crypto';

/** A random bearer string (256 bits). Only its hash is stored, so a database leak yields no usable token. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
