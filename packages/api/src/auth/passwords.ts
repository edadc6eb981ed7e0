import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';

export interface HashingCost {
  memoryCost: number;
  timeCost: number;
}

const commonPasswords: ReadonlySet<string> = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#')),
);

/**
 * NFKC so that the same password typed on keyboards producing composed or decomposed
 * characters (é as one code point or two) hashes the same (NIST 800-63B 5.1.1.2).
 */
export function normalisePassword(password: string): string {
  return password.normalize('NFKC');
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

export function commonPasswordCount(): number {
  return commonPasswords.size;
}

export class PasswordHasher {
  // Verified against when the email is unknown, so both paths cost one argon2 verification and
  // response times do not reveal which addresses are members.
  private dummy: Promise<string> | undefined;

  constructor(private readonly cost: HashingCost) {}

  hash(password: string): Promise<string> {
    return hash(normalisePassword(password), { ...this.cost, parallelism: 1 });
  }

  async verify(passwordHash: string | undefined, password: string): Promise<boolean> {
    if (passwordHash === undefined) {
      this.dummy ??= this.hash('not-a-real-password');
      await verify(await this.dummy, normalisePassword(password)).catch(() => false);
      return false;
    }
    return verify(passwordHash, normalisePassword(password)).catch(() => false);
  }
}
