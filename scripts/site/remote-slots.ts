import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SlotName } from '@ukd/contracts';
import { widgetSlots } from '@ukd/federation/remote-widgets';
import { createJiti } from 'jiti';

const jiti = createJiti(import.meta.url, { moduleCache: false });

/**
 * The slots a remote fills, read from its `src/widgets.ts` for its site-manifest entry; the
 * loaders there are lazy, so reading it imports no widget code. No file: no slots.
 */
export async function readRemoteSlots(remote: string, sourceDir: string): Promise<SlotName[] | undefined> {
  const file = join(sourceDir, 'src', 'widgets.ts');
  if (!existsSync(file)) return undefined;
  const { widgets } = (await jiti.import(file)) as { widgets?: Record<string, unknown> };
  return widgetSlots(remote, widgets);
}
