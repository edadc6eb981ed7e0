import type { PrerenderedPage, RouteDefinition } from '@ukd/contracts';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import type { RemoteRoute } from '../remote-routes';

/** A concrete address for a route with parameters (`/blog/:slug`), with its own words. */
export interface PagePath {
  path: string;
  title?: string;
  description?: string;
}

export interface PrerenderOptions {
  /** The addresses of each parameterised route to render; a pattern without a list is skipped. */
  paths?: Readonly<Record<string, () => readonly PagePath[]>>;
  /** Providers around every page (the store, the shell's services), as the browser has them. */
  wrap?: (page: ReactNode) => ReactNode;
  /** Render only these routes (by path); all public ones when absent. */
  only?: readonly string[];
}

/** Only pages any visitor sees alike: a member's page is never rendered ahead. */
const isPublic = (route: RouteDefinition) => route.access === 'guest' || route.access === 'public';

/**
 * Renders a unit's public routes to HTML in Node with react-dom/server, each inside a static
 * router at its address, as the browser would at first paint with no member logged in.
 */
export async function prerenderRoutes(
  routes: readonly RemoteRoute[],
  { paths = {}, wrap = (page) => page, only }: PrerenderOptions = {},
): Promise<PrerenderedPage[]> {
  const pages: PrerenderedPage[] = [];
  const chosen = routes.filter((route) => isPublic(route) && (!only || only.includes(route.path)));
  for (const route of chosen) {
    const parameterised = /[:*]/.test(route.path);
    const addresses = parameterised ? (paths[route.path]?.() ?? []) : [{ path: route.path }];
    if (!addresses.length) continue;
    const { default: Page } = await route.page();
    for (const address of addresses) {
      const html = renderToString(
        wrap(
          <StaticRouter location={address.path}>
            <Routes>
              <Route path={route.path} element={<Page />} />
            </Routes>
          </StaticRouter>,
        ),
      );
      checkMarkup(address.path, html);
      const description = address.description ?? route.description;
      pages.push({
        path: address.path,
        title: address.title ?? route.title,
        ...(description ? { description } : {}),
        ...(route.canonical ? { canonical: route.canonical } : {}),
        layout: route.layout,
        html,
      });
    }
  }
  return pages;
}

/**
 * Markup the site cannot show as rendered fails the deploy: an unresolved Suspense boundary
 * (the page would paint its spinner) or a `style` attribute, which the CSP (`style-src 'self'`)
 * drops from parsed HTML, so the page would shift when the script takes over.
 */
export function checkMarkup(path: string, html: string): void {
  if (html.includes('<!--$?-->') || html.includes('<!--$!-->')) {
    throw new Error(`${path}: the page suspended while prerendering; import what it shows statically`);
  }
  if (/<[^>]+\sstyle="/.test(html)) {
    throw new Error(`${path}: a style attribute in prerendered markup is blocked by the CSP; use a class`);
  }
  if (!html.trim()) throw new Error(`${path}: the page rendered nothing`);
}
