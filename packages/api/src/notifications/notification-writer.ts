import {
  type NotificationActionType,
  type NotificationData,
  notificationDataSchema,
  type UserNotification,
} from '@ukd/contracts/api';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { type NotificationRow, userNotifications } from '../db/interactions-schema';
import { param, preparedStatement } from '../db/prepared-statement';
import { notificationMutes } from '../db/realtime-schema';
import { executedRows, rowFromJson } from '../db/related-rows';
import type { UserRow } from '../db/schema';
import {
  type NotificationCountColumns,
  type NotificationCounts,
  notificationCountsOf,
  notificationCountsSql,
} from '../members/member-counters';

/** A notification just stored, with its recipient (the uuid names the realtime channel). */
export interface CreatedNotification {
  recipientId: number;
  recipientUuid: string;
  notification: UserNotification;
  /** The recipient's badge counters as they stand with this notification stored. */
  counts: NotificationCounts;
}

/** Called after every stored notification; the realtime issue broadcasts from here. */
export type NotificationCreatedHook = (created: CreatedNotification) => void | Promise<void>;

type Sender = Pick<UserRow, 'id' | 'uuid' | 'username'>;
type Recipient = Pick<UserRow, 'id' | 'uuid'>;

/** Per action type, the key of `data` that names the sender (SPEC §3: viewer, liker, …). */
const SENDER_KEY = {
  PROFILE_VIEW: 'viewer',
  USER_LIKE: 'liker',
  USER_FAVORITE: 'favoriter',
  PROFILE_WINK: 'winker',
} as const satisfies Partial<Record<NotificationActionType, keyof NotificationData>>;

export type MemberActionType = keyof typeof SENDER_KEY;

/**
 * The resources of stored notifications for a list, leaving out any whose data the contract does
 * not describe (written by hand, or by an older version of the site): the answer is checked
 * against the contract, so one such row made the member's whole bell answer 500. `skipped` hears
 * of each one left out.
 */
export function listedNotifications(
  rows: NotificationRow[],
  skipped: (row: NotificationRow) => void,
): UserNotification[] {
  const listed: UserNotification[] = [];
  for (const row of rows) {
    if (notificationDataSchema.safeParse(row.data).success) listed.push(notificationResource(row));
    else skipped(row);
  }
  return listed;
}

export function notificationResource(row: NotificationRow): UserNotification {
  return {
    id: row.id,
    read_at: row.readAt ? row.readAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    data: row.data as NotificationData,
  };
}

/**
 * One prepared statement for every notification, which also reads the recipient's badge counters
 * (one round trip, not two): nothing is stored when the recipient muted the sender.
 */
const insertStatement = preparedStatement(
  () => 'insert',
  () => {
    const recipient = param<number>('recipient');
    const from = param<number | null>('from');
    return sql`
      with stored as (
        insert into ${userNotifications} (user_id, from_user_id, action_type, data)
        select ${recipient}::integer, ${from}::integer, ${param('action')}::text, ${param('data')}::jsonb
        where ${from}::integer is null or not exists (
          select 1 from ${notificationMutes} m where m.user_id = ${recipient} and m.muted_user_id = ${from})
        returning *
      )
      select to_jsonb(stored.*) as stored, counts.*
      from stored cross join lateral (${notificationCountsSql(recipient)}) counts`;
  },
);

/**
 * Where user-notification records are written (SPEC §3 shape). Every writer of views, likes,
 * favourites and winks comes through here; a message's notification is stored by `send_message`
 * with the message (one round trip) and comes through `announce`. So `onCreated` broadcasts them
 * all. The hook runs after the insert; a failing hook is reported to `onHookError` and never
 * fails the member's request.
 */
export class NotificationWriter {
  constructor(
    private readonly db: Db,
    private readonly onCreated: NotificationCreatedHook = () => {},
    private readonly onHookError: (error: unknown) => void = () => {},
  ) {}

  /** A member did something to another member (viewed, liked, favourited, winked). */
  async memberAction(
    recipient: Recipient,
    actionType: MemberActionType,
    sender: Sender,
    senderImage: string,
  ): Promise<UserNotification | null> {
    const ref = { username: sender.username, uuid: sender.uuid };
    const data: NotificationData = {
      action_type: actionType,
      image: senderImage,
      timestamp: new Date().toISOString(),
      from_user_name: sender.username,
      from_user_uuid: sender.uuid,
      [SENDER_KEY[actionType]]: ref,
    };
    return this.write(recipient, sender.id, data);
  }

  /**
   * Stores any notification (message notifications from the messaging issue come here too).
   * Answers null, storing nothing, when the recipient muted the sender.
   */
  async write(
    recipient: Recipient,
    fromUserId: number | null,
    data: NotificationData,
  ): Promise<UserNotification | null> {
    const result = await insertStatement(this.db, null, {
      recipient: recipient.id,
      from: fromUserId,
      action: data.action_type,
      data: JSON.stringify(data),
    });
    const [written] = executedRows<{ stored: Record<string, unknown> | string } & NotificationCountColumns>(
      result,
    );
    if (written === undefined) return null;
    return this.announce(recipient, written.stored, written);
  }

  /**
   * Tells `onCreated` of a notification stored by another statement (a send stores its
   * recipient's in the same call as the message): the row as `to_jsonb` spells it and the
   * recipient's counters as `notification_counts` answers them.
   */
  async announce(
    recipient: Recipient,
    stored: Record<string, unknown> | string,
    countColumns: NotificationCountColumns,
  ): Promise<UserNotification> {
    const row = rowFromJson(userNotifications, typeof stored === 'string' ? JSON.parse(stored) : stored);
    const notification = notificationResource(row);
    const counts = notificationCountsOf(countColumns);
    try {
      await this.onCreated({
        recipientId: recipient.id,
        recipientUuid: recipient.uuid,
        notification,
        counts,
      });
    } catch (error) {
      this.onHookError(error);
    }
    return notification;
  }
}
