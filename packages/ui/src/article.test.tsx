// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Article, ArticleHelp } from './article';

afterEach(cleanup);

const sections = [
  { id: 'account', title: 'Your account', body: <p>About accounts.</p> },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <details id="refunds">
        <summary>Can I get a refund?</summary>
        <p>Yes, within 14 days.</p>
      </details>
    ),
  },
];

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Article title="Help" updated="2026-11-21" sections={sections}>
        <ArticleHelp id="more-help" title="Still stuck?" actions={<a href="/helpdesk">Helpdesk</a>}>
          <p>Write to us.</p>
        </ArticleHelp>
      </Article>
    </MemoryRouter>,
  );
}

describe('Article', () => {
  it('links every section from the contents box and shows the date in UK style', () => {
    renderAt('/help');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Help');
    expect(screen.getByText(/Last updated/).textContent).toBe('Last updated: 21 November 2026');
    const contents = within(screen.getByRole('navigation', { name: 'Contents' }));
    for (const { id, title } of sections) {
      expect(contents.getByRole('link', { name: title }).getAttribute('href')).toBe(`#${id}`);
      expect(screen.getByRole('region', { name: title }).id).toBe(id);
    }
    const help = screen.getByRole('complementary', { name: 'Still stuck?' });
    expect(within(help).getByRole('link', { name: 'Helpdesk' }).getAttribute('href')).toBe('/helpdesk');
  });

  it('opens a closed answer that the address points to', () => {
    renderAt('/help#refunds');
    expect((document.getElementById('refunds') as HTMLDetailsElement).open).toBe(true);
  });
});
