import type { NavItem, RouteDefinition, SlotName } from './routes';

/**
 * The one file the shell reads at boot to learn which remotes exist, where each one's
 * `mf-manifest.json` lives and which routes it owns. Deploying a remote rewrites only its
 * own entry, so new routes never need a shell rebuild.
 */
export interface SiteManifest {
  site: SiteInfo;
  remotes: RemoteEntry[];
}

export interface SiteInfo {
  /** The product name shown in titles: `title - name`. */
  name: string;
  /** The site's fixed public key (SPEC §9), sent as `Site-key` on every API call. */
  key: string;
  /** `local` keeps developer affordances such as the right-click menu. */
  environment: 'local' | 'production';
}

export interface RemoteEntry {
  /** The remote's folder name, also its URL segment (`mfe-messaging`). */
  id: string;
  /** URL of the remote's `mf-manifest.json`, absolute or relative to the site root. */
  entry: string;
  /** Build id of the deployed bundle, for cache busting and rollback. */
  version: string;
  routes: RouteDefinition[];
  /**
   * The shell slots this remote fills with a widget (from its `src/widgets.ts`), so the shell
   * loads this remote, and only it, when one of those slots shows. Absent: no widgets.
   */
  slots?: SlotName[];
  /**
   * The member pages this remote links from the shell's menus (from its `src/nav.ts`). The shell
   * shows them from here, without loading the remote, so a link stays even when its code fails.
   */
  nav?: NavItem[];
}
