import { type NavItem, navAreas, navBadges } from '@ukd/contracts';

/**
 * A remote's member links for its site-manifest entry, from its `src/nav.ts`, checked so a typo
 * fails the deploy rather than showing a broken menu; `undefined` for none, so a remote without
 * links gets no `nav`. Links are plain site paths: the page may belong to a route the remote
 * has not shipped yet, and the shell shows the link whether or not the remote's code loads.
 */
export function remoteNav(remote: string, nav: unknown): NavItem[] | undefined {
  if (nav === undefined) return undefined;
  if (!Array.isArray(nav)) throw new Error(`${remote} nav: expected a list of links`);
  const items = nav.map((item: Partial<NavItem>, index) => {
    const where = `${remote} nav[${index}]`;
    if (typeof item?.label !== 'string' || !item.label) throw new Error(`${where}: a label is required`);
    if (typeof item.to !== 'string' || !item.to.startsWith('/'))
      throw new Error(`${where}: to starts with /`);
    if (!navAreas.includes(item.area as NavItem['area'])) {
      throw new Error(`${where}: unknown area ${String(item.area)} (known: ${navAreas.join(', ')})`);
    }
    if (typeof item.order !== 'number' || !Number.isFinite(item.order)) {
      throw new Error(`${where}: order must be a number`);
    }
    if (item.badge !== undefined && !navBadges.includes(item.badge)) {
      throw new Error(`${where}: unknown badge ${String(item.badge)} (known: ${navBadges.join(', ')})`);
    }
    return item as NavItem;
  });
  return items.length ? items : undefined;
}
