import type { SiteInfo } from '@ukd/contracts';
import type { ShellServices } from '../session/shell-services';

/**
 * The shell's services while its pages render to HTML at build time. Rendering only reads them
 * (a page takes `session`, the footer `consent`, to use in handlers and effects, which never run
 * on the server); calling any of them is a mistake in the page, and fails the build by name.
 */
export function renderOnlyServices(site: SiteInfo): ShellServices {
  const unavailable = (path: string): unknown =>
    new Proxy(() => undefined, {
      get: (_target, key) => (typeof key === 'symbol' ? undefined : unavailable(`${path}.${key}`)),
      apply: () => {
        throw new Error(
          `${path}() was called while prerendering; pages may use services only in effects and handlers`,
        );
      },
    });
  return new Proxy({ site } as ShellServices, {
    get: (target, key) =>
      key in target || typeof key === 'symbol' ? Reflect.get(target, key) : unavailable(`shell.${key}`),
  });
}
