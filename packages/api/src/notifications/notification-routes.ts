import {
  messageResponseSchema,
  muteResponseSchema,
  notificationCountResponseSchema,
  readAllResponseSchema,
  USER_NOTIFICATIONS_PAGE_SIZE,
  userNotificationListSchema,
  userNotificationResponseSchema,
} from '@ukd/contracts/api';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { type ApiApp, errorResponses } from '../http/api-app';
import { fieldError, notFound } from '../http/api-error';
import { type ListQuerySpec, pageMeta, parseListQuery } from '../http/list-query';
import { currentMember } from '../http/member-auth';
import { body, messages } from '../http/rules';
import { muteSender, unmuteSender } from './mutes';
import {
  deleteNotification,
  markAllRead,
  memberByUsername,
  notificationPage,
  setReadAt,
  unreadCount,
} from './notification-queries';
import { listedNotifications, notificationResource } from './notification-writer';

/** Notification ids are serial integers; anything else cannot name one (404). */
const MAX_ID = 2_147_483_647;

function notificationId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}

const listSpec: ListQuerySpec<'after_id' | 'unread', 'id'> = {
  filters: {
    after_id: (raw) => (/^\d{1,10}$/.test(raw) && Number(raw) <= MAX_ID ? Number(raw) : undefined),
    unread: (raw) => ({ '1': true, true: true, '0': false, false: false })[raw],
  },
  sorts: ['id'],
  defaultSort: [{ field: 'id', direction: 'desc' }],
  defaultLimit: USER_NOTIFICATIONS_PAGE_SIZE,
  maxLimit: 50,
};

const idParams = z.object({ id: z.string().max(64) });
const usernameParams = z.object({ fromUserName: z.string().max(200) });

const updateBody = body({
  read_at: z.union([z.string(), z.null()], { error: 'The read at must be a string or null' }).optional(),
  // The model layer's save PUTs the whole resource back: its read-only fields are accepted and
  // ignored; any other field is a 422 like everywhere else.
  id: z.unknown().optional(),
  created_at: z.unknown().optional(),
  data: z.unknown().optional(),
});

export function userNotificationRoutes(app: ApiApp, ctx: AppContext): void {
  /** Sets or clears read_at of one of the member's notifications; 404 when not theirs. */
  async function setRead(userId: number, rawId: string, read: boolean) {
    const id = notificationId(rawId);
    if (id === null) throw notFound();
    const row = await setReadAt(ctx.db, userId, id, read);
    if (!row) throw notFound();
    return { data: notificationResource(row) };
  }

  /** Another member of the same site by username (case-insensitive); 422 for unknown or self. */
  async function sender(member: UserRow, username: string): Promise<UserRow> {
    const name = username.trim();
    const user =
      name !== '' && name.isWellFormed() && !name.includes('\u0000')
        ? await memberByUsername(ctx.db, member.siteId, name)
        : null;
    if (!user) throw fieldError('from_user_name', messages.invalid('from_user_name'));
    if (user.id === member.id)
      throw fieldError('from_user_name', 'You cannot mute notifications from yourself.');
    return user;
  }

  app.get(
    '/user-notifications',
    {
      schema: {
        summary:
          "The member's notifications, newest first; list query: page, limit (≤ 50, default 15), sort (id, -id), filter[after_id], filter[unread]",
        tags: ['notifications'],
        response: { 200: userNotificationListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const query = parseListQuery(request.query, listSpec);
      const { after_id: afterId, unread } = query.filter;
      const { rows, total } = await notificationPage(
        ctx.db,
        member.user.id,
        {
          afterId: typeof afterId === 'number' ? afterId : undefined,
          unread: typeof unread === 'boolean' ? unread : undefined,
        },
        { limit: query.limit, offset: query.offset, ascending: query.sort[0]?.direction === 'asc' },
      );
      const data = listedNotifications(rows, (row) =>
        request.log.warn(
          { notificationId: row.id },
          'notification left out of the list: its data is outside the contract',
        ),
      );
      return { data, meta: pageMeta(total, query) };
    },
  );

  app.get(
    '/notifications/count',
    {
      schema: {
        summary: 'Unread notifications of the member',
        tags: ['notifications'],
        response: { 200: notificationCountResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      return { data: { count: await unreadCount(ctx.db, member.user.id) } };
    },
  );

  app.post(
    '/user-notifications/read-all',
    {
      schema: {
        summary: 'Mark every notification of the member read',
        tags: ['notifications'],
        response: { 200: readAllResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const updated = await markAllRead(ctx.db, member.user.id);
      return { message: 'All notifications marked as read.', data: { updated } };
    },
  );

  app.put(
    '/user-notifications/:id/read',
    {
      schema: {
        summary: 'Mark one notification read (idempotent); another member’s or unknown id: 404',
        tags: ['notifications'],
        params: idParams,
        response: { 200: userNotificationResponseSchema, 404: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => setRead(currentMember(request).user.id, request.params.id, true),
  );

  app.put(
    '/user-notifications/:id',
    {
      schema: {
        summary:
          'Save one notification (model layer): a non-null read_at marks it read (server time), null unread; other fields are ignored',
        tags: ['notifications'],
        params: idParams,
        body: updateBody,
        response: { 200: userNotificationResponseSchema, 404: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      setRead(currentMember(request).user.id, request.params.id, request.body.read_at !== null),
  );

  app.delete(
    '/user-notifications/:id',
    {
      schema: {
        summary: 'Delete one notification; another member’s or unknown id: 404',
        tags: ['notifications'],
        params: idParams,
        response: { 200: messageResponseSchema, 404: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const id = notificationId(request.params.id);
      if (id === null) throw notFound();
      if (!(await deleteNotification(ctx.db, member.user.id, id))) throw notFound();
      return { message: 'Notification deleted' };
    },
  );

  app.post(
    '/user-notifications/:fromUserName/mute',
    {
      schema: {
        summary: 'Stop notifications from a member (by username; idempotent); unknown or self: 422',
        tags: ['notifications'],
        params: usernameParams,
        response: { 200: muteResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const from = await sender(member.user, request.params.fromUserName);
      await muteSender(ctx.db, member.user.id, from.id);
      return {
        message: `You won't receive notifications from ${from.username} anymore.`,
        data: { from_user_name: from.username, muted: true },
      };
    },
  );

  app.delete(
    '/user-notifications/:fromUserName/unmute',
    {
      schema: {
        summary: 'Receive notifications from a muted member again (idempotent); unknown or self: 422',
        tags: ['notifications'],
        params: usernameParams,
        response: { 200: muteResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const from = await sender(member.user, request.params.fromUserName);
      await unmuteSender(ctx.db, member.user.id, from.id);
      return {
        message: `Notifications from ${from.username} are restored.`,
        data: { from_user_name: from.username, muted: false },
      };
    },
  );
}
