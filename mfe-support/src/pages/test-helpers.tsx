import { fireEvent, render, screen, within } from '@testing-library/react';
import { createShellStore, settingsLoaded } from '@ukd/store';
import { type ComponentType, type ReactNode, useState } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { testSettings } from '../lib/test-settings';

/** The shared store as the shell hands it over once `GET /api/settings` has answered. */
export function WithSettings({ children }: { children: ReactNode }) {
  const [store] = useState(() => {
    const shellStore = createShellStore().store;
    shellStore.dispatch(settingsLoaded(testSettings));
    return shellStore;
  });
  return <Provider store={store}>{children}</Provider>;
}

/** Renders a content page of this remote at `path` inside a router, as the remote's app would. */
export function renderPage(Page: ComponentType, path: string) {
  return render(
    <WithSettings>
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>
    </WithSettings>,
  );
}

/** The titles of the page's sections, in order. */
export function sectionTitles(): string[] {
  return screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent ?? '');
}

/** Every section heading is linked from the contents box with a working anchor. */
export function expectContentsToLinkEverySection() {
  const contents = within(screen.getByRole('navigation', { name: 'Contents' }));
  for (const section of document.querySelectorAll('article > section')) {
    const title = section.querySelector('h2')?.textContent ?? '';
    const link = contents.getByRole('link', { name: title });
    if (link.getAttribute('href') !== `#${section.id}`) {
      throw new Error(
        `contents link for "${title}" points to ${link.getAttribute('href')}, not #${section.id}`,
      );
    }
  }
}

/** Every `#anchor` link in the text points at an element on the page. */
export function expectAnchorsToResolve() {
  for (const link of document.querySelectorAll('article a[href^="#"]')) {
    const id = (link.getAttribute('href') ?? '').slice(1);
    if (!document.getElementById(id))
      throw new Error(`"${link.textContent}" points to #${id}, which is not on the page`);
  }
}

/**
 * Every link to a path on the site is a client-side `SiteLink`: the router takes the click, so
 * the browser does not load the page again. Returns how many there are.
 */
export function expectSiteLinksForPaths(): number {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('article a[href^="/"]')];
  for (const link of links) {
    // `fireEvent` answers false when the click's default (a full page load) was prevented.
    if (fireEvent.click(link))
      throw new Error(`"${link.textContent}" (${link.getAttribute('href')}) is not a SiteLink`);
  }
  return links.length;
}
