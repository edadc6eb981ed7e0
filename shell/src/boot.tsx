import { browserStorage, computeDeviceId, createApiClient, createTokenStore } from '@ukd/api-client';
import type { SiteSettings } from '@ukd/contracts/api';
import { preloadableLazy } from '@ukd/federation/preloadable-lazy';
import { createRemoteLoader } from '@ukd/federation/remote-loader';
import type { ChannelAuth } from '@ukd/realtime';
import {
  createEventBus,
  createShellStore,
  formErrorsCleared,
  maintenanceEntered,
  settingsLoaded,
  siteLoaded,
  type ThunkExtra,
} from '@ukd/store';
import { ShellProvider } from '@ukd/ui';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { patchHistoryApi } from 'single-spa';
import { createAttribution } from './acquisition/attribution';
import { applyContextMenuRule } from './chrome/context-menu';
import { afterPageWork } from './chrome/page-work';
import { connectionAllowsPrefetch } from './chrome/prefetch-policy';
import { createProgress, ProgressBar } from './chrome/progress-bar';
import { createToaster, Toasts } from './chrome/toaster';
import { ConsentHost } from './consent/consent-host';
import { createConsentStore } from './consent/consent-store';
import { installChunkErrorReload } from './errors/chunk-reload';
import { ErrorPage } from './errors/error-page';
import { preloadMemberHeaderBar } from './layouts/layout';
import { createRemoteContexts, type SharedShell } from './remotes/remote-context';
import { createRemoteRegistry } from './remotes/remote-registry';
import { applyPageMeta } from './routing/page-effects';
import { createRouteTable } from './routing/route-table';
import { shellPages } from './routing/shell-pages';
import { ShellRoutes } from './routing/shell-routes';
import { createDeferredRealtime } from './session/deferred-realtime';
import { createSessionService } from './session/session-service';
import { type ShellServices, ShellServicesProvider } from './session/shell-services';
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

  // The API client is made after the store (it reports into it); thunks get it through `extra`.
  const thunkExtra: ThunkExtra = { api: () => Promise.reject(new Error('The API client is not ready')) };
  const { store, injectSlice, addMiddleware } = createShellStore(thunkExtra);
  const bus = createEventBus();
  const toaster = createToaster(bus);
  const progress = createProgress();
  store.dispatch(siteLoaded(manifest.site));
  applyContextMenuRule(manifest.site);

  const api = createApiClient({
    baseUrl: '/api',
    siteKey: manifest.site.key,
    tokens: createTokenStore(),
    deviceId: computeDeviceId(),
    onMaintenance: () => store.dispatch(maintenanceEntered()),
    onSessionExpired: () => session.expired(),
    onRequestStart: () => {
      progress.start();
      if (Object.keys(store.getState().formErrors).length) store.dispatch(formErrorsCleared());
    },
    onRequestEnd: () => progress.done(),
  });
  thunkExtra.api = api.request;

  // One realtime connection per member session; its code loads on the first subscription.
  const realtime = createDeferredRealtime(() =>
    import('@ukd/realtime').then(({ createRealtime }) =>
      createRealtime({
        settings: () => settings.then((data) => data.realtime),
        authorize: (socketId, channelName) =>
          api.request<ChannelAuth>('/broadcasting/auth', {
            method: 'POST',
            body: { socket_id: socketId, channel_name: channelName },
          }),
      }),
    ),
  );
  // A member's live session (realtime, notifications) follows login and logout; its code is
  // members-only and loads then.
  const attribution = createAttribution(browserStorage('local'));
  const session = createSessionService(
    api,
    store.dispatch,
    (user) =>
      import('./member/start-member').then(({ startMember }) =>
        startMember(user, shared, realtime, progress),
      ),
    () => attribution.forRegistration(),
  );
  // Neither blocks the first paint: guards wait while a stored token is checked.
  void session.restore();
  const settings = api.request<{ data: SiteSettings }>('/settings', { auth: false }).then(({ data }) => {
    store.dispatch(settingsLoaded(data));
    return data;
  });
  settings.catch(() => undefined);

  // PECR: analytics and ads tags, and attribution kept across visits, only with consent.
  const consent = createConsentStore(browserStorage('local'));
  // The tag loader's code is needed only once a configured tag is consented to.
  let tags: Promise<ReturnType<typeof import('./consent/tags')['createTagLoader']>> | undefined;
  let applied: unknown;
  const applyConsent = () => {
    const { choice } = consent.current();
    if (choice === applied) return;
    applied = choice;
    const categories = { analytics: choice?.analytics ?? false, advertising: choice?.advertising ?? false };
    attribution.setPersistence(categories.advertising);
    void settings.then(
      (data) => {
        const wanted =
          (categories.analytics && data.tags.analytics_id) || (categories.advertising && data.tags.ads_id);
        if (!tags && !wanted) return;
        tags ??= import('./consent/tags').then(({ createTagLoader }) => createTagLoader());
        return tags.then((loader) => loader.apply(data.tags, categories));
      },
      () => undefined,
    );
  };
  applyConsent();
  consent.subscribe(applyConsent);
  bus.on('shell:cookie-settings', () => consent.reopen());
  bus.on('shell:page-meta', (meta) => applyPageMeta(meta, store.getState().site.name));

  const routeTable = createRouteTable(manifest, shellPages);
  const loader = createRemoteLoader({ baseUrl: window.location.origin });
  let prefetchRemote:
    | Promise<ReturnType<typeof import('./remotes/remote-prefetch')['createRemotePrefetch']>>
    | undefined;

  const shared: SharedShell = {
    site: manifest.site,
    store,
    injectSlice,
    installBaseApi(baseApi) {
      injectSlice(baseApi);
      addMiddleware(baseApi.middleware);
    },
    api: api.request,
    session,
    bus,
    navigate(to, options) {
      if (options?.replace) window.history.replaceState(null, '', to);
      else window.history.pushState(null, '', to);
    },
    // Even finding a link's owner waits until the page's own calls and code are in, then for an
    // idle moment: a page of cards scrolls two dozen links into view in one go, and an idle
    // moment while the page's data is on its way is no time to fetch another remote (traced on
    // a conversation: the landers' and profiles' code came before the page's largest paint).
    prefetch(path) {
      if (!connectionAllowsPrefetch()) return;
      afterPageWork(progress, () => {
        const remote = routeTable.match(new URL(path, window.location.origin).pathname)?.remote;
        if (!remote || registry.isActive(remote)) return;
        // Its code comes with the first link to prefetch: most first visits never scroll to one.
        prefetchRemote ??= import('./remotes/remote-prefetch').then(({ createRemotePrefetch }) =>
          createRemotePrefetch(),
        );
        prefetchRemote.then((prefetch) => prefetch(remote)).catch(() => undefined);
      });
    },
  };
  const contexts = createRemoteContexts(shared, realtime);
  // The member chrome's code and its store slice arrive together. Injecting dispatches, so it
  // happens here, as the chunk loads, and never inside React's render or commit: a dispatch
  // there synchronously re-renders the remotes' own React roots through react-redux, which can
  // break React's commit (#177). Preloadable: when its code arrived beside the session check,
  // it renders without suspending (a fallback would hold back the member's page).
  const loadMemberChrome = () =>
    import('./member/member-chrome').then((chunk) => {
      injectSlice(chunk.notificationsSlice);
      return chunk;
    });
  const MemberChrome = preloadableLazy(loadMemberChrome);
  const registry = createRemoteRegistry({ remotes: manifest.remotes, loader, contexts, bus, progress });

  // A stored session is most likely a member opening a member's page: the member code, the
  // page's remote and the page's own code load while the session is checked, not one after
  // another once it has been (each was a round trip of its own on a phone's network).
  if (session.hasStoredSession()) {
    const { pathname, search } = window.location;
    import('./member/start-member').catch(() => undefined);
    MemberChrome.preload().catch(() => undefined);
    preloadMemberHeaderBar().catch(() => undefined);
    const remote = routeTable.match(pathname)?.remote;
    if (remote) {
      // The page's first requests too: they went out only once the session check had answered
      // and the page had rendered, two round trips after its code was there. They start with
      // the app module, before `register` (whose RTK Query code can take a round trip more).
      registry
        .activate(remote, (app) => {
          app.preload?.(pathname, { search, shell: contexts.shellFor(remote.id) })?.catch(() => undefined);
        })
        .catch(() => undefined);
    }
  }
  const services: ShellServices = {
    ...contexts.shellFor('shell'),
    session,
    toaster,
    registry,
    pageWork: progress,
    MemberChrome,
    consent,
    attribution,
  };

  const site = (
    <StrictMode>
      <Provider store={store}>
        <ShellProvider shell={services}>
          <ShellServicesProvider services={services}>
            <ProgressBar progress={progress} />
            <BrowserRouter>
              <ShellRoutes routeTable={routeTable} registry={registry} shell={services} />
              <ConsentHost consent={consent} />
            </BrowserRouter>
            <Toasts toaster={toaster} />
          </ShellServicesProvider>
        </ShellProvider>
      </Provider>
    </StrictMode>
  );
  // As a transition React yields to the browser every few milliseconds instead of rendering the
  // whole site in one task: behind a prerendered page a tap is never kept waiting, and on a
  // member's page Lighthouse's blocking time fell from 455–739 ms to 267–347 ms (issue 15).
  startTransition(() => root.render(site));
}
