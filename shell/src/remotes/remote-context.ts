import type { ShellContext } from '@ukd/contracts';
import type { DeferredRealtime } from '../session/deferred-realtime';

/** What every owner's context shares: all of `ShellContext` but the realtime access. */
export type SharedShell = Omit<ShellContext, 'realtime'>;

export interface RemoteContexts {
  /**
   * The shell as `owner` sees it: a remote id for `register`, a parcel name for one mounted page
   * or widget. What it subscribes to is the owner's, so releasing one owner (a widget going)
   * never cuts off another (the page of the same remote), the way Mattermost gives each plugin a
   * `PluginRegistry` bound to its id.
   */
  shellFor(owner: string): ShellContext;
  /** Everything `owner` subscribed to, reconnect handlers included, goes. */
  release(owner: string): void;
}

export function createRemoteContexts(shared: SharedShell, realtime: DeferredRealtime): RemoteContexts {
  return {
    shellFor: (owner) => ({ ...shared, realtime: realtime.owned(owner) }),
    release: (owner) => realtime.disposeOwner(owner),
  };
}
