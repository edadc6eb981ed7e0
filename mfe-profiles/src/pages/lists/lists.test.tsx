// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { selectUser } from '@ukd/store';
import { afterEach, describe, expect, it } from 'vitest';
import { card, fakeApi, renderPage } from '../../test-support';
import FavoritesPage from './favorites-page';
import VisitorsPage from './visitors-page';

afterEach(cleanup);

const meta = { current_page: 1, last_page: 1, total: 1 };

describe('VisitorsPage', () => {
  it('lists visitors with new ones marked, and resets the new-visitors count in the store', async () => {
    const { api, calls } = fakeApi({
      'GET /my-visitors': () => ({
        data: [{ profile: card(), visited_at: new Date().toISOString(), visits: 2, is_new: true }],
        meta,
      }),
    });
    const { store } = renderPage(VisitorsPage, { path: '/my-visitors', url: '/my-visitors', api });
    expect(screen.getByRole('link', { name: /Visitors/ }).textContent).toContain('3 new visitors');
    const sam = await screen.findByRole('link', { name: 'sam, 31, Manchester, online now' });
    expect(sam.textContent).toContain('New');
    expect(sam.textContent).toContain('Visited just now · 2 visits');
    await waitFor(() => expect(selectUser(store.getState())?.new_visitors_count).toBe(0));
    expect(screen.getByRole('link', { name: /Visitors/ }).textContent).toBe('Visitors');
    expect(calls[0]?.options.query).toMatchObject({ include: 'approved_primary', page: 1 });
  });

  it('explains an empty list', async () => {
    const { api } = fakeApi({ 'GET /my-visitors': () => ({ data: [], meta: { ...meta, total: 0 } }) });
    renderPage(VisitorsPage, { path: '/my-visitors', url: '/my-visitors', api });
    expect((await screen.findByRole('heading', { name: 'No visitors yet' })).tagName).toBe('H2');
    expect(screen.queryAllByRole('link', { name: /^sam/ })).toEqual([]);
  });
});

describe('FavoritesPage', () => {
  it('shows my favourites, then who favourited me, which resets the unread count', async () => {
    const { api, calls } = fakeApi({
      'GET /my-favorites': ({ query }) => ({
        data: [
          {
            profile: card(query?.['filter[type]'] === 'received' ? { uuid: 'jo', username: 'jo' } : {}),
            favorited_at: new Date().toISOString(),
            is_new: query?.['filter[type]'] === 'received',
          },
        ],
        meta,
      }),
    });
    const { store } = renderPage(FavoritesPage, { path: '/my-favorites', url: '/my-favorites', api });
    expect((await screen.findByRole('link', { name: /^sam/ })).getAttribute('href')).toBe(
      '/profile/sam-uuid',
    );
    expect(selectUser(store.getState())?.unread_favorites_count).toBe(2);
    fireEvent.click(screen.getByRole('tab', { name: /Favourited me/ }));
    expect((await screen.findByRole('link', { name: /^jo/ })).getAttribute('href')).toBe('/profile/jo');
    expect(screen.getByTestId('location').textContent).toBe('/my-favorites?type=received');
    await waitFor(() => expect(selectUser(store.getState())?.unread_favorites_count).toBe(0));
    expect(calls.map((c) => c.options.query?.['filter[type]'])).toEqual(['mine', 'received']);
  });
});
