import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A secret generated on first start under `${dataDir}/secrets/${name}` and reused afterwards, so
 * what it signs (tokens, pending payment orders) survives restarts.
 */
export function persistedSecret(dataDir: string, name: string, generate: () => string): string {
  const file = join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
  const secret = generate();
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return secret;
  } catch (error) {
    // Another process (the CLI, a second server) created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}
