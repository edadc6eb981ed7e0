import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../context';
import { type UserRow, users } from '../db/schema';
import { notFound } from '../http/api-error';
import { shownPhotoOfMember } from '../photos/photo-resource';
import { primaryPhotoUrls } from './profile-resource';
import type { Viewer } from './visibility';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a route's value is a member's uuid in form (any case). */
export const isMemberUuid = (raw: string): boolean => UUID.test(raw);

/** A member's uuid as a route got it, in the form stored; a malformed one is a 404. */
export function memberUuidOf(raw: string): string {
  if (!isMemberUuid(raw)) throw notFound();
  return raw.toLowerCase();
}

/** Any other member of the viewer's site (to block or report even one who blocked the viewer). */
export async function siteMember(ctx: AppContext, viewer: Viewer, uuid: string): Promise<UserRow> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.uuid, memberUuidOf(uuid)), eq(users.siteId, viewer.siteId), ne(users.id, viewer.id)));
  if (!user) throw notFound();
  return user;
}

/** The picture that stands for a member in notifications (approved primary photo or avatar). */
export async function memberImage(ctx: AppContext, user: UserRow): Promise<string> {
  const primary = await shownPhotoOfMember(ctx.db, user.id);
  return primaryPhotoUrls(user, primary, { apiUrl: ctx.options.apiUrl, urls: ctx.photoUrls }).url;
}
