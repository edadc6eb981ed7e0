import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PrerenderedUnit, prerenderedFileName, type SiteInfo } from '@ukd/contracts';
import { createPrerenderConfig } from '@ukd/federation/prerender-config';
import { runCompiler } from './build-unit';
import { siteInfo } from './site-config';

const require = createRequire(import.meta.url);

/** What a unit's `src/prerender.tsx` exports. */
interface PrerenderEntry {
  prerender(context: { site: SiteInfo }): Promise<Omit<PrerenderedUnit, 'styles'>>;
}

/**
 * Renders a unit's public pages with react-dom/server in Node and writes `prerendered.json` and
 * the stylesheet its markup needs into the unit's build folder (before it is compressed and
 * before the site manifest names it). A unit without `src/prerender.tsx` has nothing to render.
 */
export async function prerenderUnit(
  dir: string,
  unit: string,
  outDir: string,
  site: SiteInfo,
): Promise<number> {
  if (!existsSync(join(dir, 'src', 'prerender.tsx'))) return 0;
  const scratch = mkdtempSync(join(tmpdir(), `ukd-prerender-${unit}-`));
  try {
    await runCompiler(createPrerenderConfig({ dir, unit, outDir: scratch }));
    const entryFile = join(scratch, 'prerender.cjs');
    const { prerender } = require(entryFile) as PrerenderEntry;
    const rendered = await prerender({ site });
    delete require.cache[entryFile];

    const styles: string[] = [];
    const cssDir = join(scratch, 'css');
    if (existsSync(cssDir)) {
      mkdirSync(join(outDir, 'css'), { recursive: true });
      for (const name of readdirSync(cssDir).filter((file) => file.endsWith('.css'))) {
        copyFileSync(join(cssDir, name), join(outDir, 'css', name));
        styles.push(`css/${name}`);
      }
    }
    const output: PrerenderedUnit = { styles, ...rendered };
    writeFileSync(join(outDir, prerenderedFileName), JSON.stringify(output));
    return rendered.pages.length;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** `node scripts/site/run.mjs prerender-unit <dir> <unit> <outDir>`: one unit, for trying it out. */
export async function main([dir = '', unit = '', outDir = '']: string[]) {
  const count = await prerenderUnit(dir, unit, outDir, siteInfo);
  console.log(`prerendered ${count} pages of ${unit} into ${outDir}`);
}
