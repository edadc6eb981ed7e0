import type { ShellContext } from '@ukd/contracts';
import { createRemoteLoader } from '@ukd/federation/remote-loader';
import { createEventBus, createShellStore, siteLoaded } from '@ukd/store';
import { ShellProvider } from '@ukd/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { patchHistoryApi } from 'single-spa';
import { applyContextMenuRule } from './chrome/context-menu';
import { connectionAllowsPrefetch, whenIdle } from './chrome/prefetch-policy';
import { installChunkErrorReload } from './errors/chunk-reload';
import { ErrorPage } from './errors/error-page';
import { createRemoteRegistry } from './remotes/remote-registry';
import { createRouteTable } from './routing/route-table';
import { ShellRoutes } from './routing/shell-routes';
import { fetchSiteManifest } from './site-manifest';

export async function boot(rootElement: HTMLElement) {
  const root = createRoot(rootElement);
  installChunkErrorReload();
  // Remotes run their own routers on the shell's history: a pushState in one React root must
  // reach the routers in the others, which single-spa does by replaying it as popstate.
  patchHistoryApi();

  let manifest: Awaited<ReturnType<typeof fetchSiteManifest>>;
  try {
    manifest = await fetchSiteManifest();
  } catch (error) {
    root.render(<ErrorPage status={503} message={error instanceof Error ? error.message : undefined} />);
    return;
  }

  const { store, injectSlice } = createShellStore();
  store.dispatch(siteLoaded(manifest.site));
  applyContextMenuRule(manifest.site);

  const routeTable = createRouteTable(manifest);
  const loader = createRemoteLoader({ baseUrl: window.location.origin });

  const shell: ShellContext = {
    site: manifest.site,
    store,
    injectSlice,
    bus: createEventBus(),
    navigate(to, options) {
      if (options?.replace) window.history.replaceState(null, '', to);
      else window.history.pushState(null, '', to);
    },
    prefetch(path) {
      const match = routeTable.match(new URL(path, window.location.origin).pathname);
      if (!match || !connectionAllowsPrefetch()) return;
      whenIdle(() => registry.preload(match.remote));
    },
  };
  const registry = createRemoteRegistry(loader, shell);

  root.render(
    <StrictMode>
      <Provider store={store}>
        <ShellProvider shell={shell}>
          <BrowserRouter>
            <ShellRoutes routeTable={routeTable} registry={registry} shell={shell} />
          </BrowserRouter>
        </ShellProvider>
      </Provider>
    </StrictMode>,
  );
}
