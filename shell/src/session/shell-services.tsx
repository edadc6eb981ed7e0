import type { ShellContext } from '@ukd/contracts';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { Attribution } from '../acquisition/attribution';
import type { PageWork } from '../chrome/page-work';
import type { Toaster } from '../chrome/toaster';
import type { ConsentStore } from '../consent/consent-store';
import type { RemoteRegistry } from '../remotes/remote-registry';
import type { SessionService } from './session-service';

/**
 * The shell's own context (what a remote gets, owned by `shell`) plus what only the shell's
 * pages and chrome use: the full session service, the toaster, the remotes, the member chrome.
 */
export interface ShellServices extends ShellContext {
  session: SessionService;
  toaster: Toaster;
  /** The remotes on the page: loads them, finds who fills a slot, lists their member links. */
  registry: RemoteRegistry;
  /** The page's own work in flight (API calls, remote loads): extras wait for it to end. */
  pageWork: PageWork;
  /** The members-only part of the top bar, loaded with its store slice on first use. */
  MemberChrome: ComponentType;
  /** The visitor's cookie choice; the footer's "Cookie settings" reopens the banner. */
  consent: ConsentStore;
  /** Where the visitor came from, read from public pages' query strings. */
  attribution: Attribution;
}

const Context = createContext<ShellServices | null>(null);

export function ShellServicesProvider({
  services,
  children,
}: {
  services: ShellServices;
  children: ReactNode;
}) {
  return <Context.Provider value={services}>{children}</Context.Provider>;
}

/** The shell's own pages and chrome reach the API and the session through this. */
export function useShellServices(): ShellServices {
  const services = useContext(Context);
  if (!services) throw new Error('useShellServices outside ShellServicesProvider');
  return services;
}
