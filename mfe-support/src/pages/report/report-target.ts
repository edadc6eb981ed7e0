import type { ReportTarget } from '@ukd/contracts/api';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** What `/report-abuse?profile=…&photo=…` or `?message=…` points at (links from profiles and conversations). */
export interface PrefilledTarget {
  target: ReportTarget;
  profileUuid?: string;
  photoId?: string;
  messageUuid?: string;
}

export function targetFromQuery(params: URLSearchParams): PrefilledTarget | null {
  const message = params.get('message');
  if (message && UUID.test(message)) return { target: 'message', messageUuid: message };
  const profile = params.get('profile');
  if (!profile || !UUID.test(profile)) return null;
  const photo = params.get('photo');
  return photo && UUID.test(photo)
    ? { target: 'photo', profileUuid: profile, photoId: photo }
    : { target: 'profile', profileUuid: profile };
}

/** A profile's id from what a member pastes: its address (`…/profile/{uuid}`) or the id itself. */
export function profileUuidFrom(input: string): string | null {
  const match = /(?:\/profile\/)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i.exec(
    input.trim(),
  );
  return match?.[1]?.toLowerCase() ?? null;
}
