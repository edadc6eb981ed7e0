import { createHash } from 'node:crypto';
import type { User } from '@ukd/contracts/api';
import { portraitFileFor } from './avatars/portrait-library';
import type { UserRow } from './db/schema';
import type { SiteSettings } from './site-settings';

/**
 * The picture of a member without a photo: a generated portrait of their gender from the library,
 * picked by their uuid so they keep the same one everywhere.
 */
export function defaultAvatarUrl(apiUrl: string, gender: 'male' | 'female', uuid: string): string {
  return `${apiUrl}/avatars/${portraitFileFor(gender, uuid)}`;
}

/** Stable A/B group for the promo badge: the same member always sees the same variant. */
export function promoBadgeVariant(uuid: string): 'v1' | 'v2' {
  const first = createHash('sha256').update(`promo_badge:${uuid}`).digest()[0] ?? 0;
  return first % 2 === 0 ? 'v1' : 'v2';
}

/** The `/me` counters (visits, favourites and winks from `members/member-counters.ts`; messages later). */
export interface MemberCounters {
  unread_messages_count: number;
  new_visitors_count: number;
  unread_favorites_count: number;
  visits_count: number;
  received_messages_count: number;
  received_wink_interactions_count: number;
}

export const NO_COUNTERS: MemberCounters = {
  unread_messages_count: 0,
  new_visitors_count: 0,
  unread_favorites_count: 0,
  visits_count: 0,
  received_messages_count: 0,
  received_wink_interactions_count: 0,
};

export function userResource(
  user: UserRow,
  opts: {
    apiUrl: string;
    settings: SiteSettings;
    impersonated: boolean;
    counters?: MemberCounters;
    /** The approved primary photo's URL; the member's generated portrait when absent. */
    primaryPhotoUrl?: string | null;
    now?: Date;
  },
): User {
  const now = opts.now ?? new Date();
  const unliSeconds = user.unliMessageUntil
    ? Math.floor((user.unliMessageUntil.getTime() - now.getTime()) / 1000)
    : 0;
  return {
    uuid: user.uuid,
    username: user.username,
    email: user.email,
    email_confirmed: user.emailConfirmedAt !== null,
    gender: user.gender,
    city: user.city,
    scope: opts.impersonated ? ['member', 'impersonated'] : ['member'],
    credits: user.credits,
    has_unli_message: unliSeconds > 0,
    primary_photo: { url: opts.primaryPhotoUrl ?? defaultAvatarUrl(opts.apiUrl, user.gender, user.uuid) },
    ...(opts.counters ?? NO_COUNTERS),
    deactivated: user.deactivatedAt !== null,
    profile_complete: user.profileComplete,
    choice: user.choice,
    preferences: user.preferences,
    has_account_deletion_promo: user.hasAccountDeletionPromo,
    rv: unliSeconds > 0 ? unliSeconds : null,
    eventName: opts.settings.event,
    features: {
      muteUserNotifications: opts.settings.features.muteUserNotifications,
      promoBadge: opts.settings.features.promoBadge ? promoBadgeVariant(user.uuid) : null,
    },
  };
}
