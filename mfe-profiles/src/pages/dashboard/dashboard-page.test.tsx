// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as app from '../../app';
import { ApiError, card, fakeApi, renderPage } from '../../test-support';
import DashboardPage, { memberCount } from './dashboard-page';
import { readSearch, writeSearch } from './search-params';

afterEach(() => {
  cleanup();
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
});

const page = (
  data: unknown[],
  meta: Record<string, number | boolean> = { current_page: 1, last_page: 1, total: data.length },
) => ({
  data,
  meta,
});

describe('/dashboard search parameters', () => {
  it('reads what it can from the address and writes only what differs from the defaults', () => {
    const search = readSearch(
      new URLSearchParams(
        'gender=female&age_min=40&age_max=25&region=wales&online=1&photo=1&sort=active&page=2',
      ),
    );
    expect(search).toEqual({
      filters: {
        gender: 'female',
        age_min: 25,
        age_max: 40,
        region: 'wales',
        online: true,
        with_photo: true,
      },
      sort: 'active',
      page: 2,
    });
    expect(readSearch(new URLSearchParams('gender=robot&age_min=12&region=mars&page=-1'))).toEqual({
      filters: {},
      sort: 'newest',
      page: 1,
    });
    expect(writeSearch({ filters: { city: 'Leeds' }, sort: 'newest', page: 1 }).toString()).toBe(
      'city=Leeds',
    );
  });
});

