import type { UserNotification } from '@ukd/contracts/api';

export interface DesktopNotifier {
  /** SPEC §4: shown only while the tab is hidden. */
  notify(title: string, icon: string, notification: UserNotification): void;
}

/** SPEC §4: permission is asked when the member's chrome mounts (granted, default, denied). */
export function createDesktopNotifier(open: (notification: UserNotification) => void): DesktopNotifier {
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
        open(notification);
        desktop.close();
      };
    },
  };
}
