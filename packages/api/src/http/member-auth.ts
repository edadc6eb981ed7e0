import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Member } from '../auth/member';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { param, preparedPer } from '../db/prepared-statement';
import { sessions, users } from '../db/schema';
import { ApiError, unauthenticated } from './api-error';

const BEARER = /^Bearer ([A-Za-z0-9_.-]{1,4096})$/;

/**
 * A live session and its member: asked each time a sign-in is not in the member cache (every
 * few seconds per member under load), so its SQL is built once per database handle.
 */
const sessionQuery = preparedPer((db: Db) =>
  db
    .select({ user: users, impersonated: sessions.impersonated, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, param<string>('sid')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, param<Date>('now')),
        eq(users.uuid, param<string>('sub')),
        eq(users.siteId, param<number>('site')),
      ),
    )
    .prepare('member_session'),
);

/**
 * The member behind the request's bearer token. The JWT alone is not trusted for long: its
 * session must still be live, so logout and refresh-token reuse end access at once (ASVS 7.4.1).
 * A sign-in already checked is answered from `ctx.members` (no database round trip); that cache
 * drops it the moment the member or the session changes, in this process and, through the
 * database's change feed, in every other.
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<Member> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw unauthenticated();
  const claims = await ctx.signer.verifyAccess(match[1], request.site.key);
  if (!claims) throw unauthenticated();
  const cached = ctx.members.get(claims.sid);
  if (cached && cached.user.uuid === claims.sub && cached.user.siteId === request.site.id) {
    return { user: cached.user, sessionId: claims.sid, impersonated: cached.impersonated };
  }
  const ticket = ctx.members.ticket();
  const [row] = await sessionQuery(ctx.db).execute({
    sid: claims.sid,
    sub: claims.sub,
    site: request.site.id,
    now: new Date(),
  });
  if (!row) throw unauthenticated();
  ctx.members.set(
    claims.sid,
    { user: row.user, impersonated: row.impersonated, sessionExpiresAt: row.expiresAt },
    ticket,
  );
  return { user: row.user, sessionId: claims.sid, impersonated: row.impersonated };
}

/** `last_active_at` ("active 5 minutes ago") is written at most this often per member. */
export const LAST_ACTIVE_THROTTLE_MS = 60_000;

/** Sets `last_active_at` unless it is already within the minute (another process wrote it). */
const activityWrite = preparedPer((db: Db) =>
  db
    .update(users)
    // drizzle's `set` takes no placeholder, so the time goes in as SQL.
    .set({ lastActiveAt: sql`${param<string>('now')}::timestamptz` })
    .where(
      and(
        eq(users.id, param<number>('id')),
        or(isNull(users.lastActiveAt), lt(users.lastActiveAt, param<Date>('before'))),
      ),
    )
    .prepare('record_activity'),
);

/**
 * Records that the member is active, at most once a minute: one conditional UPDATE, which the
 * database does not announce (migration 0020), so the time is set in this process's cached rows
 * of the member here; other processes show it when their cached rows next expire.
 */
async function touchLastActive(ctx: AppContext, member: Member): Promise<void> {
  const last = member.user.lastActiveAt;
  const now = new Date();
  if (member.impersonated || (last && now.getTime() - last.getTime() < LAST_ACTIVE_THROTTLE_MS)) return;
  await activityWrite(ctx.db).execute({
    id: member.user.id,
    now: now.toISOString(),
    before: new Date(now.getTime() - LAST_ACTIVE_THROTTLE_MS),
  });
  member.user.lastActiveAt = now;
  ctx.members.activeAt(member.user.id, now);
}

/** preHandler for member-only routes: sets `request.member` and records activity. */
export function requireMember(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const member = await authenticate(ctx, request);
    request.member = member;
    await touchLastActive(ctx, member);
  };
}

export function currentMember(request: FastifyRequest): Member {
  if (!request.member) throw unauthenticated();
  return request.member;
}

export const DEACTIVATED_MESSAGE =
  'Your account is deactivated. Reactivate it to message or interact with other members.';

/** A deactivated member is hidden from everyone, so they cannot reach out to anyone either (403). */
export function forbidWhileDeactivated(member: Member): void {
  if (member.user.deactivatedAt) throw new ApiError(403, DEACTIVATED_MESSAGE);
}

/** Actions an operator impersonating a member must not take on the member's behalf. */
export function forbidDuringImpersonation(member: Member): void {
  if (member.impersonated)
    throw new ApiError(403, 'This action is not available while impersonating a member.');
}
