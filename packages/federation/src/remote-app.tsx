import type { RemoteAppProps } from '@ukd/contracts';
import { PageLoading, ShellProvider } from '@ukd/ui';
import * as React from 'react';
import { lazy, Suspense } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, Route, Routes } from 'react-router';
import singleSpaReact from 'single-spa-react';
import type { RemoteRoute } from './remote-routes';

/**
 * Turns a remote's routes into the single-spa lifecycles its `./app` module exports. The
 * remote gets the shared store, the shell context and its own router on the shell's history;
 * each page's code loads only when its route is shown. A render error is handed to the shell,
 * which shows its fallback for the section.
 */
export function createRemoteApp(routes: readonly RemoteRoute[]) {
  const pages = routes.map((route) => ({ path: route.path, Page: lazy(route.page) }));

  // biome-ignore lint/correctness/noComponentHookFactories: built once per remote when its module loads, never per render
  function RemoteRoot({ shell, basename }: RemoteAppProps) {
    return (
      <Provider store={shell.store}>
        <ShellProvider shell={shell}>
          <BrowserRouter basename={basename}>
            <Suspense fallback={<PageLoading />}>
              <Routes>
                {pages.map(({ path, Page }) => (
                  <Route key={path} path={path} element={<Page />} />
                ))}
                {/* The shell decides what a path shows; while it swaps remotes, render nothing. */}
                <Route path="*" element={null} />
              </Routes>
            </Suspense>
          </BrowserRouter>
        </ShellProvider>
      </Provider>
    );
  }

  return singleSpaReact<RemoteAppProps>({
    React,
    ReactDOMClient,
    rootComponent: RemoteRoot,
    errorBoundary(error, _info, props) {
      // Defer: the shell reacts by unmounting this parcel, which must not happen mid-render.
      setTimeout(() => props.onCrash(error));
      // biome-ignore lint/complexity/noUselessFragments: single-spa-react's type wants an element, not null
      return <></>;
    },
  });
}
