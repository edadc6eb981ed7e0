// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import FaqPage from '../pages/faq-page';
import Notice2257Page from '../pages/notice-2257-page';
import PrivacyPage from '../pages/privacy-page';
import TermsPage from '../pages/terms-page';
import { WithSettings } from '../pages/test-helpers';
import { ContentArticle } from './content-article';

afterEach(cleanup);

const pages: Record<string, ComponentType> = {
  '/faq': FaqPage,
  '/privacy': PrivacyPage,
  '/terms-of-use': TermsPage,
  '/2257-notice': Notice2257Page,
};

function idsAndLinks(path: string, Page: ComponentType) {
  const { container, unmount } = render(
    <WithSettings>
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>
    </WithSettings>,
  );
  const ids = new Set([...container.querySelectorAll('[id]')].map((element) => element.id));
  const links = [...container.querySelectorAll('article a[href^="/"]')].map(
    (a) => a.getAttribute('href') ?? '',
  );
  unmount();
  return { ids, links };
}

describe('help and legal content', () => {
  it('links between its pages land on a part that exists, e.g. /terms-of-use#cancellation', () => {
    const rendered = Object.fromEntries(
      Object.entries(pages).map(([path, Page]) => [path, idsAndLinks(path, Page)]),
    );
    const deepLinks = Object.values(rendered)
      .flatMap(({ links }) => links)
      .filter((href) => href.includes('#') && (href.split('#')[0] ?? '') in pages);
    expect(deepLinks).toContain('/terms-of-use#cancellation');
    for (const href of deepLinks) {
      const [path = '', id = ''] = href.split('#');
      expect(rendered[path]?.ids.has(id), href).toBe(true);
    }
  });

  it('refuses a document with text outside its <Lead> and <Section>s', () => {
    const stray = () => (
      <>
        <p>Lost paragraph</p>
      </>
    );
    expect(() =>
      render(
        <MemoryRouter>
          <ContentArticle title="Broken" content={stray} />
        </MemoryRouter>,
      ),
    ).toThrow(/outside/);
  });
});
