import type { PreloadData, RemoteAppProps } from '@ukd/contracts';
import { PageLoading, ShellProvider } from '@ukd/ui';
import * as React from 'react';
import { type ComponentType, type ReactNode, Suspense } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, matchRoutes, Route, Routes } from 'react-router';
import singleSpaReact from 'single-spa-react';
import { AddressCatchUp } from './address-catch-up';
import { preloadableLazy } from './preloadable-lazy';
import type { RemoteRoute } from './remote-routes';

/** What every React root a remote mounts needs: the shared store, the shell and a router. */
function RemoteProviders({ shell, basename, children }: RemoteAppProps & { children: ReactNode }) {
  return (
    <Provider store={shell.store}>
      <ShellProvider shell={shell}>
        <BrowserRouter basename={basename}>
          <AddressCatchUp basename={basename} />
          {children}
        </BrowserRouter>
      </ShellProvider>
    </Provider>
  );
}

/**
 * React roots whose renders are transitions, as the shell's own first render is: React then
 * yields to the browser every few milliseconds while it builds a remote's page, instead of
 * building all of it in one task that holds a phone's taps back (a dashboard of two dozen cards
 * was a 300 ms task at a phone's speed). single-spa-react calls `createRoot` and then `render`
 * on what it returns, for the mount and for every update of the parcel's props.
 */
const transitionRoots = {
  createRoot(container: Element | DocumentFragment) {
    const root = ReactDOMClient.createRoot(container);
    return {
      render: (children: ReactNode) => React.startTransition(() => root.render(children)),
      unmount: () => root.unmount(),
    };
  },
};

/** Lifecycles for one React root; a render error is handed to the shell, which removes the root. */
function lifecycles(rootComponent: (props: RemoteAppProps) => ReactNode) {
  return singleSpaReact<RemoteAppProps>({
    React,
    ReactDOMClient: transitionRoots,
    rootComponent,
    errorBoundary(error, _info, props) {
      // Defer: the shell reacts by unmounting this parcel, which must not happen mid-render.
      setTimeout(() => props.onCrash(error));
      // biome-ignore lint/complexity/noUselessFragments: single-spa-react's type wants an element, not null
      return <></>;
    },
  });
}

/**
 * Turns a remote's routes into the single-spa lifecycles its `./app` module exports. The
 * remote gets the shared store, the shell context and its own router on the shell's history;
 * each page's code loads only when its route is shown. A render error is handed to the shell,
 * which shows its fallback for the section. `preload` fetches a page's code before the mount,
 * and a page whose code is there renders without suspending.
 */
export function createRemoteApp(routes: readonly Pick<RemoteRoute, 'path' | 'page'>[]) {
  const pages = routes.map((route) => ({ path: route.path, Page: preloadableLazy(route.page) }));

  // biome-ignore lint/correctness/noComponentHookFactories: built once per remote when its module loads, never per render
  function RemoteRoot(props: RemoteAppProps) {
    return (
      <RemoteProviders {...props}>
        <Suspense fallback={<PageLoading />}>
          <Routes>
            {pages.map(({ path, Page }) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            {/* The shell decides what a path shows; while it swaps remotes, render nothing. */}
            <Route path="*" element={null} />
          </Routes>
        </Suspense>
      </RemoteProviders>
    );
  }

  return {
    ...lifecycles(RemoteRoot),
    /** The page `pathname` shows, fetched ahead of the mount; nothing for a path it has no page for. */
    async preload(pathname: string): Promise<void> {
      const [best] = matchRoutes(pages, pathname) ?? [];
      await best?.route.Page.preload();
    },
  };
}

/**
 * `preload` for a remote whose routes name their first requests (`RemoteRoute.data`): with the
 * shell's `data`, the page's requests start beside its code. A separate step so that remotes
 * without such routes (the landers, on every visitor's first load) do not carry it.
 */
export function withPageData(
  routes: readonly Pick<RemoteRoute, 'path' | 'data'>[],
  preloadCode: (pathname: string) => Promise<void>,
) {
  return (pathname: string, data?: PreloadData): Promise<void> => {
    const [best] = matchRoutes([...routes], pathname) ?? [];
    // The page's search and the shell, as they came: anything more is the route's to work out.
    if (best && data) best.route.data?.({ ...data, params: best.params });
    return preloadCode(pathname);
  };
}

/**
 * Turns one component into the lifecycles a widget module default-exports, for a shell slot
 * (see the remote's `src/widgets.ts`). Same root as a page: the shared store, the shell and a
 * router on the shell's history, so `SiteLink` and `useLocation` work; no routes, no loading
 * state, since a slot shows nothing until its widget is there.
 */
export function createRemoteWidget(Widget: ComponentType) {
  function WidgetRoot(props: RemoteAppProps) {
    return (
      <RemoteProviders {...props}>
        <Widget />
      </RemoteProviders>
    );
  }

  return lifecycles(WidgetRoot);
}
