import { type NotificationPreference, notificationPreferences, prefers } from '@ukd/contracts';
import type { User } from '@ukd/contracts/api';
import { ActionOutcome, useAction, useShell } from '@ukd/ui';
import styles from './account.module.css';

const choices: Array<{ key: NotificationPreference; label: string; hint: string }> = [
  {
    key: notificationPreferences.popups,
    label: 'Pop-ups on the page',
    hint: 'A short note in the corner when someone views, likes, favourites or messages you.',
  },
  {
    key: notificationPreferences.desktop,
    label: 'Desktop notifications',
    hint: 'When the site is in a background tab. Your browser asks for permission first.',
  },
];

/** What the shell shows when something happens; it reads these from the member's preferences. */
export function NotificationPreferences({ user }: { user: User }) {
  const shell = useShell();
  const { state, run } = useAction();

  async function change(key: NotificationPreference, on: boolean) {
    if (!shell) return;
    const saved = await run(async () => {
      await shell.api('/my-profile', { method: 'PUT', body: { preferences: { [key]: on } } });
      return { message: 'Saved.' };
    });
    if (saved) await shell.session.reloadUser();
  }

  const desktopBlocked = typeof Notification !== 'undefined' && Notification.permission === 'denied';
  return (
    <section className={styles.section} aria-labelledby="notifications-heading">
      <h2 id="notifications-heading">Notifications</h2>
      <ActionOutcome state={state} />
      {choices.map(({ key, label, hint }) => (
        <label key={key} className={styles.toggle}>
          <input
            type="checkbox"
            checked={prefers(user.preferences, key)}
            disabled={state.status === 'busy'}
            onChange={(event) => void change(key, event.target.checked)}
          />
          <span>
            {label}
            <br />
            <span className={styles.muted}>
              {key === notificationPreferences.desktop && desktopBlocked
                ? 'Your browser blocks notifications from this site; allow them in its settings.'
                : hint}
            </span>
          </span>
        </label>
      ))}
      <p className={styles.muted}>
        To stop notifications from one member, use Mute in the notification list.
      </p>
    </section>
  );
}
