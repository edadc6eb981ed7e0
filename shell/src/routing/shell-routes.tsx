import type { ShellContext } from '@ukd/contracts';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { RouteErrorBoundary } from '../errors/error-boundary';
import { Layout } from '../layouts/layout';
import { NotFoundPage } from '../pages/not-found-page';
import { RemoteOutlet } from '../remotes/remote-outlet';
import type { RemoteRegistry } from '../remotes/remote-registry';
import { useDocumentTitle, useScrollReset } from './page-effects';
import type { RouteTable } from './route-table';

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
  const match = useMemo(() => routeTable.match(location.pathname), [routeTable, location.pathname]);
  const siteName = shell.site.name;

  useDocumentTitle(match ? match.route.title : 'This page could not be found', siteName);
  useScrollReset(location.pathname);
  useEffect(() => {
    shell.bus.emit('shell:route-changed', { pathname: location.pathname, search: location.search });
  }, [shell, location.pathname, location.search]);

  if (!match) {
    return (
      <Layout name="default" siteName={siteName}>
        <NotFoundPage />
      </Layout>
    );
  }

  return (
    <Layout name={match.route.layout} siteName={siteName}>
      <RouteErrorBoundary resetKey={location.pathname}>
        {/* Keyed by remote: moving between two pages of one remote keeps its app mounted. */}
        <RemoteOutlet key={match.remote.id} remote={match.remote} registry={registry} shell={shell} />
      </RouteErrorBoundary>
    </Layout>
  );
}
