import type { SiteInfo } from '@ukd/contracts';

/** SPEC §2: the right-click menu is disabled except in the local environment. */
export function applyContextMenuRule(site: SiteInfo, target: Window = window) {
  if (site.environment === 'local') return;
  target.addEventListener('contextmenu', (event) => event.preventDefault());
}
