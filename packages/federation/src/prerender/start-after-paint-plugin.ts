import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RspackPluginInstance } from '@rspack/core';
import { AFTER_PAINT_ATTRIBUTE } from '@ukd/contracts';

const source = readFileSync(fileURLToPath(new URL('./start-after-paint.js', import.meta.url)), 'utf8');

/**
 * Emits `start-after-paint.js` (content-hashed, like every asset the site caches for a year) and
 * names it on the entry's `<script>` in the page HtmlRspackPlugin wrote, as `data-after-paint`.
 * The site server swaps the two on prerendered pages only: a page drawn by the browser alone has
 * nothing to paint first and loads the entry at once.
 */
export function startAfterPaint(publicPath: string): RspackPluginInstance {
  const name = `js/start-after-paint.${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
  return {
    apply(compiler) {
      // Rewrites the page rather than tapping HtmlRspackPlugin's hooks, as brand-icons.ts does.
      const { Compilation, sources } = compiler.rspack;
      compiler.hooks.thisCompilation.tap('ukd-start-after-paint', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'ukd-start-after-paint', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          () => compilation.emitAsset(name, new sources.RawSource(source)),
        );
        compilation.hooks.processAssets.tap(
          { name: 'ukd-start-after-paint', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
          () => {
            const page = compilation.getAsset('index.html');
            if (!page) return;
            const html = page.source
              .source()
              .toString()
              .replace(
                /<script defer(?:="defer")? src="([^"]+)"><\/script>/,
                (_tag, src: string) =>
                  `<script defer src="${src}" ${AFTER_PAINT_ATTRIBUTE}="${publicPath}${name}"></script>`,
              );
            if (!html.includes(AFTER_PAINT_ATTRIBUTE))
              throw new Error('index.html has no deferred entry script');
            compilation.updateAsset('index.html', new sources.RawSource(html));
          },
        );
      });
    },
  };
}
