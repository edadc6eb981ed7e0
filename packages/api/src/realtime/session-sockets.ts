import { and, eq, gt, ne } from 'drizzle-orm';
import type { AppContext } from '../context';
import { sessions } from '../db/schema';

/**
 * The id a session's private subscriptions are signed for (channel auth's channel_data), so the
 * realtime server can close exactly the sockets that session authorised (`terminate_connections`).
 */
export function sessionSocketTag(sessionId: string): string {
  return `session-${sessionId}`;
}

type Log = { warn(details: object, message: string): void };

/**
 * Closes the realtime sockets these sessions authorised, on every node, as soon as they end:
 * logout, an ended session, a password change or reset, deactivation, deletion (ASVS 7.4.1).
 * A realtime server that cannot be reached is logged, never fails the request: the sessions are
 * already ended, so their channel auth is refused anyway.
 */
export async function closeSessionSockets(ctx: AppContext, sessionIds: string[], log?: Log): Promise<void> {
  const { broadcaster } = ctx.realtime;
  if (sessionIds.length === 0 || !broadcaster.terminateConnections) return;
  try {
    await broadcaster.terminateConnections(sessionIds.map(sessionSocketTag));
  } catch (error) {
    log?.warn({ err: error, sessions: sessionIds.length }, 'realtime sockets of ended sessions not closed');
  }
}

/**
 * The member's sessions that may still hold sockets (not expired; revoked ones included, since
 * this runs right after revoking them), optionally all but one.
 */
export async function memberSessionIds(ctx: AppContext, userId: number, exceptSessionId?: string) {
  const rows = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, new Date()),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    );
  return rows.map((row) => row.id);
}

/** Closes every socket of the member (optionally but the current session's). */
export async function closeMemberSockets(
  ctx: AppContext,
  userId: number,
  options: { exceptSessionId?: string; log?: Log } = {},
): Promise<void> {
  await closeSessionSockets(ctx, await memberSessionIds(ctx, userId, options.exceptSessionId), options.log);
}
