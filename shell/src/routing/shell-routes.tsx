import type { ShellContext } from '@ukd/contracts';
import type { RemoteRoute } from '@ukd/federation/remote-routes';
import {
  formErrorsCleared,
  selectLoggedIn,
  selectMaintenance,
  selectSessionRestoring,
  selectUser,
} from '@ukd/store';
import { PageLoading } from '@ukd/ui';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAttributionCapture } from '../acquisition/use-attribution-capture';
import { RouteErrorBoundary } from '../errors/error-boundary';
import { Layout } from '../layouts/layout';
import { NotFoundPage } from '../pages/not-found-page';
import { RemoteOutlet } from '../remotes/remote-outlet';
import type { RemoteRegistry } from '../remotes/remote-registry';
import { useShellServices } from '../session/shell-services';
import { decideAccess } from './guards';
import { useDocumentTitle, usePageMeta, useScrollReset } from './page-effects';
import type { RouteTable } from './route-table';

const lazyPages = new Map<RemoteRoute['page'], ComponentType>();
function pageComponent(route: RemoteRoute): ComponentType {
  let component = lazyPages.get(route.page);
  if (!component) {
    component = lazy(route.page);
    lazyPages.set(route.page, component);
  }
  return component;
}

/** SPEC §4 global checks: `impersonate_token` and a payment provider's `custom1` log a member in. */
function useLoginFromUrl() {
  const { session } = useShellServices();
  const loggedIn = useSelector(selectLoggedIn);
  // Until the stored session is restored, "not logged in" is not known yet: a member coming back
  // from the payment page with `custom1` would otherwise be logged in again and sent away.
  const restoring = useSelector(selectSessionRestoring);
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const impersonateToken = params.get('impersonate_token');
    const custom1 = params.get('custom1');
    if (impersonateToken) {
      void session.impersonate(impersonateToken).then(() => navigate('/dashboard', { replace: true }));
    } else if (custom1 && !loggedIn && !restoring) {
      void session.paymentLogin(custom1).then((ok) => ok && navigate('/dashboard', { replace: true }));
    }
  }, [search, loggedIn, restoring, session, navigate]);
}

export function ShellRoutes({
  routeTable,
  registry,
  shell,
}: {
  routeTable: RouteTable;
  registry: RemoteRegistry;
  shell: ShellContext;
}) {
  const location = useLocation();
  const dispatch = useDispatch();
  const match = useMemo(() => routeTable.match(location.pathname), [routeTable, location.pathname]);
  const siteName = shell.site.name;
  const loggedIn = useSelector(selectLoggedIn);
  const checking = useSelector(selectSessionRestoring);
  const deactivated = useSelector(selectUser)?.deactivated ?? false;
  const maintenance = useSelector(selectMaintenance);

  useDocumentTitle(match ? match.route.title : 'This page could not be found', siteName, location.pathname);
  usePageMeta(location.pathname, match?.route.description, match ? match.route.canonical : null);
  useScrollReset(location.pathname);
  useLoginFromUrl();
  useAttributionCapture(match?.route ?? null, location.pathname, location.search);
  useEffect(() => {
    // SPEC §5: validation errors clear on every route change.
    dispatch(formErrorsCleared());
    shell.bus.emit('shell:route-changed', { pathname: location.pathname, search: location.search });
  }, [dispatch, shell, location.pathname, location.search]);

  const access = decideAccess({
    pathname: location.pathname,
    search: location.search,
    route: match?.route ?? null,
    loggedIn,
    checking,
    deactivated,
    maintenance,
  });
  if (access.action === 'redirect') return <Navigate to={access.to} replace />;

  if (!match) {
    return (
      <Layout name="default" siteName={siteName}>
        <NotFoundPage />
      </Layout>
    );
  }

  let content: ReactNode;
  if (access.action === 'wait') content = <PageLoading />;
  else if (match.remote) {
    // Keyed by remote: moving between two pages of one remote keeps its app mounted.
    content = <RemoteOutlet key={match.remote.id} remote={match.remote} registry={registry} />;
  } else {
    const Page = pageComponent(match.route);
    content = (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    );
  }

  return (
    <Layout name={match.route.layout} siteName={siteName} hideHeaderBar={match.route.hideHeaderBar ?? false}>
      <RouteErrorBoundary resetKey={location.pathname}>{content}</RouteErrorBoundary>
    </Layout>
  );
}
