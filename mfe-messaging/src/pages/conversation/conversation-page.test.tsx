// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiRequestOptions, ShellContext } from '@ukd/contracts';
import type { Message } from '@ukd/contracts/api';
import { selectUser } from '@ukd/store';
import { member } from '@ukd/test-support';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as app from '../../app';
import { conversation, ME, message, SAM } from '../../lib/test-data';
import { ApiError, fakeApi, fakeRealtime, renderPage } from '../../test-support';
import ConversationPage from './conversation-page';
import { typingShownMs, typingThrottleMs } from './use-typing';

afterEach(cleanup);

// happy-dom lays nothing out: give elements a phone's size so the virtualised list renders rows.
beforeAll(() => {
  for (const [name, value] of [
    ['clientHeight', 640],
    ['clientWidth', 360],
    ['offsetHeight', 72],
    ['offsetWidth', 360],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
  }
});

const base = '/user-conversations/conv-7';
const channel = 'conversation.conv-7';

function setup(
  handlers: Record<string, (options: ApiRequestOptions) => unknown> = {},
  history: Message[] = [],
  /** Before the page renders, as the shell does while it checks a stored session. */
  beforeRender?: (shell: ShellContext, calls: ReturnType<typeof fakeApi>['calls']) => void,
) {
  const live = fakeRealtime();
  const { api, calls } = fakeApi({
    [`GET ${base}`]: () => ({ data: conversation() }),
    'GET /message-prices': () => ({
      data: { prices: { text: 1, image: 2, wink: 1, trigger: 1 }, has_unli_message: false, credits: 100 },
    }),
    [`GET ${base}/messages`]: ({ query }) =>
      query?.after !== undefined
        ? { data: history.filter((m) => m.id > Number(query.after)), meta: { has_more: false } }
        : { data: history, meta: { has_more: false } },
    [`POST ${base}/read`]: () => ({
      data: { updated: 1, read_at: '2026-11-21T10:10:00Z', unread_messages_count: 0 },
    }),
    ...handlers,
  });
  const view = renderPage(ConversationPage, {
    path: '/messages/:id',
    url: '/messages/conv-7',
    api,
    realtime: live.realtime,
    register: beforeRender && ((shell) => beforeRender(shell, calls)),
  });
  return { ...view, calls, live };
}

const credits = (store: { getState(): unknown }) => selectUser(store.getState() as never)?.credits;
const list = () => screen.getByRole('list', { name: 'Messages with sam' });
/** The message list once it is there: the composer can render before the messages have loaded. */
const listShown = (wait?: { timeout: number }) =>
  screen.findByRole('list', { name: 'Messages with sam' }, wait);

describe('ConversationPage', () => {
  it('shows when sam is typing, and whispers while I type, at most every 2 s', async () => {
    const { live } = setup();
    await screen.findByRole('heading', { name: 'sam' });
    // The whisper listener is attached in an effect after the heading renders: wait for it, then
    // let the clock move only when the test says so.
    await waitFor(() => expect(live.realtime.listenForWhisper).toHaveBeenCalled());
    vi.useFakeTimers();
    try {
      expect(screen.queryByText('sam is typing…')).toBeNull();
      act(() => live.emit(channel, 'client-typing', { user_uuid: 'sam-uuid' }));
      expect(screen.getByText('sam is typing…')).toHaveProperty('textContent', 'sam is typing…');
      act(() => vi.advanceTimersByTime(typingShownMs));
      expect(screen.queryByText('sam is typing…')).toBeNull();

      const box = within(screen.getByRole('form', { name: 'Write to sam' })).getByRole('textbox');
      fireEvent.change(box, { target: { value: 'H' } });
      fireEvent.change(box, { target: { value: 'Hi' } });
      expect(live.realtime.whisper).toHaveBeenCalledTimes(1);
      expect(live.realtime.whisper).toHaveBeenCalledWith(channel, 'typing', { user_uuid: 'me-uuid' });
      act(() => vi.advanceTimersByTime(typingThrottleMs));
      fireEvent.change(box, { target: { value: 'Hi s' } });
      expect(live.realtime.whisper).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads the conversation again when the connection comes back after it failed offline', async () => {
    let offline = true;
    setup(
      {
        [`GET ${base}`]: () => {
          if (offline) throw new TypeError('Failed to fetch');
          return { data: conversation() };
        },
      },
      [message({ id: 1, body: 'Back online', from_id: SAM, to_id: ME })],
    );
    await screen.findByText(/Not sent: check your connection\./);
    offline = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    // Coming back online is a chain (the conversation refetched, then its messages); under a
    // full CI run on two cores it took longer than findBy's default second.
    const reloaded = { timeout: 5000 };
    await within(await listShown(reloaded)).findByText('Back online', {}, reloaded);
  });

  it('uses the conversation the shell asked for while it checked the session, and asks for its messages itself', async () => {
    let before: string[] = [];
    const { calls } = setup(
      {},
      [message({ id: 1, body: 'Hello again', from_id: SAM, to_id: ME })],
      (shell, calls) => {
        void app.preload('/messages/conv-7', { search: '', shell });
        before = calls.map((call) => `${call.method} ${call.path}`);
      },
    );
    await within(await listShown()).findByText('Hello again');
    expect(before).toEqual([`GET ${base}`]);
    const firstLoads = calls.filter(
      (call) =>
        call.method === 'GET' && call.path.startsWith(base) && call.options.query?.after === undefined,
    );
    expect(firstLoads.map((call) => call.path)).toEqual([base, `${base}/messages`]);
  });

  it('shows the chatmate and the history, text as text, and marks what it shows as read', async () => {
    const { store, calls } = setup({}, [
      message({ id: 1, body: '<b>Hello</b> demo', from_id: SAM, to_id: ME }),
      message({ id: 2, body: 'Hi sam', from_id: ME, to_id: SAM, read_at: '2026-11-21T10:01:00Z' }),
    ]);
    expect((await screen.findByRole('heading', { name: 'sam' })).textContent).toBe('sam');
    expect(screen.getByRole('link', { name: 'Back to messages' }).getAttribute('href')).toBe('/messages');
    await within(await screen.findByRole('list', { name: 'Messages with sam' })).findByText(
      '<b>Hello</b> demo',
    );
    expect(list().querySelector('b')).toBeNull();
    const mine = within(list()).getByText('Hi sam').closest('[data-from-me]');
    expect(mine?.textContent).toContain('Seen');
    // Sam's message can be reported (prefilled on the report-abuse page); mine cannot.
    const theirs = within(list()).getByText('<b>Hello</b> demo').closest('[data-for-me]') as HTMLElement;
    expect(within(theirs).getByRole('link', { name: 'Report this message' }).getAttribute('href')).toBe(
      '/report-abuse?message=m-1',
    );
    expect(within(mine as HTMLElement).queryByRole('link', { name: /Report/ })).toBeNull();
    await waitFor(() => expect(selectUser(store.getState())?.unread_messages_count).toBe(0));
    expect(calls.find((c) => c.path === `${base}/read`)?.options.body).toEqual({ up_to_id: 1 });
  });

  it('sends optimistically with a client id, takes the balance from the answer, and never doubles it', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { store, calls, live } = setup({
      [`POST ${base}/messages`]: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'See you at 8' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const row = await within(await listShown()).findByText('See you at 8');
    expect(row.closest('[data-from-me]')?.textContent).toContain('Sending…');
    const post = calls.find((c) => c.method === 'POST' && c.path === `${base}/messages`);
    const body = post?.options.body as { client_msg_id: string; type: string; body: string };
    expect(body).toMatchObject({ type: 'text', body: 'See you at 8' });
    expect(body.client_msg_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.options.headers).toEqual({ 'X-Socket-ID': '123.456' });
    const stored = message({
      id: 9,
      client_msg_id: body.client_msg_id,
      from_id: ME,
      to_id: SAM,
      body: 'See you at 8',
      price: 1,
    });
    // The live event may beat the answer: still one row.
    act(() => live.emit(channel, 'message.sent', { ...stored, viewer_id: null }));
    await act(async () => answer({ data: stored, meta: { credits: 99 } }));
    await waitFor(() =>
      expect(within(list()).getByText('See you at 8').closest('[data-from-me]')?.textContent).toContain(
        'Sent',
      ),
    );
    expect(within(list()).getAllByText('See you at 8')).toHaveLength(1);
    expect(credits(store)).toBe(99);
  });

  it('keeps a read mark that arrives before the answer to my send', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { calls, live } = setup({
      [`POST ${base}/messages`]: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Quick one' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await within(await listShown()).findByText('Quick one');
    const body = calls.find((c) => c.method === 'POST')?.options.body as { client_msg_id: string };
    const stored = message({
      id: 20,
      client_msg_id: body.client_msg_id,
      from_id: ME,
      to_id: SAM,
      body: 'Quick one',
    });
    // Sam saw it live and read it before my POST came back.
    act(() =>
      live.emit(channel, 'message.read', {
        conversation_uuid: 'conv-7',
        reader_id: SAM,
        up_to_id: 20,
        read_at: '2026-11-21T10:20:00Z',
      }),
    );
    await act(async () => answer({ data: stored }));
    await waitFor(() =>
      expect(within(list()).getByText('Quick one').closest('[data-from-me]')?.textContent).toContain('Seen'),
    );
  });

  it('offers Retry after a failed send and retries with the same client id', async () => {
    const ids: string[] = [];
    let fail = true;
    const remembered: unknown[] = [];
    const { store } = setup({
      'PUT /my-profile': ({ body }) => {
        remembered.push(body);
        return { data: {} };
      },
      [`POST ${base}/messages`]: ({ body }) => {
        const request = body as { client_msg_id: string };
        ids.push(request.client_msg_id);
        if (fail) throw new TypeError('Failed to fetch');
        return {
          data: message({
            id: 11,
            client_msg_id: request.client_msg_id,
            from_id: ME,
            to_id: SAM,
            type: 'wink',
            body: null,
            price: 1,
          }),
          meta: { credits: 99 },
        };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Send a wink/ }));
    // The first paid wink asks, and the answer is remembered with the member.
    expect(ids).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Send wink' }));
    await waitFor(() => expect(remembered).toEqual([{ preferences: { wink_confirmed: true } }]));
    fireEvent.click(await within(await listShown()).findByRole('button', { name: 'Retry' }));
    expect(credits(store)).toBe(100);
    fail = false;
    await waitFor(() => expect(ids).toHaveLength(2));
    expect(ids[1]).toBe(ids[0]);
    // That retry went out while the network was still down; the next one gets through.
    fireEvent.click(await within(list()).findByRole('button', { name: 'Retry' }));
    await within(list()).findByText('Sent');
    expect(new Set(ids).size).toBe(1);
    expect(within(list()).getAllByText('You sent a wink')).toHaveLength(1);
    expect(credits(store)).toBe(99);
  });

  it('sends a wink at one tap once the member has confirmed one before', async () => {
    const sent: unknown[] = [];
    const live = fakeRealtime();
    const { api } = fakeApi({
      [`GET ${base}`]: () => ({ data: conversation() }),
      'GET /message-prices': () => ({
        data: { prices: { text: 1, image: 2, wink: 1, trigger: 1 }, has_unli_message: false, credits: 100 },
      }),
      [`GET ${base}/messages`]: () => ({ data: [], meta: { has_more: false } }),
      [`POST ${base}/messages`]: ({ body }) => {
        sent.push(body);
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage(ConversationPage, {
      path: '/messages/:id',
      url: '/messages/conv-7',
      api,
      realtime: live.realtime,
      user: member({ preferences: { wink_confirmed: true } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /Send a wink/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Send wink' })).toBeNull();
  });

  it("blurs a stranger's photo until the member chooses to see it, and not once they have written", async () => {
    const photo = (id: number) =>
      message({
        id,
        from_id: SAM,
        to_id: ME,
        type: 'image',
        body: null,
        image: { url: `/img/${id}.jpg`, thumbnail_url: `/img/${id}-t.jpg`, width: 300, height: 400 },
      } as Partial<Message>);
    const history = [photo(5)];
    const { api } = fakeApi({
      // Sam started this conversation and the member has not answered yet.
      [`GET ${base}`]: () => ({ data: conversation({ initiator_id: SAM }) }),
      'GET /message-prices': () => ({
        data: { prices: { text: 1, image: 2, wink: 1, trigger: 1 }, has_unli_message: false, credits: 100 },
      }),
      [`GET ${base}/messages`]: () => ({ data: history, meta: { has_more: false } }),
      [`POST ${base}/read`]: () => ({ data: { updated: 1, read_at: null, unread_messages_count: 0 } }),
    });
    renderPage(ConversationPage, { path: '/messages/:id', url: '/messages/conv-7', api });
    const messages = await screen.findByRole('list', { name: 'Messages with sam' });
    const show = await within(messages).findByRole('button', { name: /Photo from sam\s*Show/ });
    // Not a way around the blur: no link to the full-size photo while it is veiled.
    expect(messages.querySelector('a[href="/img/5.jpg"]')).toBeNull();
    fireEvent.click(show);
    expect(within(list()).queryByRole('button', { name: /Show/ })).toBeNull();
    expect(within(list()).getByRole('img', { name: 'Photo from sam' })).toBeTruthy();
    cleanup();
    // Once the member has written to them, their photos arrive as they are.
    history.push(message({ id: 6, from_id: ME, to_id: SAM, body: 'Hi!' }));
    renderPage(ConversationPage, { path: '/messages/:id', url: '/messages/conv-7', api });
    await within(await screen.findByRole('list', { name: 'Messages with sam' })).findByRole('img', {
      name: 'Photo from sam',
    });
    expect(within(list()).queryByRole('button', { name: /Show/ })).toBeNull();
  });

  it('without enough credits sends nothing and offers to buy credits', async () => {
    const { store } = setup({
      [`POST ${base}/messages`]: () => {
        throw new ApiError(402, 'You do not have enough credits to send this message.', {
          credits: ['You do not have enough credits to send this message.'],
        });
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Hello?' } });
    fireEvent.click(screen.getByRole('button', { name: /^Send \(/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You do not have enough credits');
    expect(within(alert).getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe(
      '/credits/package',
    );
    expect(screen.queryByRole('list', { name: 'Messages with sam' })).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe('Hello?');
    expect(credits(store)).toBe(100);
  });

  it('takes a refused photo away and says why, charging nothing', async () => {
    const refusal = 'The image could not be read. Please choose a JPEG, PNG, WebP, HEIC or AVIF photo.';
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:local', revokeObjectURL: () => undefined }),
    );
    try {
      const { store, calls } = setup({
        [`POST ${base}/messages`]: () => {
          throw new ApiError(422, refusal, { image: [refusal] });
        },
      });
      const input = await screen.findByLabelText('Photo to send');
      const file = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
      fireEvent.change(input, { target: { files: [file] } });
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(refusal);
      const post = calls.find((c) => c.method === 'POST' && c.path === `${base}/messages`);
      const body = post?.options.body as FormData;
      expect(body).toBeInstanceOf(FormData);
      expect(body.get('client_msg_id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.get('image')).toBeInstanceOf(File);
      expect(post?.options.headers).toEqual({ 'X-Socket-ID': '123.456' });
      expect(screen.queryByRole('list', { name: 'Messages with sam' })).toBeNull();
      expect(credits(store)).toBe(100);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('catches up by id after a reconnect and on the live event, without doubles', async () => {
    const history = [message({ id: 1, body: 'one' })];
    const { calls, live } = setup({}, history);
    await within(await screen.findByRole('list', { name: 'Messages with sam' })).findByText('one');
    history.push(message({ id: 2, body: 'two' }), message({ id: 3, body: 'three' }));
    act(() => live.emit(channel, 'message.sent', history[2]));
    await act(async () => live.reconnect());
    await within(list()).findByText('two');
    expect(calls.some((c) => c.options.query?.after === 1)).toBe(true);
    act(() => live.emit(channel, 'message.sent', history[1]));
    expect(
      within(list())
        .getAllByText(/^(one|two|three)$/)
        .map((e) => e.textContent),
    ).toEqual(['one', 'two', 'three']);
  });

  it('deletes the conversation for me after confirming, and goes back to the list', async () => {
    const { calls } = setup({
      [`DELETE ${base}`]: () => ({ message: 'The conversation has been deleted.' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete conversation' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/messages'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === base)).toBe(true);
  });

  it("answers another member's conversation with not found", async () => {
    const { api } = fakeApi({
      [`GET ${base}`]: () => {
        throw new ApiError(404, 'Not found.');
      },
      'GET /message-prices': () => ({
        data: { prices: { text: 1, image: 2, wink: 1, trigger: 1 }, has_unli_message: false, credits: 1 },
      }),
    });
    renderPage(ConversationPage, { path: '/messages/:id', url: '/messages/conv-7', api });
    const heading = await screen.findByRole('heading', { name: 'This conversation could not be found' });
    expect(heading.tagName).toMatch(/^H[1-6]$/);
  });
});
