import type { ProfileCard as Card } from '@ukd/contracts/api';
import { defaultAvatarUrl, memberPictureAlt, SiteLink } from '@ukd/ui';
import { useState } from 'react';
import { type CardPlace, cardPhotoUrl } from './card-photo';
import styles from './components.module.css';

export function OnlineDot({ online }: { online: boolean }) {
  if (!online) return null;
  return (
    <span className={styles.online} title="Online now">
      <span className="ukd-visually-hidden">Online now</span>
    </span>
  );
}

/** Sample members of the demo data say so wherever they appear (issue 17: no invented people). */
export function DemoLabel({ demo }: { demo: boolean }) {
  if (!demo) return null;
  return (
    <span className={styles.demoTag} title="A sample member of the demo data, not a real person">
      Demo
    </span>
  );
}

/**
 * A card's square photo at a fixed size (no shift as it loads); a member without one shows their
 * generated portrait, and a broken one the gender's default. Cards in the first screenful load
 * at once (a lazy image waits for layout, and one of them is the page's largest paint); the rest
 * wait until they are scrolled near.
 */
function CardPhoto({ profile, place }: { profile: Card; place: CardPlace }) {
  const fallback = defaultAvatarUrl(profile.gender);
  const wanted = cardPhotoUrl(profile) ?? fallback;
  const [src, setSrc] = useState(wanted);
  return (
    <img
      className={styles.cardPhoto}
      src={src}
      alt={memberPictureAlt(profile.username, src)}
      width={400}
      height={400}
      loading={place === 'later' ? 'lazy' : 'eager'}
      fetchPriority={place === 'lead' ? 'high' : undefined}
      // The lead photo is the page's largest paint: the browser may decode it with its frame.
      decoding={place === 'lead' ? undefined : 'async'}
      onError={() => setSrc(fallback)}
    />
  );
}

/** A member in a list (browse, visitors, favourites): photo, username, age, city, online dot. */
export function ProfileCard({
  profile,
  note,
  isNew = false,
  place = 'later',
}: {
  profile: Card;
  /** A line under the place, e.g. "Visited 5 minutes ago". */
  note?: string;
  isNew?: boolean;
  place?: CardPlace;
}) {
  return (
    <SiteLink
      to={`/profile/${profile.uuid}`}
      className={styles.card}
      aria-label={`${profile.username}, ${profile.age}, ${profile.city}${profile.online ? ', online now' : ''}${profile.demo ? ', demo member' : ''}`}
    >
      <CardPhoto profile={profile} place={place} />
      {isNew ? <span className={styles.newTag}>New</span> : null}
      <div className={styles.cardBody}>
        <p className={styles.cardName}>
          <span>{profile.username}</span>
          <span>{profile.age}</span>
          <OnlineDot online={profile.online} />
          <DemoLabel demo={profile.demo} />
        </p>
        <p className={styles.cardMeta}>{profile.city}</p>
        {note ? <p className={styles.cardNote}>{note}</p> : null}
      </div>
    </SiteLink>
  );
}

export function ProfileGrid({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {children}
    </ul>
  );
}

/**
 * A grid still loading: cards of a loaded card's exact shape (square photo, name line, place
 * line), enough to fill a phone's screen, so the results draw over them without moving anything.
 */
export function ProfileGridLoading({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <div role="status" aria-busy="true">
      <span className="ukd-visually-hidden">{label}</span>
      <ul className={styles.grid} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place
          <li key={index}>
            <div className={`${styles.card} ${styles.cardLoading}`}>
              <div className={styles.cardPhoto} />
              <div className={styles.cardBody}>
                <p className={styles.cardName}>{'\u00a0'}</p>
                <p className={styles.cardMeta}>{'\u00a0'}</p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
