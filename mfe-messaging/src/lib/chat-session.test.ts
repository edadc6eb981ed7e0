import type { Message, MessageList, SentMessageResponse } from '@ukd/contracts/api';
import { creditsSet, unreadMessagesSet } from '@ukd/store';
import { ApiError, fakeRealtime } from '@ukd/test-support';
import { describe, expect, it, vi } from 'vitest';
import { type ChatSessionOptions, createChatSession } from './chat-session';
import type { TabSignals } from './tab-signals';
import { ME, message, SAM } from './test-data';

const uuid = 'conv-1';
const channel = `conversation.${uuid}`;
const page = (data: Message[], hasMore = false): MessageList => ({ data, meta: { has_more: hasMore } });

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A tab whose visibility the test sets; `show()` fires the return-to-tab signal. */
function fakeTab(visible = true) {
  const shown = new Set<() => void>();
  const tab: TabSignals = {
    visible: () => visible,
    onShown(handler) {
      shown.add(handler);
      return () => shown.delete(handler);
    },
    onOnline: () => () => undefined,
  };
  return {
    tab,
    show() {
      visible = true;
      for (const handler of shown) handler();
    },
  };
}

function setup(calls: Partial<ChatSessionOptions['calls']> = {}, visible = true) {
  const live = fakeRealtime();
  const dispatch = vi.fn();
  const tab = fakeTab(visible);
  let next = 0;
  const api = {
    latest: vi.fn(async () => page([])),
    after: vi.fn(async () => page([])),
    before: vi.fn(async () => page([])),
    send: vi.fn(async (): Promise<SentMessageResponse> => {
      throw new TypeError('Failed to fetch');
    }),
    sendImage: vi.fn(async (): Promise<SentMessageResponse> => {
      throw new TypeError('Failed to fetch');
    }),
    markRead: vi.fn(async () => ({
      data: { updated: 1, read_at: '2026-11-21T10:10:00Z', unread_messages_count: 3 },
    })),
    ...calls,
  };
  const session = createChatSession({
    calls: api,
    realtime: live.realtime,
    uuid,
    viewerId: ME,
    chatmateId: SAM,
    dispatch,
    tab: tab.tab,
    newClientMsgId: () => `client-${++next}`,
  });
  return { session, api, live, dispatch, tab };
}

const settled = () => new Promise((done) => setTimeout(done, 0));
const bodies = (session: ReturnType<typeof createChatSession>) =>
  session.current().messages.map((m) => m.body);

