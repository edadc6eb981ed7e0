import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../context';
import { type UserRow, users } from '../db/schema';
import { notFound } from '../http/api-error';
import { storedUuidOf } from '../http/uuid';
import { shownPhotoOfMember } from '../photos/photo-resource';
import { primaryPhotoUrls } from './profile-resource';
import type { Viewer } from './visibility';

/** Any other member of the viewer's site (to block or report even one who blocked the viewer). */
export async function siteMember(ctx: AppContext, viewer: Viewer, uuid: string): Promise<UserRow> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.uuid, storedUuidOf(uuid)), eq(users.siteId, viewer.siteId), ne(users.id, viewer.id)));
  if (!user) throw notFound();
  return user;
}

/** The picture that stands for a member in notifications (approved primary photo or avatar). */
export async function memberImage(ctx: AppContext, user: UserRow): Promise<string> {
  const primary = await shownPhotoOfMember(ctx.db, user.id);
  return primaryPhotoUrls(user, primary, { apiUrl: ctx.options.apiUrl, urls: ctx.photoUrls }).url;
}
