import { toFailure } from '@ukd/api-client';
import { memberPlaces } from '@ukd/contracts';
import { selectUser } from '@ukd/store';
import { Badge, Button, PageLoading, SiteLink } from '@ukd/ui';
import { useSelector } from 'react-redux';
import { ProfilesNav } from '../../components/profiles-nav';
import { useMyProfileQuery } from '../../profiles-api';
import { ProfileView } from '../profile/profile-view';
import { completionPercent, REQUIREMENT_TEXT } from './completion';
import styles from './my-profile.module.css';

export default function MyProfilePage() {
  const user = useSelector(selectUser);
  const { data: profile, error, isLoading, refetch } = useMyProfileQuery();
  if (isLoading) return <PageLoading />;
  if (!profile) {
    return (
      <div className={styles.page}>
        <ProfilesNav />
        <div className="ukd-notice ukd-notice--error" role="alert">
          {(error && toFailure(error).message) || 'Your profile could not be loaded.'}{' '}
          <Button variant="ghost" onClick={() => refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }

  const { complete, missing } = profile.completion;
  const percent = completionPercent(missing);
  const pending = profile.photos.filter((p) => p.status === 'pending').length;
  const rejected = profile.photos.filter((p) => p.status === 'rejected').length;
  // Others see approved photos only; the preview shows what they see.
  const asOthersSeeIt = { ...profile, photos: profile.photos.filter((p) => p.status === 'approved') };

  return (
    <div className={styles.page}>
      <ProfilesNav />
      <div className={styles.row}>
        <h1>{memberPlaces.profile.label}</h1>
        <SiteLink to="/profile/edit" className="ukd-button ukd-button--primary">
          Edit profile
        </SiteLink>
      </div>

      {user ? (
        <ul className={styles.stats} aria-label="Your activity">
          <li>
            <SiteLink to="/my-visitors" className={styles.stat}>
              <span className={styles.statValue}>{user.visits_count}</span>
              <span className={styles.statLabel}>
                Profile visits <Badge count={user.new_visitors_count} label="new visitors" />
              </span>
            </SiteLink>
          </li>
          <li>
            <SiteLink to="/my-favorites?type=received" className={styles.stat}>
              <span className={styles.statValue}>{user.unread_favorites_count}</span>
              <span className={styles.statLabel}>New favourites</span>
            </SiteLink>
          </li>
          <li className={styles.stat}>
            <span className={styles.statValue}>{user.received_wink_interactions_count}</span>
            <span className={styles.statLabel}>Winks received</span>
          </li>
          <li className={styles.stat}>
            <span className={styles.statValue}>{user.received_messages_count}</span>
            <span className={styles.statLabel}>Messages received</span>
          </li>
        </ul>
      ) : null}

      <section className={styles.panel} aria-labelledby="completion-heading">
        <h2 id="completion-heading">
          {complete ? 'Your profile is complete' : `Your profile is ${percent}% complete`}
        </h2>
        <progress
          className={styles.progress}
          max={100}
          value={percent}
          aria-labelledby="completion-heading"
        />
        {complete ? (
          <p>Members can find you in search. Keep it fresh: a new photo gets more visits.</p>
        ) : (
          <>
            <p>Complete profiles get far more visits and messages. Still to do:</p>
            <ul className={styles.missing}>
              {missing.map((item) => (
                <li key={item}>{REQUIREMENT_TEXT[item]}</li>
              ))}
            </ul>
            <SiteLink to="/profile/complete" className="ukd-button ukd-button--primary">
              Complete my profile
            </SiteLink>
          </>
        )}
        {pending ? (
          <p
            className="ukd-notice ukd-notice--info"
            style={{ marginTop: 'var(--ukd-space-3)', marginBottom: 0 }}
          >
            {pending === 1 ? '1 photo is' : `${pending} photos are`} waiting for approval. Others see
            {pending === 1 ? ' it' : ' them'} once our team has checked {pending === 1 ? 'it' : 'them'}.
          </p>
        ) : null}
        {rejected ? (
          <p
            className="ukd-notice ukd-notice--error"
            style={{ marginTop: 'var(--ukd-space-3)', marginBottom: 0 }}
          >
            {rejected === 1 ? '1 photo was' : `${rejected} photos were`} not approved.{' '}
            <SiteLink to="/profile/edit#photos">Manage photos</SiteLink>
          </p>
        ) : null}
      </section>

      <p className={styles.preview}>This is how other members see your profile:</p>
      <ProfileView profile={asOthersSeeIt} />
    </div>
  );
}