describe('createChatSession', () => {
  it('catches up in a single flight: calls during one run ask for one more round, not one each', async () => {
    const first = deferred<MessageList>();
    const { session, api } = setup({ latest: vi.fn(() => first.promise) });
    const runs = [session.catchUp(), session.catchUp(), session.catchUp()];
    expect(new Set(runs).size).toBe(1);
    expect(api.latest).toHaveBeenCalledTimes(1);
    first.resolve(page([message({ id: 1, conversation_uuid: uuid, body: 'one' })]));
    await runs[0];
    // One more round for the calls that came meanwhile: by id, after the last one held.
    expect(api.latest).toHaveBeenCalledTimes(1);
    expect(api.after).toHaveBeenCalledTimes(1);
    expect(api.after).toHaveBeenCalledWith(uuid, 1);
    expect(session.current().loaded).toBe(true);
  });

  it('keeps one row per message id, whether it came live, by catch-up or both', async () => {
    const history = [message({ id: 1, conversation_uuid: uuid, body: 'one' })];
    const { session, live } = setup({
      latest: vi.fn(async () => page(history)),
      after: vi.fn(async (_uuid: string, after: number) => page(history.filter((m) => m.id > after))),
    });
    const stop = session.start();
    await settled();
    const two = message({ id: 2, conversation_uuid: uuid, body: 'two' });
    history.push(two);
    live.emit(channel, 'message.sent', two);
    live.reconnect();
    await settled();
    live.emit(channel, 'message.sent', two);
    expect(bodies(session)).toEqual(['one', 'two']);
    stop();
  });

  it('catches up after the newest message it read, so a lost event is fetched even when a later one or my own send came first', async () => {
    const history = [message({ id: 1, conversation_uuid: uuid, body: 'one' })];
    const { session, live, api } = setup({
      latest: vi.fn(async () => page(history)),
      after: vi.fn(async (_uuid: string, after: number) => page(history.filter((m) => m.id > after))),
      send: vi.fn(async (_uuid: string, body: { client_msg_id: string }) => {
        const mine = message({
          id: 4,
          conversation_uuid: uuid,
          client_msg_id: body.client_msg_id,
          from_id: ME,
          to_id: SAM,
          body: 'four',
        });
        history.push(mine);
        return { data: mine, meta: { credits: 10 } };
      }),
    });
    const stop = session.start();
    await settled();
    // Realtime drops message 2's event; message 3's arrives, then my own send is stored as 4.
    history.push(
      message({ id: 2, conversation_uuid: uuid, body: 'two' }),
      message({ id: 3, conversation_uuid: uuid, body: 'three' }),
    );
    live.emit(channel, 'message.sent', history[2]);
    expect(await session.send({ type: 'text', body: 'four' }, 1)).toBeNull();
    expect(bodies(session)).toEqual(['one', 'three', 'four']);
    live.reconnect();
    await settled();
    expect(api.after).toHaveBeenLastCalledWith(uuid, 1);
    expect(bodies(session)).toEqual(['one', 'two', 'three', 'four']);
    // Everything up to 4 has now been read: the next catch-up asks after it.
    await session.catchUp();
    expect(api.after).toHaveBeenLastCalledWith(uuid, 4);
    stop();
  });

  it('retries a failed send under the same client id, and takes the balance from the answer', async () => {
    const ids: string[] = [];
    let fail = true;
    const { session, dispatch } = setup({
      send: vi.fn(async (_uuid: string, body: { client_msg_id: string }) => {
        ids.push(body.client_msg_id);
        if (fail) throw new TypeError('Failed to fetch');
        return {
          data: message({ id: 11, client_msg_id: body.client_msg_id, from_id: ME, to_id: SAM, body: 'Hi' }),
          meta: { credits: 41 },
        };
      }),
    });
    expect(await session.send({ type: 'text', body: 'Hi' }, 1)).toBeNull();
    expect(session.current().messages[0]).toMatchObject({
      status: 'failed',
      error: 'Not sent: check your connection.',
    });
    fail = false;
    expect(await session.retry('client-1')).toBeNull();
    expect(ids).toEqual(['client-1', 'client-1']);
    expect(session.current().messages).toHaveLength(1);
    expect(session.current().messages[0]).toMatchObject({ id: 11, status: 'sent' });
    expect(dispatch).toHaveBeenCalledWith(creditsSet(41));
    expect(dispatch).toHaveBeenCalledTimes(1);
  });

  it('answers a 402 with the buy-credits refusal and takes the message away', async () => {
    const { session, dispatch } = setup({
      send: vi.fn(async () => {
        throw new ApiError(402, 'You do not have enough credits to send this message.', {
          credits: ['You do not have enough credits to send this message.'],
        });
      }),
    });
    const refusal = await session.send({ type: 'wink' }, 1);
    expect(refusal).toEqual({
      kind: 'credits',
      message: 'You do not have enough credits to send this message.',
    });
    expect(session.current().messages).toEqual([]);
    // Nothing is left to retry, and no counter moved.
    expect(await session.retry('client-1')).toBeNull();
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('marks what it shows as read once the tab is visible, and sets the unread total from the answer', async () => {
    const { session, api, dispatch, tab } = setup(
      {
        latest: vi.fn(async () =>
          page([message({ id: 5, conversation_uuid: uuid, from_id: SAM, to_id: ME })]),
        ),
      },
      false,
    );
    const stop = session.start();
    await settled();
    expect(api.markRead).not.toHaveBeenCalled();
    tab.show();
    await settled();
    expect(api.markRead).toHaveBeenCalledTimes(1);
    expect(api.markRead).toHaveBeenCalledWith(uuid, 5);
    expect(dispatch).toHaveBeenCalledWith(unreadMessagesSet(3));
    expect(session.current().messages[0]?.read_at).toBe('2026-11-21T10:10:00Z');
    stop();
  });

  it("keeps the chatmate's read mark that arrives before the answer to my send", async () => {
    const answer = deferred<SentMessageResponse>();
    const { session, live } = setup({ send: vi.fn(() => answer.promise) });
    const stop = session.start();
    await settled();
    const sending = session.send({ type: 'text', body: 'Quick one' }, 1);
    live.emit(channel, 'message.read', {
      conversation_uuid: uuid,
      reader_id: SAM,
      up_to_id: 20,
      read_at: '2026-11-21T10:20:00Z',
    });
    answer.resolve({
      data: message({ id: 20, client_msg_id: 'client-1', from_id: ME, to_id: SAM, body: 'Quick one' }),
    });
    await sending;
    expect(session.current().messages[0]).toMatchObject({ id: 20, read_at: '2026-11-21T10:20:00Z' });
    stop();
  });

  it('tells its readers when it changes, until they unsubscribe', async () => {
    const { session } = setup();
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    await session.catchUp();
    expect(listener).toHaveBeenCalled();
    const before = session.current();
    unsubscribe();
    listener.mockClear();
    await session.send({ type: 'wink' }, 1);
    expect(listener).not.toHaveBeenCalled();
    expect(session.current()).not.toBe(before);
  });
});
