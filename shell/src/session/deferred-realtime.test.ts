import type { Realtime } from '@ukd/realtime';
import { describe, expect, it, vi } from 'vitest';
import { createDeferredRealtime } from './deferred-realtime';

function fakeRealtime() {
  const subscriptions: string[] = [];
  const reconnects: string[] = [];
  const realtime = {
    owned: (owner: string) => ({
      subscribe: vi.fn((channel: string) => {
        subscriptions.push(`${owner}:${channel}`);
        return () => subscriptions.splice(subscriptions.indexOf(`${owner}:${channel}`), 1);
      }),
      onReconnect: vi.fn(() => {
        reconnects.push(owner);
        return () => reconnects.splice(reconnects.indexOf(owner), 1);
      }),
    }),
    disposeOwner: vi.fn(),
    socketId: () => '1.2',
  } as unknown as Realtime;
  return { realtime, subscriptions, reconnects };
}

describe('deferred realtime', () => {
  it('loads the connection code only when something subscribes, and then subscribes', async () => {
    const { realtime, subscriptions } = fakeRealtime();
    const load = vi.fn(async () => realtime);
    const deferred = createDeferredRealtime(load);
    expect(load).not.toHaveBeenCalled();
    expect(deferred.owned('shell').socketId()).toBeUndefined();
    deferred.owned('mfe-messaging').subscribe('conversation.c1', 'message.sent', () => undefined);
    await deferred.instance();
    expect(load).toHaveBeenCalledOnce();
    expect(subscriptions).toEqual(['mfe-messaging:conversation.c1']);
    expect(deferred.owned('shell').socketId()).toBe('1.2');
  });

  it('cancels subscriptions and reconnect handlers of an owner disposed before the code arrived', async () => {
    const { realtime, subscriptions, reconnects } = fakeRealtime();
    const deferred = createDeferredRealtime(async () => realtime);
    deferred.owned('mfe-messaging').subscribe('conversation.c1', 'message.sent', () => undefined);
    deferred.owned('shell').subscribe('notifications.user.u1', 'notification.created', () => undefined);
    deferred.owned('mfe-messaging#1').onReconnect(() => undefined);
    deferred.owned('shell').onReconnect(() => undefined);
    deferred.disposeOwner('mfe-messaging');
    deferred.disposeOwner('mfe-messaging#1');
    await deferred.instance();
    expect(subscriptions).toEqual(['shell:notifications.user.u1']);
    expect(reconnects).toEqual(['shell']);
  });
});
