import { render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';

/** Renders a page of this remote at `path` inside a router, as the remote's app would. */
export function renderPage(Page: ComponentType, path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Page />
    </MemoryRouter>,
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
