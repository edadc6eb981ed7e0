import type { RemoteRegistration, ShellContext } from '@ukd/contracts';

export function register(_shell: ShellContext): RemoteRegistration {
  // No routes: the shell reads them from the site manifest, and the lander catalog stays out of `/`.
  return { id: 'mfe-landers' };
}
