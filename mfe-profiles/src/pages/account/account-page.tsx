import { memberPlaces } from '@ukd/contracts';
import type { User } from '@ukd/contracts/api';
import { selectUser } from '@ukd/store';
import { ActionOutcome, Button, SiteLink, TextField, useAction, useShell } from '@ukd/ui';
import { type FormEvent, useState } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import styles from './account.module.css';
import { ChangeEmail, ChangePassword, DownloadMyData } from './account-settings';
import { BlockedMembers } from './blocked-members';
import { NotificationPreferences } from './notification-preferences';
import { PurchasesAndVip } from './purchases-and-vip';
import { SessionsList } from './sessions-list';

export default function AccountPage() {
  const user = useSelector(selectUser);
  if (!user) return null;
  return (
    <div className={styles.page}>
      <h1>{memberPlaces.account.label}</h1>
      <AccountDetails user={user} />
      <ChangeEmail current={user.email} />
      <ChangePassword />
      <PurchasesAndVip />
      <NotificationPreferences user={user} />
      <SessionsList />
      <BlockedMembers />
      <DownloadMyData />
      <HelpAndSupport />
      <PasswordConfirmedAction
        id="deactivate"
        title="Take a break"
        text="Deactivating hides your profile and stops messages until you come back and reactivate it."
        button="Deactivate my account"
        onConfirmed={(api, password, session) =>
          api<{ message: string }>('/account/deactivate', { method: 'POST', body: { password } }).then(
            async (r) => {
              // The guards then send the member to /deactivated.
              await session.reloadUser();
              return r;
            },
          )
        }
      />
      <PasswordConfirmedAction
        id="delete"
        title="Delete your account"
        text="This removes your profile, photos and messages for good. It cannot be undone."
        button="Delete my account for good"
        danger
        onConfirmed={(api, password) =>
          api<{ message: string }>('/account', { method: 'DELETE', body: { password } })
        }
        afterDone={(session) => session.logout()}
      />
    </div>
  );
}

function AccountDetails({ user }: { user: User }) {
  const shell = useShell();
  const { state, run } = useAction();
  return (
    <section className={styles.section} aria-labelledby="details-heading">
      <h2 id="details-heading">Your account</h2>
      <dl className={styles.details}>
        <dt>Username</dt>
        <dd>{user.username}</dd>
        <dt>Email</dt>
        <dd>
          {user.email}{' '}
          <span className={styles.muted}>{user.email_confirmed ? '(confirmed)' : '(not confirmed yet)'}</span>
        </dd>
      </dl>
      {!user.email_confirmed && shell && (
        <>
          <ActionOutcome state={state} />
          <Button
            variant="secondary"
            disabled={state.status === 'busy'}
            onClick={() => run(() => shell.api('/confirm-email/resend', { method: 'POST' }))}
          >
            Send the confirmation link again
          </Button>
        </>
      )}
    </section>
  );
}

type ShellApi = NonNullable<ReturnType<typeof useShell>>;

function PasswordConfirmedAction({
  id,
  title,
  text,
  button,
  danger = false,
  onConfirmed,
  afterDone,
}: {
  id: string;
  title: string;
  text: string;
  button: string;
  danger?: boolean;
  onConfirmed: (
    api: ShellApi['api'],
    password: string,
    session: ShellApi['session'],
  ) => Promise<{ message: string }>;
  afterDone?: (session: ShellApi['session']) => Promise<void>;
}) {
  const shell = useShell();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const { state, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!shell) return;
    if (!password) return setError('The password field is required');
    setError(undefined);
    if ((await run(() => onConfirmed(shell.api, password, shell.session))) && afterDone) {
      await afterDone(shell.session);
      navigate('/');
    }
  }

  return (
    <section className={`${styles.section} ${danger ? styles.danger : ''}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      <p>{text}</p>
      <ActionOutcome state={state} />
      <form onSubmit={submit} noValidate>
        <TextField
          id={`${id}-password`}
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant={danger ? 'primary' : 'secondary'} disabled={state.status === 'busy'}>
          {button}
        </Button>
      </form>
    </section>
  );
}

/** Where a member's help requests and their status are (the helpdesk, in mfe-support). */
function HelpAndSupport() {
  return (
    <section className={styles.section} aria-labelledby="support-heading">
      <h2 id="support-heading">Help and support</h2>
      <p>See the requests you have sent us and where each one stands, or ask us something new.</p>
      <p>
        <SiteLink to="/helpdesk/requests" className="ukd-button ukd-button--secondary">
          Your help requests
        </SiteLink>{' '}
        <SiteLink to="/submit-request" className="ukd-button ukd-button--ghost">
          Send us a request
        </SiteLink>
      </p>
    </section>
  );
}
