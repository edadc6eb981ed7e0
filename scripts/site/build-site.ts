import { join } from 'node:path';
import { precompressFolder } from '@ukd/site-server/precompress';
import { buildUnit, repoRoot } from './build-unit';
import { deployRemote } from './deploy-remote';
import { prerenderUnit } from './prerender-unit';
import { remoteIds, siteDir, siteInfo } from './site-config';
import { updateSiteManifest } from './site-manifest-file';

/** Builds the shell and deploys every remote into the served folder: the whole site. */
export async function buildSite() {
  const started = Date.now();
  const shellDir = join(siteDir, 'shell');
  await buildUnit({
    dir: join(repoRoot, 'shell'),
    outDir: shellDir,
    publicPath: '/shell/',
    precompress: false,
  });
  // Each layout's chrome and the shell's public pages, which frame every remote's prerendered page.
  await prerenderUnit(join(repoRoot, 'shell'), 'shell', shellDir, siteInfo);
  await precompressFolder(shellDir);
  await updateSiteManifest(siteDir, siteInfo, (manifest) => ({ ...manifest, site: siteInfo }));
  console.log(`built shell in ${Date.now() - started} ms`);
  for (const remote of remoteIds) await deployRemote(remote);
  console.log(`site ready in ${siteDir} after ${Date.now() - started} ms`);
}

export async function main() {
  try {
    await buildSite();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
