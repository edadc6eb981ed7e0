import { toFailure } from '@ukd/api-client';
import { reportAbuseLink } from '@ukd/contracts';
import { selectUser } from '@ukd/store';
import { Button, EmptyState, PageLoading, SiteLink } from '@ukd/ui';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useParams } from 'react-router';
import { ProfilesNav } from '../../components/profiles-nav';
import { useProfileQuery } from '../../profiles-api';
import { BlockedNotice } from './blocked-notice';
import { Interactions } from './interactions';
import styles from './profile.module.css';
import { ProfileView } from './profile-view';
import { SafetyActions } from './safety-actions';

export default function ProfilePage() {
  const { uuid = '' } = useParams();
  const user = useSelector(selectUser);
  const { data: profile, error, isLoading, refetch } = useProfileQuery(uuid, { skip: !uuid });
  // Blocking makes the profile a 404 for the blocker too; remember whom we just blocked.
  const [blocked, setBlocked] = useState<{ uuid: string; username: string } | null>(null);

  if (user && uuid === user.uuid) return <Navigate to="/my-profile" replace />;
  if (blocked?.uuid === uuid) return <BlockedNotice member={blocked} onUnblocked={() => setBlocked(null)} />;
  if (isLoading) return <PageLoading />;
  const failure = error ? toFailure(error) : null;
  if (failure || !profile) {
    return (
      <div className={styles.page}>
        <ProfilesNav />
        {failure?.status === 404 || !failure ? (
          <EmptyState
            title="This profile is not available"
            action={
              <SiteLink to="/dashboard" className="ukd-button ukd-button--primary">
                Browse members
              </SiteLink>
            }
          >
            The member may have left, deactivated their account or blocked you.
          </EmptyState>
        ) : (
          <div className="ukd-notice ukd-notice--error" role="alert">
            {failure.message}{' '}
            <Button variant="ghost" onClick={() => refetch()}>
              Try again
            </Button>
          </div>
        )}
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <ProfilesNav />
      <ProfileView
        profile={profile}
        actions={<Interactions profile={profile} />}
        photoAction={(photoId) => (
          <SiteLink to={reportAbuseLink({ profile: profile.uuid, photo: photoId })}>
            Report this photo
          </SiteLink>
        )}
        footer={
          <SafetyActions
            profile={profile}
            onBlocked={() => setBlocked({ uuid: profile.uuid, username: profile.username })}
          />
        }
      />
    </div>
  );
}
