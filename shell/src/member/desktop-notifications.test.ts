// @vitest-environment happy-dom
import type { UserNotification } from '@ukd/contracts/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDesktopNotifier, pushClickQuery } from './desktop-notifications';

const base = {
  id: 3,
  read_at: null,
  created_at: '2026-11-21T10:00:00Z',
  data: {
    action_type: 'USER_FAVORITE',
    image: '/a.png',
    timestamp: '2026-11-21T10:00:00Z',
    from_user_name: 'sam',
    from_user_uuid: 'u',
  },
} as UserNotification;

class FakeNotification {
  static permission = 'granted';
  static requestPermission = vi.fn(async () => 'granted');
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close() {}
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeNotification.shown = [];
});

describe('desktop notifications', () => {
  it('show only while the tab is hidden, and a click reports x=28 and opens the page', () => {
    vi.stubGlobal('Notification', FakeNotification);
    const open = vi.fn();
    const report = vi.fn();
    const notifier = createDesktopNotifier(open, report);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    notifier.notify('sam added you to their favourites', '/a.png', base);
    expect(FakeNotification.shown).toHaveLength(0);

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    notifier.notify('sam added you to their favourites', '/a.png', base);
    expect(FakeNotification.shown).toHaveLength(1);
    FakeNotification.shown[0]?.onclick?.();
    expect(report).toHaveBeenCalledWith(base);
    expect(open).toHaveBeenCalledWith(base);
  });

  it('reports winks with t=2 and everything else with t=1', () => {
    expect(pushClickQuery(base)).toEqual({ x: 28, t: 1 });
    expect(pushClickQuery({ ...base, data: { ...base.data, action_type: 'PROFILE_WINK' } })).toEqual({
      x: 28,
      t: 2,
    });
  });
});
