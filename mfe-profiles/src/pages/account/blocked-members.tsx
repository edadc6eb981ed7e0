import { toFailure } from '@ukd/api-client';
import { Button, SiteLink, Spinner } from '@ukd/ui';
import { useMyBlocksQuery, useSetBlockedMutation } from '../../profiles-api';
import styles from './account.module.css';

/** Members the member blocked, to unblock them (the block dialog promises this). */
export function BlockedMembers() {
  const { data, isLoading, error } = useMyBlocksQuery(1);
  const [setBlocked, unblocking] = useSetBlockedMutation();
  return (
    <section className={styles.section} aria-labelledby="blocked-heading">
      <h2 id="blocked-heading">Blocked members</h2>
      {isLoading ? (
        <Spinner label="Loading blocked members" />
      ) : error ? (
        <p className="ukd-notice ukd-notice--error">{toFailure(error).message}</p>
      ) : data?.data.length ? (
        <ul className={styles.sessions}>
          {data.data.map((member) => (
            <li key={member.uuid}>
              <span>
                {member.username}
                <br />
                <span className={styles.muted}>
                  Blocked {new Date(member.blocked_at).toLocaleDateString('en-GB', { dateStyle: 'medium' })}
                </span>
              </span>
              <Button
                variant="secondary"
                disabled={unblocking.isLoading}
                onClick={() => setBlocked({ uuid: member.uuid, on: false })}
              >
                Unblock {member.username}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>
          You have not blocked anyone. Block a member from their profile; you will no longer see each other.{' '}
          <SiteLink to="/report-abuse">Report abuse</SiteLink>
        </p>
      )}
      {unblocking.error ? (
        <p className="ukd-notice ukd-notice--error" role="alert">
          {toFailure(unblocking.error).message}
        </p>
      ) : null}
    </section>
  );
}
