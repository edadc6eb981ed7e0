import type { Session } from '@ukd/contracts/api';
import { ActionOutcome, Button, Spinner, useAction, useShell } from '@ukd/ui';
import { useCallback, useEffect, useState } from 'react';
import styles from './account.module.css';

/** "Chrome on Android" from a user-agent string: enough to recognise a device. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'A browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'an unknown system';
  return `${browser} on ${system}`;
}

export function SessionsList() {
  const shell = useShell();
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const { state, run } = useAction();

  const load = useCallback(async () => {
    if (!shell) return;
    const { data } = await shell.api<{ data: Session[] }>('/sessions', {
      query: { sort: '-last_used_at', limit: 50 },
    });
    setSessions(data);
  }, [shell]);

  useEffect(() => {
    load().catch(() => setSessions([]));
  }, [load]);

  async function end(session: Session) {
    if (!shell) return;
    if (await run(() => shell.api(`/sessions/${encodeURIComponent(session.id)}`, { method: 'DELETE' })))
      await load();
  }

  return (
    <section className={styles.section} aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Where you're logged in</h2>
      <ActionOutcome state={state} />
      {sessions === null ? (
        <Spinner />
      ) : (
        <ul className={styles.sessions}>
          {sessions.map((session) => (
            <li key={session.id}>
              <span>
                {describeDevice(session.user_agent)}
                <br />
                <span className={styles.muted}>
                  {session.current
                    ? 'This device'
                    : `Last active ${new Date(session.last_used_at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}`}
                </span>
              </span>
              {!session.current && (
                <Button variant="secondary" onClick={() => end(session)} disabled={state.status === 'busy'}>
                  Log out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
