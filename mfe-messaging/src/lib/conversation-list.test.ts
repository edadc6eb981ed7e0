import { describe, expect, it } from 'vitest';
import {
  hasNextPage,
  isUnread,
  mergeConversations,
  mergePage,
  removeConversation,
} from './conversation-list';
import { conversation, ME, message, SAM } from './test-data';

const at = (hour: number) => `2026-11-21T${String(hour).padStart(2, '0')}:00:00.000Z`;
const ids = (list: { id: number }[]) => list.map((c) => c.id);
const meta = (current_page: number, last_page: number) => ({
  current_page,
  last_page,
  per_page: 10,
  total: 30,
  starred_conversations: 0,
});

describe('conversation list rules (SPEC §4)', () => {
  it('sorts starred first, then by updated_at descending, unique by id', () => {
    const list = mergeConversations(
      [],
      [
        conversation({ id: 1, updated_at: at(9) }),
        conversation({ id: 2, updated_at: at(11) }),
        conversation({ id: 3, updated_at: at(8), star: true }),
        conversation({ id: 4, updated_at: at(10) }),
        conversation({ id: 2, updated_at: at(11) }),
      ],
    );
    expect(ids(list)).toEqual([3, 2, 4, 1]);
  });

  it('merges pages by id: the newer copy replaces the old one and takes its sorted place', () => {
    const page1 = [conversation({ id: 1, updated_at: at(10) }), conversation({ id: 2, updated_at: at(9) })];
    const page2 = [conversation({ id: 3, updated_at: at(8) }), conversation({ id: 2, updated_at: at(12) })];
    const list = mergeConversations(page1, page2);
    expect(ids(list)).toEqual([2, 1, 3]);
    expect(list.find((c) => c.id === 2)?.updated_at).toBe(at(12));
  });

  it('a message notification adds or replaces by uuid', () => {
    const list = [conversation({ id: 1, updated_at: at(10) }), conversation({ id: 2, updated_at: at(9) })];
    const replaced = mergeConversations(list, [
      conversation({ id: 2, updated_at: at(11), last_message: message({ body: 'new' }) }),
    ]);
    expect(ids(replaced)).toEqual([2, 1]);
    expect(replaced[0]?.last_message?.body).toBe('new');
    const added = mergeConversations(replaced, [conversation({ id: 9, updated_at: at(12) })]);
    expect(ids(added)).toEqual([9, 2, 1]);
  });

  it('starring moves a conversation up, unstarring back into time order', () => {
    const list = [conversation({ id: 1, updated_at: at(10) }), conversation({ id: 2, updated_at: at(9) })];
    const starred = mergeConversations(list, [{ ...(list[1] as (typeof list)[number]), star: true }]);
    expect(ids(starred)).toEqual([2, 1]);
    const unstarred = mergeConversations(starred, [
      { ...(starred[0] as (typeof list)[number]), star: false },
    ]);
    expect(ids(unstarred)).toEqual([1, 2]);
  });

  it('keeps paging from the furthest page when page 1 is fetched again after a live message', () => {
    let pages = mergePage(undefined, {
      data: [conversation({ id: 1, updated_at: at(10) })],
      meta: meta(1, 3),
    });
    pages = mergePage(pages, { data: [conversation({ id: 2, updated_at: at(9) })], meta: meta(2, 3) });
    expect(hasNextPage(pages.meta)).toBe(true);
    pages = mergePage(pages, { data: [conversation({ id: 2, updated_at: at(12) })], meta: meta(1, 3) });
    expect(pages.meta.current_page).toBe(2);
    expect(ids(pages.data)).toEqual([2, 1]);
    pages = mergePage(pages, { data: [conversation({ id: 3, updated_at: at(8) })], meta: meta(3, 3) });
    expect(hasNextPage(pages.meta)).toBe(false);
  });

  it('removal takes the conversation out', () => {
    const list = [conversation({ id: 1 }), conversation({ id: 2 })];
    expect(ids(removeConversation(list, 'conv-1'))).toEqual([2]);
  });

  it('is unread until its last message (for me) has read_at', () => {
    expect(isUnread(conversation({ last_message: null }))).toBe(false);
    expect(isUnread(conversation({ last_message: message({ to_id: ME, read_at: null }) }))).toBe(true);
    expect(isUnread(conversation({ last_message: message({ to_id: ME, read_at: at(10) }) }))).toBe(false);
    expect(
      isUnread(conversation({ last_message: message({ from_id: ME, to_id: SAM, read_at: null }) })),
    ).toBe(false);
  });
});
