// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Conversation } from '@ukd/contracts/api';
import { afterEach, describe, expect, it } from 'vitest';
import * as app from '../../app';
import { conversation, ME, member, message, SAM } from '../../lib/test-data';
import { fakeApi, renderPage } from '../../test-support';
import ConversationsPage from './conversations-page';

afterEach(cleanup);

const at = (hour: number) => `2026-11-21T${String(hour).padStart(2, '0')}:00:00.000Z`;
const meta = (current_page: number, last_page: number, starred = 0) => ({
  current_page,
  last_page,
  per_page: 10,
  total: 3,
  starred_conversations: starred,
});
const jo = (id: number, overrides: Partial<Conversation> = {}) =>
  conversation({ id, chatmate: member(SAM, { username: `jo${id}`, uuid: `jo${id}` }), ...overrides });

const names = () =>
  within(screen.getByRole('list', { name: 'Conversations' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label')?.split(/[,:]/)[0]);

describe('ConversationsPage', () => {
  it('uses the first page the shell asked for while it checked the session, under the address’s tab and search', async () => {
    const { api, calls } = fakeApi({
      'GET /user-conversations': () => ({ data: [jo(1)], meta: meta(1, 1) }),
    });
    const search = '?filter=unread&username=jo';
    let before = 0;
    renderPage(ConversationsPage, {
      path: '/messages',
      url: `/messages${search}`,
      api,
      register: (shell) => {
        void app.preload('/messages', { search, shell });
        before = calls.length;
      },
    });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(before).toBe(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.options.query).toMatchObject({
      page: 1,
      'filter[only_unread]': 1,
      'filter[username]': 'jo',
    });
  });

  it('lists starred first then latest first, pages on, and marks unread ones', async () => {
    const { api, calls } = fakeApi({
      'GET /user-conversations': ({ query }) =>
        query?.page === 1
          ? {
              data: [
                jo(1, { star: true, updated_at: at(8) }),
                jo(2, {
                  updated_at: at(11),
                  last_message: message({ from_id: SAM, to_id: ME, body: 'Hi there', read_at: null }),
                }),
              ],
              meta: meta(1, 2, 1),
            }
          : { data: [jo(3, { updated_at: at(12) })], meta: meta(2, 2, 1) },
    });
    renderPage(ConversationsPage, { path: '/messages', url: '/messages', api });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(names()).toEqual(['jo1', 'jo2']);
    expect(screen.getByRole('link', { name: 'jo2, unread: Hi there' }).getAttribute('href')).toBe(
      '/messages/conv-2',
    );
    expect(calls[0]?.options.query).toMatchObject({
      page: 1,
      limit: 10,
      include: 'recipient.approved_primary,initiator.approved_primary,last_message',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(names()).toEqual(['jo1', 'jo3', 'jo2']));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Starred (1)' }).textContent).toContain('Starred (1)');
  });

  it('refetches page 1 on a live message and adds or replaces by uuid', async () => {
    let live = false;
    const { api } = fakeApi({
      'GET /user-conversations': () => ({
        data: live
          ? [
              jo(2, {
                updated_at: at(13),
                last_message: message({ body: 'New!', to_id: ME, read_at: null }),
              }),
              jo(9, { updated_at: at(12) }),
            ]
          : [jo(1, { updated_at: at(11) }), jo(2, { updated_at: at(10) })],
        meta: meta(1, 1),
      }),
    });
    const { emit } = renderPage(ConversationsPage, { path: '/messages', url: '/messages', api });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(names()).toEqual(['jo1', 'jo2']);
    live = true;
    act(() => emit('notifications:new', { id: 5, action_type: 'MESSAGE_RECEIVED', from_user_uuid: 'jo2' }));
    await waitFor(() => expect(names()).toEqual(['jo2', 'jo9', 'jo1']));
    expect(screen.getByRole('link', { name: 'jo2, unread: New!' }).getAttribute('href')).toBe(
      '/messages/conv-2',
    );
  });

  it('searches by username, filters unread, and stars', async () => {
    const { api, calls } = fakeApi({
      'GET /user-conversations': () => ({
        data: [jo(1, { updated_at: at(9) }), jo(2, { updated_at: at(8) })],
        meta: meta(1, 1),
      }),
      'PUT /user-conversations/conv-2/star': () => ({ data: { ...jo(2), star: true } }),
    });
    renderPage(ConversationsPage, { path: '/messages', url: '/messages', api });
    await screen.findByRole('list', { name: 'Conversations' });
    fireEvent.click(screen.getByRole('button', { name: 'Star jo2' }));
    await waitFor(() => expect(names()).toEqual(['jo2', 'jo1']));
    expect(screen.getByRole('button', { name: 'Unstar jo2' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by username' }), {
      target: { value: 'jo' },
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/messages?username=jo'));
    fireEvent.click(screen.getByRole('tab', { name: 'Unread' }));
    await waitFor(() =>
      expect(calls.at(-1)?.options.query).toMatchObject({
        'filter[username]': 'jo',
        'filter[only_unread]': 1,
      }),
    );
  });

  it('says what to do when there are no conversations', async () => {
    const { api } = fakeApi({
      'GET /user-conversations': () => ({ data: [], meta: { ...meta(1, 1), total: 0 } }),
    });
    renderPage(ConversationsPage, { path: '/messages', url: '/messages', api });
    expect((await screen.findByRole('heading', { name: 'No messages yet' })).textContent).toBe(
      'No messages yet',
    );
    expect(screen.getByRole('link', { name: 'Browse members' }).getAttribute('href')).toBe('/dashboard');
  });
});
