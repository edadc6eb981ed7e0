import type { ApiClient } from '@ukd/api-client';
import type { EventBus } from '@ukd/contracts';
import {
  type ComponentType,
  createContext,
  type LazyExoticComponent,
  type ReactNode,
  useContext,
} from 'react';
import type { Toaster } from '../chrome/toaster';
import type { SlotHost } from '../remotes/slot';
import type { DeferredRealtime } from './deferred-realtime';
import type { SessionService } from './session-service';

export interface ShellServices {
  api: ApiClient;
  session: SessionService;
  toaster: Toaster;
  realtime: DeferredRealtime;
  bus: EventBus;
  /** The members-only part of the top bar, loaded with its store slice on first use. */
  MemberChrome: LazyExoticComponent<ComponentType>;
  /** What `<Slot>` needs to find, load and mount the widget of the remote that fills it. */
  slots: SlotHost;
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
