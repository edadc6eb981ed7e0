import { toFailure } from '@ukd/api-client';
import { Button, EmptyState, SiteLink } from '@ukd/ui';
import { ProfilesNav } from '../../components/profiles-nav';
import { useSetBlockedMutation } from '../../profiles-api';
import styles from './profile.module.css';

/** Shown instead of a profile the member has just blocked (it is a 404 for them now), with undo. */
export function BlockedNotice({
  member,
  onUnblocked,
}: {
  member: { uuid: string; username: string };
  onUnblocked(): void;
}) {
  const [setBlocked, { isLoading, error }] = useSetBlockedMutation();
  return (
    <div className={styles.page}>
      <ProfilesNav />
      <EmptyState
        title={`You blocked ${member.username}`}
        action={
          <div className={styles.safety}>
            <SiteLink to="/dashboard" className="ukd-button ukd-button--primary">
              Browse members
            </SiteLink>
            <Button
              variant="secondary"
              disabled={isLoading}
              onClick={async () => {
                const result = await setBlocked({ uuid: member.uuid, on: false });
                if (!('error' in result)) onUnblocked();
              }}
            >
              Unblock {member.username}
            </Button>
          </div>
        }
      >
        You will not see each other in search, visitors, favourites or messages.
        {error ? (
          <span className="ukd-notice ukd-notice--error" role="alert" style={{ display: 'block' }}>
            {toFailure(error).message}
          </span>
        ) : null}
      </EmptyState>
    </div>
  );
}
