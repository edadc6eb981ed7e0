import type { AccountExport } from '@ukd/contracts/api';
import { and, asc, desc, eq } from 'drizzle-orm';
import { acquisitionOf } from '../acquisition/member-acquisition';
import type { AppContext } from '../context';
import {
  blocks,
  memberInteractions,
  profileVisits,
  reports,
  userNotifications,
} from '../db/interactions-schema';
import { sessions, type UserRow, users } from '../db/schema';
import { exportConversations } from '../messaging/conversation-export';
import { notificationResource } from '../notifications/notification-writer';
import { photoResource, photosOf } from '../photos/photo-resource';
import { profileCompletion } from '../profiles/completion';
import { myProfile } from '../profiles/profile-resource';
import { ticketResource, ticketsOf } from '../support/ticket-queries';

const iso = (d: Date) => d.toISOString();

/**
 * UK GDPR export: everything held about the member (account, profile, photos, activity,
 * notifications, conversations), read in one go.
 */
export async function accountExport(ctx: AppContext, user: UserRow): Promise<AccountExport> {
  const db = ctx.db;
  const rc = { apiUrl: ctx.options.apiUrl, urls: ctx.photoUrls };
  const interactionsOf = async (kind: 'like' | 'favorite' | 'wink') =>
    db
      .select({ uuid: users.uuid, username: users.username, createdAt: memberInteractions.createdAt })
      .from(memberInteractions)
      .innerJoin(users, eq(users.id, memberInteractions.targetId))
      .where(and(eq(memberInteractions.userId, user.id), eq(memberInteractions.kind, kind)))
      .orderBy(asc(memberInteractions.createdAt));
  const [
    allPhotos,
    sessionRows,
    visitsMade,
    visitsReceived,
    likes,
    favorites,
    winks,
    blocked,
    reported,
    notes,
  ] = await Promise.all([
    photosOf(db, user.id),
    db.select().from(sessions).where(eq(sessions.userId, user.id)).orderBy(asc(sessions.createdAt)),
    db
      .select({ uuid: users.uuid, username: users.username, createdAt: profileVisits.lastVisitedAt })
      .from(profileVisits)
      .innerJoin(users, eq(users.id, profileVisits.visitedId))
      .where(eq(profileVisits.visitorId, user.id))
      .orderBy(asc(profileVisits.lastVisitedAt)),
    db
      .select({ uuid: users.uuid, username: users.username, createdAt: profileVisits.lastVisitedAt })
      .from(profileVisits)
      .innerJoin(users, eq(users.id, profileVisits.visitorId))
      .where(eq(profileVisits.visitedId, user.id))
      .orderBy(asc(profileVisits.lastVisitedAt)),
    interactionsOf('like'),
    interactionsOf('favorite'),
    interactionsOf('wink'),
    db
      .select({ uuid: users.uuid, username: users.username, createdAt: blocks.createdAt })
      .from(blocks)
      .innerJoin(users, eq(users.id, blocks.blockedId))
      .where(eq(blocks.blockerId, user.id))
      .orderBy(asc(blocks.createdAt)),
    db
      .select({
        uuid: users.uuid,
        username: users.username,
        reason: reports.reason,
        details: reports.details,
        createdAt: reports.createdAt,
      })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reportedId))
      .where(eq(reports.reporterId, user.id))
      .orderBy(asc(reports.createdAt)),
    db
      .select()
      .from(userNotifications)
      .where(eq(userNotifications.userId, user.id))
      .orderBy(desc(userNotifications.id)),
  ]);
  const entry = (r: { uuid: string; username: string; createdAt: Date }) => ({
    member: { uuid: r.uuid, username: r.username },
    created_at: iso(r.createdAt),
  });
  const completion = profileCompletion(user, allPhotos.filter((p) => p.status !== 'rejected').length);
  return {
    format: 'flirtlane-export/1' as const,
    exported_at: new Date().toISOString(),
    account: {
      uuid: user.uuid,
      username: user.username,
      email: user.email,
      email_confirmed: user.emailConfirmedAt !== null,
      gender: user.gender,
      date_of_birth: user.dateOfBirth,
      city: user.city,
      credits: user.credits,
      created_at: iso(user.createdAt),
      deactivated: user.deactivatedAt !== null,
    },
    profile: myProfile(user, allPhotos, completion, rc),
    photos: allPhotos.map((p) => photoResource(p, ctx.photoUrls)),
    sessions: sessionRows.map((s) => ({ device_id: s.deviceId, ip: s.ip, created_at: iso(s.createdAt) })),
    visits_made: visitsMade.map(entry),
    visits_received: visitsReceived.map(entry),
    likes_given: likes.map(entry),
    favorites_given: favorites.map(entry),
    winks_given: winks.map(entry),
    blocks: blocked.map(entry),
    reports_made: reported.map((r) => ({ ...entry(r), reason: r.reason, details: r.details })),
    notifications: notes.map(notificationResource),
    conversations: await exportConversations(ctx, user),
    support_requests: (await ticketsOf(db, user.id)).map(ticketResource),
    acquisition: exportedAcquisition(await acquisitionOf(db, user.id)),
  };
}

function exportedAcquisition(row: Awaited<ReturnType<typeof acquisitionOf>>): AccountExport['acquisition'] {
  if (!row) return null;
  const { s1, s2, s3, s4, s5, gclid, landing, affiliate } = row;
  return {
    s1,
    s2,
    s3,
    s4,
    s5,
    gclid,
    tracking_id: row.trackingId,
    landing,
    affiliate,
    landing_path: row.landingPath,
  };
}
