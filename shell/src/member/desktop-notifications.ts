import type { UserNotification } from '@ukd/contracts/api';

export interface DesktopNotifier {
  /** SPEC §4: shown only while the tab is hidden. */
  notify(title: string, icon: string, notification: UserNotification): void;
}

/** SPEC §7: a click is reported with x=28 and t=2 for a wink, t=1 for anything else. */
export function pushClickQuery(notification: UserNotification) {
  const { data } = notification;
  const wink = data.action_type === 'PROFILE_WINK' || data.message?.type === 'wink';
  return { x: 28, t: wink ? 2 : 1 };
}

/** SPEC §4: permission is asked when the member's session starts, at login (granted, default, denied). */
export function createDesktopNotifier(
  open: (notification: UserNotification) => void,
  reportClick: (notification: UserNotification) => void = () => undefined,
): DesktopNotifier {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default') {
    void Notification.requestPermission().catch(() => undefined);
  }
  return {
    notify(title, icon, notification) {
      if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
      if (document.visibilityState !== 'hidden') return;
      if (typeof title !== 'string') throw new TypeError('invalid title');
      const desktop = new Notification(title, { icon, tag: `notification-${notification.id}` });
      desktop.onclick = () => {
        window.focus();
        reportClick(notification);
        open(notification);
        desktop.close();
      };
    },
  };
}
