import type { NotificationActionType, NotificationData, UserNotification } from '@ukd/contracts/api';
import type { Db } from '../db/database';
import { type NotificationRow, type UserRow, userNotifications } from '../db/schema';

/** A notification just stored, with its recipient (the uuid names the realtime channel). */
export interface CreatedNotification {
  recipientId: number;
  recipientUuid: string;
  notification: UserNotification;
}

/** Called after every stored notification; the realtime issue broadcasts from here. */
export type NotificationCreatedHook = (created: CreatedNotification) => void | Promise<void>;

/** Asked before storing a notification that has a sender: false drops it (muted senders). */
export type NotificationGate = (recipient: Pick<UserRow, 'id'>, fromUserId: number) => Promise<boolean>;

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

export function notificationResource(row: NotificationRow): UserNotification {
  return {
    id: row.id,
    read_at: row.readAt ? row.readAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    data: row.data as NotificationData,
  };
}

/**
 * The one place user-notification records are written (SPEC §3 shape). Every writer of views,
 * likes, favourites and winks (and later messages) comes through here, so the realtime issue
 * only has to supply `onCreated` to broadcast them all. The hook runs after the insert; a
 * failing hook is reported to `onHookError` and never fails the member's request.
 */
export class NotificationWriter {
  constructor(
    private readonly db: Db,
    private readonly onCreated: NotificationCreatedHook = () => {},
    private readonly onHookError: (error: unknown) => void = () => {},
    private readonly accepts: NotificationGate = async () => true,
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
    if (fromUserId !== null && !(await this.accepts(recipient, fromUserId))) return null;
    const [row] = await this.db
      .insert(userNotifications)
      .values({ userId: recipient.id, fromUserId, actionType: data.action_type, data })
      .returning();
    if (!row) throw new Error('notification insert returned nothing');
    const notification = notificationResource(row);
    try {
      await this.onCreated({ recipientId: recipient.id, recipientUuid: recipient.uuid, notification });
    } catch (error) {
      this.onHookError(error);
    }
    return notification;
  }
}
