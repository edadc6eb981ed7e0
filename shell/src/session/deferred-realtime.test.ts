import type { Realtime } from '@ukd/realtime';
import { describe, expect, it, vi } from 'vitest';
import { createDeferredRealtime } from './deferred-realtime';

function fakeRealtime() {
  const subscriptions: string[] = [];
  const realtime = {
    subscribe: vi.fn((owner: string, channel: string) => {
      subscriptions.push(`${owner}:${channel}`);
      return () => subscriptions.splice(subscriptions.indexOf(`${owner}:${channel}`), 1);
    }),
    disposeOwner: vi.fn(),
    onReconnect: vi.fn(() => () => undefined),
    socketId: () => '1.2',
  } as unknown as Realtime;
  return { realtime, subscriptions };
}

describe('deferred realtime', () => {
  it('loads the connection code only when something subscribes, and then subscribes', async () => {
    const { realtime, subscriptions } = fakeRealtime();
    const load = vi.fn(async () => realtime);
    const deferred = createDeferredRealtime(load);
    expect(load).not.toHaveBeenCalled();
    expect(deferred.socketId()).toBeUndefined();
    deferred.subscribe('mfe-messaging', 'conversation.c1', 'message.sent', () => undefined);
    await deferred.instance();
    expect(load).toHaveBeenCalledOnce();
    expect(subscriptions).toEqual(['mfe-messaging:conversation.c1']);
    expect(deferred.socketId()).toBe('1.2');
  });

  it('cancels subscriptions of an owner disposed before the code arrived', async () => {
    const { realtime, subscriptions } = fakeRealtime();
    const deferred = createDeferredRealtime(async () => realtime);
    deferred.subscribe('mfe-messaging', 'conversation.c1', 'message.sent', () => undefined);
    deferred.subscribe('shell', 'notifications.user.u1', 'notification.created', () => undefined);
    deferred.disposeOwner('mfe-messaging');
    await deferred.instance();
    expect(subscriptions).toEqual(['shell:notifications.user.u1']);
  });
});
