import type { Photo, PublicProfile } from '@ukd/contracts/api';
import { defaultAvatarUrl, memberPictureAlt, relativeTime, useNow } from '@ukd/ui';
import { type ReactNode, useState } from 'react';
import { DemoLabel, OnlineDot } from '../../components/profile-card';
import { detailRows, interestLabel, placeLabel } from '../../lib/labels';
import styles from './profile.module.css';

type Viewable = Omit<PublicProfile, 'relation'>;

function Gallery({
  profile,
  photoAction,
}: {
  profile: Viewable;
  photoAction?: ((photoId: string) => ReactNode) | undefined;
}) {
  const photos: Array<Pick<Photo, 'id' | 'url' | 'thumbnail_url'>> = profile.photos.length
    ? profile.photos
    : [{ id: 'default', url: profile.primary_photo.url, thumbnail_url: profile.primary_photo.thumbnail_url }];
  const [index, setIndex] = useState(0);
  const [broken, setBroken] = useState<Set<string>>(new Set());
  const current = photos[Math.min(index, photos.length - 1)];
  const src = (photo: (typeof photos)[number] | undefined, size: 'url' | 'thumbnail_url') =>
    !photo || broken.has(photo.id) || !photo[size] ? defaultAvatarUrl(profile.gender) : photo[size];
  const markBroken = (id: string) => setBroken((set) => new Set(set).add(id));

  return (
    <figure className={styles.gallery}>
      <img
        className={styles.mainPhoto}
        src={src(current, 'url')}
        alt={
          profile.photos.length
            ? `Photo ${index + 1} of ${photos.length} of ${profile.username}`
            : memberPictureAlt(profile.username, null)
        }
        width={800}
        height={800}
        onError={() => current && markBroken(current.id)}
      />
      {photoAction && current && profile.photos.length ? (
        <figcaption>{photoAction(current.id)}</figcaption>
      ) : null}
      {photos.length > 1 ? (
        <ul className={styles.thumbs} aria-label="Photos">
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <button
                type="button"
                className={styles.thumb}
                aria-pressed={i === index}
                aria-label={`Show photo ${i + 1}`}
                onClick={() => setIndex(i)}
              >
                <img
                  src={src(photo, 'thumbnail_url')}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  onError={() => markBroken(photo.id)}
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}

/**
 * A member's profile as other members see it: photos, name, age, place, headline, about,
 * what they are looking for, the SPEC §3 details and interests. `actions` go under the header.
 */
export function ProfileView({
  profile,
  actions,
  footer,
  photoAction,
}: {
  profile: Viewable;
  actions?: ReactNode;
  footer?: ReactNode;
  /** Something to do with the photo on show, e.g. report it (another member's profile only). */
  photoAction?: (photoId: string) => ReactNode;
}) {
  const details = detailRows(profile);
  const now = useNow();
  return (
    <div className={styles.layout}>
      <Gallery profile={profile} photoAction={photoAction} />
      <div>
        <section className={styles.card} aria-labelledby="profile-name">
          <h1 id="profile-name" className={styles.name}>
            <span>
              {profile.username}, {profile.age}
            </span>
            <OnlineDot online={profile.online} />
            <DemoLabel demo={profile.demo} />
          </h1>
          <p className={styles.meta}>
            {placeLabel(profile.city, profile.region)}
            {profile.online
              ? ' · Online now'
              : profile.last_active_at
                ? ` · Active ${relativeTime(profile.last_active_at, now)}`
                : ''}
          </p>
          {profile.headline ? <p className={styles.headline}>“{profile.headline}”</p> : null}
          {actions}
        </section>
        {profile.about ? (
          <section className={styles.card} aria-labelledby="about-heading">
            <h2 id="about-heading">About me</h2>
            <p>{profile.about}</p>
          </section>
        ) : null}
        {profile.looking_for ? (
          <section className={styles.card} aria-labelledby="looking-heading">
            <h2 id="looking-heading">Looking for</h2>
            <p>{profile.looking_for}</p>
          </section>
        ) : null}
        {details.length ? (
          <section className={styles.card} aria-labelledby="details-heading">
            <h2 id="details-heading">Details</h2>
            <dl className={styles.details}>
              {details.map((row) => (
                <div key={row.label} style={{ display: 'contents' }}>
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
        {profile.interests.length ? (
          <section className={styles.card} aria-labelledby="interests-heading">
            <h2 id="interests-heading">Interests</h2>
            <ul className={styles.chips}>
              {profile.interests.map((interest) => (
                <li key={interest}>{interestLabel(interest)}</li>
              ))}
            </ul>
          </section>
        ) : null}
        {footer}
      </div>
    </div>
  );
}
