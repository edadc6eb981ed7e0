import { join } from 'node:path';
import { buildUnit, repoRoot } from './build-unit';
import { deployRemote } from './deploy-remote';
import { remoteIds, siteDir, siteInfo } from './site-config';
import { updateSiteManifest } from './site-manifest-file';

/** Builds the shell and deploys every remote into the served folder: the whole site. */
export async function buildSite() {
  const started = Date.now();
  await buildUnit({ dir: join(repoRoot, 'shell'), outDir: join(siteDir, 'shell'), publicPath: '/shell/' });
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
