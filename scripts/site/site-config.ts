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
