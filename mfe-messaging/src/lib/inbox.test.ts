import type { Conversation, ConversationList } from '@ukd/contracts/api';
import { createEventBus } from '@ukd/store';
import { ApiError, fakeRealtime } from '@ukd/test-support';
import { describe, expect, it, vi } from 'vitest';
import type { ConversationFilters } from '../messaging-api';
import { createInbox } from './inbox';
import type { TabSignals } from './tab-signals';
import { conversation } from './test-data';

const filters: ConversationFilters = { username: '', read: 'all', starred: false };
const list = (data: Conversation[], current_page = 1, last_page = 1): ConversationList => ({
  data,
  meta: { current_page, last_page, per_page: 10, total: data.length, starred_conversations: 0 },
});
const tab: TabSignals = {
  visible: () => true,
  onShown: () => () => undefined,
  onOnline: () => () => undefined,
};
const settled = () => new Promise((done) => setTimeout(done, 0));

function setup(calls: Partial<Parameters<typeof createInbox>[0]['calls']> = {}) {
  const bus = createEventBus();
  const live = fakeRealtime();
  const pages: number[] = [];
  const api = {
    conversations: async (_filters: ConversationFilters, page: number) => {
      pages.push(page);
      return page === 1 ? list([conversation({ id: 1 })], 1, 2) : list([conversation({ id: 2 })], 2, 2);
    },
    setStar: vi.fn(async () => undefined),
    ...calls,
  };
  const inbox = createInbox({ calls: api, filters, bus, realtime: live.realtime, tab });
  return { inbox, pages, bus, live };
}

describe('createInbox', () => {
  it('loads page 1, pages on, and fetches page 1 again on a message or a reconnect while started', async () => {
    const { inbox, pages, bus, live } = setup();
    const stop = inbox.start();
    await settled();
    inbox.loadMore();
    await settled();
    expect(inbox.current().pages?.data.map((c) => c.id)).toHaveLength(2);
    expect(pages).toEqual([1, 2]);
    bus.emit('notifications:new', { id: 5, action_type: 'MESSAGE_RECEIVED', from_user_uuid: 'jo2' });
    live.reconnect();
    expect(pages).toEqual([1, 2, 1, 1]);
    stop();
    bus.emit('notifications:new', { id: 6, action_type: 'MESSAGE_RECEIVED', from_user_uuid: 'jo2' });
    expect(pages).toHaveLength(4);
  });

  it('shows a star at once and puts it back, with a toast, when the server refuses it', async () => {
    const { inbox, bus } = setup({
      setStar: vi.fn(async () => {
        throw new ApiError(500, 'Server Error');
      }),
    });
    const toasts = vi.fn();
    bus.on('shell:toast', toasts);
    const stop = inbox.start();
    await settled();
    const first = inbox.current().pages?.data[0] as Conversation;
    const starring = inbox.setStar(first, true);
    expect(inbox.current().pages?.data[0]?.star).toBe(true);
    await starring;
    expect(inbox.current().pages?.data[0]?.star).toBe(first.star);
    expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ type: 'error' }));
    stop();
  });
});
