import { join } from 'node:path';
import type { SiteInfo } from '@ukd/contracts';
import { repoRoot } from './build-unit';

/** Where the composed site is assembled and served from. */
export const siteDir = process.env.SITE_DIR ?? join(repoRoot, 'dist', 'site');

export const siteInfo: SiteInfo = {
  name: process.env.SITE_NAME ?? 'Flirtlane',
  key: process.env.SITE_KEY ?? 'ukdating-site01',
  environment: process.env.SITE_ENV === 'local' ? 'local' : 'production',
};

/** The units deployed on their own; each id is also the folder name and the URL segment. */
export const remoteIds = [
  'mfe-landers',
  'mfe-messaging',
  'mfe-profiles',
  'mfe-billing',
  'mfe-support',
] as const;
export type RemoteId = (typeof remoteIds)[number];

export function isRemoteId(id: string): id is RemoteId {
  return (remoteIds as readonly string[]).includes(id);
}

/** Manifest entries in `remoteIds` order, so a redeploy writes the same file. */
export function byRemoteOrder(a: { id: string }, b: { id: string }): number {
  return (remoteIds as readonly string[]).indexOf(a.id) - (remoteIds as readonly string[]).indexOf(b.id);
}
