import { layoutNames, type PrerenderedFrame, type PrerenderedPage, type SiteInfo } from '@ukd/contracts';
import { checkMarkup } from '@ukd/federation/prerender';
import { createShellStore } from '@ukd/store';
import { ShellProvider } from '@ukd/ui';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { CONSENT_COOKIE, type ConsentStore } from './consent/consent-store';
import CookieBanner from './consent/cookie-banner';
import { Layout } from './layouts/layout';
import { renderOnlyServices } from './prerender/render-only-services';
import { shellPages } from './routing/shell-pages';
import { ShellServicesProvider } from './session/shell-services';

/** The shell's own pages a visitor lands on from outside: rendered ahead like the landers. */
const prerenderedPaths = ['/login', '/register'];

/** Where the page goes in a rendered layout; an element no page renders. */
const pageMark = '<template data-ukd-page=""></template>';

/**
 * Run at build time in Node (`scripts/site/prerender-unit.ts`): each layout's chrome as a visitor
 * sees it, around the spot where a remote's page mounts, and the log-in and registration pages.
 * The site server joins a remote's prerendered page with its layout's frame, so a remote deploy
 * never needs the shell rebuilt, and a shell deploy reframes every page.
 */
export async function prerender({ site }: { site: SiteInfo }) {
  const services = renderOnlyServices(site);
  const render = (location: string, node: ReactNode) => {
    const { store } = createShellStore();
    return renderToString(
      <Provider store={store}>
        <ShellProvider shell={services}>
          <ShellServicesProvider services={services}>
            <StaticRouter location={location}>{node}</StaticRouter>
          </ShellServicesProvider>
        </ShellProvider>
      </Provider>,
    );
  };
  const frameOf = (html: string): PrerenderedFrame => {
    // The chrome (top bar, footer) is prerendered markup too: the same rules hold for it.
    checkMarkup('layout frame', html);
    const [before = '', after = ''] = html.split(pageMark);
    return { before, after };
  };
  const mark = <template data-ukd-page="" />;

  const frames: Partial<Record<(typeof layoutNames)[number], PrerenderedFrame>> = {};
  for (const name of layoutNames) {
    // A remote's page mounts inside the outlet's host element (`RemoteOutlet`).
    frames[name] = frameOf(
      render(
        '/',
        <Layout name={name} siteName={site.name}>
          <div className="shell-remote">{mark}</div>
        </Layout>,
      ),
    );
  }

  const pages: PrerenderedPage[] = [];
  for (const route of shellPages.filter((page) => prerenderedPaths.includes(page.path))) {
    const { default: Page } = await route.page();
    // A form sent before the shell takes over would go as a GET, the password in the address:
    // its submit button waits, disabled, for the shell's own form (which takes what was typed).
    const html = render(route.path, <Page />).replaceAll('type="submit"', 'type="submit" disabled=""');
    checkMarkup(route.path, html);
    pages.push({
      path: route.path,
      title: route.title,
      ...(route.description ? { description: route.description } : {}),
      layout: route.layout,
      html,
      // The top bar differs on /login (Register instead of Log In), so each page has its own.
      frame: frameOf(
        render(
          route.path,
          <Layout name={route.layout} siteName={site.name}>
            {mark}
          </Layout>,
        ),
      ),
    });
  }
  // Its buttons wait, disabled, for the live banner, which replaces it once the script runs.
  const firstVisit: ConsentStore = {
    current: () => ({ choice: null, open: false }),
    subscribe: () => () => undefined,
    choose: () => undefined,
    reopen: () => undefined,
    dismiss: () => undefined,
  };
  const banner = render('/', <CookieBanner consent={firstVisit} requested={false} />).replaceAll(
    '<button',
    '<button disabled=""',
  );
  checkMarkup('cookie banner', banner);
  return { pages, frames, consentBanner: { cookie: CONSENT_COOKIE, html: banner } };
}
