import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, parse } from 'node:path';
import type { RspackPluginInstance } from '@rspack/core';

export interface BrandIcons {
  /**
   * Emits the icons and the web app manifest, content-hashed like every other asset, and adds
   * their `<link>` tags to the head of the page HtmlRspackPlugin writes.
   */
  plugin: RspackPluginInstance;
  /** The attributes of each `<link>` it adds. */
  links: Record<string, string>[];
}

const hashed = (name: string, bytes: Buffer | string) => {
  const { name: base, ext } = parse(name);
  return `icons/${base}.${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}${ext}`;
};

/**
 * The shell's favicon set from `<dir>/public` (favicon.svg, icon-32.png, apple-touch-icon.png,
 * icon-192.png, icon-512.png) and a web app manifest naming the site. Names carry a content hash
 * because the site server caches everything but pages and manifests for a year.
 */
export function brandIcons(dir: string, publicPath: string, siteName: string): BrandIcons | null {
  const folder = join(dir, 'public');
  if (!existsSync(join(folder, 'favicon.svg'))) return null;
  const files = new Map<string, Buffer | string>();
  const urls: Record<string, string> = {};
  for (const file of readdirSync(folder)) {
    const bytes = readFileSync(join(folder, file));
    const name = hashed(file, bytes);
    files.set(name, bytes);
    urls[file] = `${publicPath}${name}`;
  }
  const manifest = JSON.stringify({
    name: siteName,
    short_name: siteName,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#d6336c',
    background_color: '#ffffff',
    icons: [192, 512]
      .filter((edge) => urls[`icon-${edge}.png`])
      .map((edge) => ({ src: urls[`icon-${edge}.png`], sizes: `${edge}x${edge}`, type: 'image/png' })),
  });
  const manifestName = hashed('site.webmanifest', manifest);
  files.set(manifestName, manifest);
  const all: Record<string, string>[] = [
    { rel: 'icon', href: urls['icon-32.png'] ?? '', sizes: '32x32', type: 'image/png' },
    { rel: 'icon', href: urls['favicon.svg'] ?? '', type: 'image/svg+xml' },
    { rel: 'apple-touch-icon', href: urls['apple-touch-icon.png'] ?? '' },
    { rel: 'manifest', href: `${publicPath}${manifestName}` },
  ];
  const links = all.filter((link) => link.href);
  const tags = links
    .map(
      (attributes) =>
        `<link ${Object.entries(attributes)
          .map(([k, v]) => `${k}="${v}"`)
          .join(' ')}>`,
    )
    .join('');
  const plugin: RspackPluginInstance = {
    apply(compiler) {
      // Rewrites the page HtmlRspackPlugin wrote rather than tapping its hooks: those live per
      // copy of @rspack/core, and a build script may hold another copy than this config.
      const { Compilation, sources } = compiler.rspack;
      compiler.hooks.thisCompilation.tap('ukd-brand-icons', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'ukd-brand-icons', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          () => {
            for (const [name, bytes] of files) compilation.emitAsset(name, new sources.RawSource(bytes));
          },
        );
        compilation.hooks.processAssets.tap(
          { name: 'ukd-brand-icons', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
          () => {
            const page = compilation.getAsset('index.html');
            if (!page) return;
            const html = page.source.source().toString();
            compilation.updateAsset(
              'index.html',
              new sources.RawSource(html.replace('</title>', `</title>${tags}`)),
            );
          },
        );
      });
    },
  };
  return { plugin, links };
}