describe('DashboardPage', () => {
  it('loads the first screenful of photos at once, the first row first, and the rest as they are scrolled near', async () => {
    const members = Array.from({ length: 6 }, (_, i) => card({ uuid: `m${i}`, username: `m${i}` }));
    const { api } = fakeApi({ 'GET /profiles': () => page(members) });
    renderPage(DashboardPage, { path: '/dashboard', url: '/dashboard', api });
    await screen.findByRole('link', { name: /^m5,/ });
    const photos = members.map((m) =>
      screen.getByRole('link', { name: new RegExp(`^${m.username},`) }).querySelector('img'),
    );
    expect(photos.map((img) => img?.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(photos.map((img) => img?.getAttribute('fetchpriority'))).toEqual([
      'high',
      'high',
      null,
      null,
      null,
      null,
    ]);
  });

  it('asks the API for the filters in the address and shows cards with photo, age, city and online dot', async () => {
    const { api, calls } = fakeApi({
      'GET /profiles': () =>
        page([card(), card({ uuid: 'jo', username: 'jo', online: false, city: 'Cardiff', demo: true })]),
    });
    renderPage(DashboardPage, {
      path: '/dashboard',
      url: '/dashboard?gender=female&age_min=25&online=1&sort=active',
      api,
    });
    const sam = await screen.findByRole('link', { name: 'sam, 31, Manchester, online now' });
    expect(sam.getAttribute('href')).toBe('/profile/sam-uuid');
    expect(sam.querySelector('img')?.getAttribute('src')).toBe('/p/sam-t.jpg');
    // A sample member of the demo data is labelled as such; a real member is not.
    const jo = screen.getByRole('link', { name: 'jo, 31, Cardiff, demo member' });
    expect(jo.getAttribute('href')).toBe('/profile/jo');
    expect(jo.textContent).toContain('Demo');
    expect(sam.textContent).not.toContain('Demo');
    expect(screen.getByText('2 members match your filters').getAttribute('role')).toBe('status');
    // The member's profile is not complete yet: the way to complete it is offered first.
    expect(screen.getByRole('link', { name: 'Complete my profile' }).getAttribute('href')).toBe(
      '/profile/complete',
    );
    expect(calls[0]?.options.query).toEqual({
      'filter[gender]': 'female',
      'filter[age_min]': 25,
      'filter[online]': 1,
      sort: '-last_active_at',
      page: 1,
      limit: 24,
    });
  });

  it('uses the query the shell started while it checked the session, rather than asking again', async () => {
    const { api, calls } = fakeApi({ 'GET /profiles': () => page([card()]) });
    const search = '?gender=female&region=wales&sort=active&page=2';
    let startedBeforeRender = 0;
    renderPage(DashboardPage, {
      path: '/dashboard',
      url: `/dashboard${search}`,
      api,
      beforeRender: (shell) => {
        void app.preload('/dashboard', { search, shell });
        startedBeforeRender = calls.length;
      },
    });
    // Started before the page rendered...
    expect(startedBeforeRender).toBe(1);
    await screen.findByRole('link', { name: /^sam/ });
    // ...with the arguments the page asks for, so the page's own query found it.
    expect(calls).toHaveLength(1);
    expect(calls[0]?.options.query).toEqual({
      'filter[gender]': 'female',
      'filter[region]': 'wales',
      sort: '-last_active_at',
      page: 2,
      limit: 24,
    });
  });

  it('asks again itself when the call started early failed', async () => {
    let attempt = 0;
    const { api, calls } = fakeApi({
      'GET /profiles': () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError(502, 'Bad Gateway');
        return page([card()]);
      },
    });
    renderPage(DashboardPage, {
      path: '/dashboard',
      url: '/dashboard',
      api,
      beforeRender: (shell) => void app.preload('/dashboard', { search: '', shell }),
    });
    await screen.findByRole('link', { name: /^sam/ });
    expect(calls).toHaveLength(2);
  });

  it("starts loading the first row's photos as the early answer arrives, before the cards render", async () => {
    const members = [
      card({ uuid: 'a', username: 'a', primary_photo: { url: '/p/a.jpg', thumbnail_url: '/p/a-t.jpg' } }),
      card({ uuid: 'b', username: 'b', primary_photo: { url: '/p/b.jpg', thumbnail_url: '' } }),
      card({ uuid: 'c', username: 'c', primary_photo: { url: '/p/c.jpg', thumbnail_url: '/p/c-t.jpg' } }),
    ];
    let answer: (value: unknown) => void = () => undefined;
    const { api } = fakeApi({ 'GET /profiles': () => new Promise((resolve) => (answer = resolve)) });
    const preloads = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) => [
        link.getAttribute('href'),
        link.fetchPriority,
      ]);
    renderPage(DashboardPage, {
      path: '/dashboard',
      url: '/dashboard',
      api,
      beforeRender: (shell) => void app.preload('/dashboard', { search: '', shell }),
    });
    expect(preloads()).toEqual([]);
    answer(page(members));
    await waitFor(() =>
      expect(preloads()).toEqual([
        ['/p/a-t.jpg', 'high'],
        ['/p/b.jpg', 'high'],
      ]),
    );
    await screen.findByRole('link', { name: /^c,/ });
  });

  it('on a phone, builds the filters only once they are opened, and keeps them after', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    try {
      const { api } = fakeApi({ 'GET /profiles': () => page([card()]) });
      renderPage(DashboardPage, { path: '/dashboard', url: '/dashboard', api });
      await screen.findByRole('link', { name: /^sam/ });
      const toggle = screen.getByRole('button', { name: 'Filters' });
      expect(document.getElementById('dashboard-filters')).toBeNull();
      expect(document.querySelectorAll('option')).toHaveLength(2); // the sort's
      expect(toggle.getAttribute('aria-controls')).toBeNull();
      fireEvent.click(toggle);
      fireEvent.change(screen.getByLabelText('Age from'), { target: { value: '30' } });
      expect(toggle.getAttribute('aria-controls')).toBe('dashboard-filters');
      fireEvent.click(toggle);
      fireEvent.click(toggle);
      expect((screen.getByLabelText('Age from') as HTMLSelectElement).value).toBe('30');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps applied filters in the address and starts again from page 1', async () => {
    const { api, calls } = fakeApi({ 'GET /profiles': () => page([card()]) });
    renderPage(DashboardPage, { path: '/dashboard', url: '/dashboard?page=3', api });
    await screen.findByRole('link', { name: /^sam/ });
    // On a phone the filters fold away behind a button.
    expect(screen.queryByRole('form', { name: 'Filters' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.change(screen.getByLabelText('Looking for'), { target: { value: 'female' } });
    fireEvent.change(screen.getByLabelText('Region'), { target: { value: 'london' } });
    fireEvent.click(screen.getByLabelText('With a photo'));
    fireEvent.click(screen.getByRole('button', { name: 'Show members' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/dashboard?gender=female&region=london&photo=1',
      ),
    );
    await waitFor(() =>
      expect(calls.at(-1)?.options.query).toMatchObject({
        'filter[gender]': 'female',
        'filter[region]': 'london',
        'filter[with_photo]': 1,
        page: 1,
      }),
    );
  });

  it('says when no one matches and clears the filters', async () => {
    const { api } = fakeApi({
      'GET /profiles': ({ query }) => page(query?.['filter[city]'] ? [] : [card()]),
    });
    renderPage(DashboardPage, { path: '/dashboard', url: '/dashboard?city=Nowhere', api });
    expect((await screen.findByRole('heading', { name: 'No one matches your filters' })).tagName).toBe('H2');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('link', { name: /^sam/ });
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
  });

  it('pages through results with links that keep the filters', async () => {
    const { api } = fakeApi({
      'GET /profiles': () => page([card()], { current_page: 1, last_page: 3, total: 60 }),
    });
    renderPage(DashboardPage, { path: '/dashboard', url: '/dashboard?gender=male', api });
    const next = await screen.findByRole('link', { name: 'Next' });
    expect(next.getAttribute('href')).toBe('/dashboard?gender=male&page=2');
    // Between the previous and next links, where a screen reader meets it.
    expect(next.previousElementSibling?.textContent).toBe('Page 1 of 3');
  });

  it('on a big site, says how many were counted with a plus and lets the pages go on', async () => {
    const { api } = fakeApi({
      'GET /profiles': () =>
        page([card()], { current_page: 42, last_page: 84, total: 2000, total_capped: true }),
    });
    renderPage(DashboardPage, { path: '/dashboard', url: '/dashboard?page=42', api });
    expect((await screen.findByText('2,000+ members')).getAttribute('role')).toBe('status');
    const next = screen.getByRole('link', { name: 'Next' });
    expect(next.getAttribute('href')).toBe('/dashboard?page=43');
    expect(next.getAttribute('aria-disabled')).toBe('false');
    expect(next.previousElementSibling?.textContent).toBe('Page 42 of 84+');
  });

  it('counts members in British digits, one as singular', () => {
    expect(memberCount(1, false)).toBe('1 member');
    expect(memberCount(12345, false)).toBe('12,345 members');
    expect(memberCount(1000, true)).toBe('1,000+ members');
  });
});
