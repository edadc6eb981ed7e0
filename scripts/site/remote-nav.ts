import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NavItem } from '@ukd/contracts';
import { remoteNav } from '@ukd/federation/remote-nav';
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url, { moduleCache: false });

/**
 * The member links a remote contributes, read from its `src/nav.ts` for its site-manifest entry
 * (as `remote-slots.ts` reads `src/widgets.ts`). No file: no links.
 */
export async function readRemoteNav(remote: string, sourceDir: string): Promise<NavItem[] | undefined> {
  const file = join(sourceDir, 'src', 'nav.ts');
  if (!existsSync(file)) return undefined;
  const { nav } = (await jiti.import(file)) as { nav?: unknown };
  return remoteNav(remote, nav);
}
