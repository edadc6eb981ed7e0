import type { ProfileCard } from '@ukd/contracts/api';

/**
 * Where a card sits in its grid: `lead` (the first row on a phone, the page's largest paint),
 * `first` (the rest of the first screenful) or `later`.
 */
export type CardPlace = 'lead' | 'first' | 'later';

/** The first row of a phone's grid: two columns. */
const LEAD_CARDS = 2;

/** The place of the card at `index` in a grid: two columns on a phone, four on a desktop. */
export const cardPlace = (index: number): CardPlace =>
  index < LEAD_CARDS ? 'lead' : index < 4 ? 'first' : 'later';

/** The member's own photo a card shows, if they have one. */
export const cardPhotoUrl = (profile: Pick<ProfileCard, 'primary_photo'>): string | undefined =>
  profile.primary_photo.thumbnail_url || profile.primary_photo.url || undefined;

/**
 * Starts loading the lead cards' photos as soon as a page of cards arrives, with the priority
 * their `<img>` will ask for: the photos then download while the page's code builds the grid,
 * instead of after it (on a phone that build is a few hundred milliseconds, and the first photo
 * is the page's largest paint). The `<img>` finds them in the document's image cache.
 */
export function preloadLeadPhotos(cards: readonly Pick<ProfileCard, 'primary_photo'>[]): void {
  for (const card of cards.slice(0, LEAD_CARDS)) {
    const href = cardPhotoUrl(card);
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = href;
    link.fetchPriority = 'high';
    document.head.append(link);
  }
}
