import {
  CLIENT_MSG_ID_REUSED_MESSAGE,
  INSUFFICIENT_CREDITS_FIELD,
  INSUFFICIENT_CREDITS_MESSAGE,
  INSUFFICIENT_CREDITS_STATUS,
  MESSAGE_BLOCKED_MESSAGE,
  type Message,
  type MessageType,
  type NotificationData,
} from '@ukd/contracts/api';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { type ConversationRow, conversations, type MessageRow, messages } from '../db/messaging-schema';
import { param, preparedStatement } from '../db/prepared-statement';
import { executedRows, maybeRowFromJson } from '../db/related-rows';
import { type UserRow, users } from '../db/schema';
import { ApiError, fieldError, notFound } from '../http/api-error';
import { tooManyRequests } from '../http/rate-limiter';
import { storedUuidOf } from '../http/uuid';
import { shownPhotosOf } from '../photos/photo-resource';
import { defaultAvatarUrl } from '../user-resource';
import { participantOf, viewerSide } from './conversations';
import type { DbOrTx } from './credit-ledger';
import { messageResource } from './message-resource';
import { type Balance, type StoredNotification, storeOutcomeOf } from './store-message';

export interface SendInput {
  clientMsgId: string;
  type: MessageType;
  body: string | null;
  image: { file: string; width: number; height: number } | null;
}

export interface SendResult {
  created: boolean;
  message: Message;
  /** The sender's balance once this send is settled (after the debit, when one was made). */
  balance: Balance;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The member's balance as stored now (a repeated image send reads it once). */
async function balanceOf(db: DbOrTx, userId: number): Promise<Balance> {
  const [row] = await db
    .select({ credits: users.credits, version: users.creditsVersion })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { credits: 0, version: 0 };
}

const sender = param<number>('sender');

/**
 * What a send reads before it stores anything: the conversation (`participantOf`: only the
 * sender's, and none when a block stands either way), the chatmate, the sender's shown photo (for
 * the recipient's notification) and the sender's earlier message with this client id, if any.
 */
function contextSql(): SQL {
  const side = viewerSide(sender);
  return sql`
    select row_to_json(${conversations}) as conversation, cm.id as chatmate_id, cm.uuid as chatmate_uuid,
           cm.deactivated_at is not null as chatmate_gone,
           (select shown.file from (${shownPhotosOf(sql`${sender}::integer`)}) shown) as sender_photo_file,
           row_to_json(retry) as retry
    from ${conversations}
    join ${users} cm on cm.id = ${side.chatmateId}
    left join ${messages} retry on retry.from_id = ${sender} and retry.client_msg_id = ${param('client')}::uuid
    where ${participantOf(sender)}`;
}

/** The read alone: an image send makes it before any image work (404, repeat). */
const contextStatement = preparedStatement(() => 'send_context', contextSql);

/**
 * A send in ONE round trip: the read above, then, unless it found a repeat or a deactivated
 * chatmate, the `send_message` function (store-message.ts) with the recipient's notification,
 * whose image is the sender's shown photo when they have one (the default avatar is filled in
 * beforehand). It was a read, the store and the notification: three round trips (issue 16).
 */
const sendStatement = preparedStatement(
  () => 'send',
  () => sql`
    with context as materialized (${contextSql()}),
    sent as materialized (
      select send_message((context.conversation->>'id')::integer, ${sender}::integer, context.chatmate_id,
        ${param('client')}::uuid, ${param('type')}::text, ${param('body')}::text, ${param('image')}::jsonb,
        ${param('price')}::integer, ${param('floodKey')}::text, ${param('floodMax')}::integer,
        ${param('floodWindow')}::integer,
        case when context.sender_photo_file is null then ${param('notification')}::jsonb
          else ${param('notification')}::jsonb
            || jsonb_build_object('image', ${param('photoBase')}::text || context.sender_photo_file) end
      ) as sent
      from context where context.retry is null and not context.chatmate_gone
    )
    select context.*, sent.sent from context left join sent on true`,
);

interface ContextRow {
  conversation: unknown;
  chatmate_id: number;
  chatmate_uuid: string;
  chatmate_gone: boolean;
  sender_photo_file: string | null;
  retry: unknown;
  sent?: unknown;
}

/** What `MessageSender.prepare` read for one send. */
export interface SendContext {
  /** The earlier send with this client id: the original (200), or null for a new message. */
  repeat: SendResult | null;
}

export class MessageSender {
  constructor(private readonly ctx: AppContext) {}

  private resource(row: MessageRow, conversation: ConversationRow, viewerId: number | null): Message {
    return messageResource(row, conversation, viewerId, {
      urls: this.ctx.photoUrls,
      apiUrl: this.ctx.options.apiUrl,
    });
  }

  /** An earlier send with this client id: the original (200), or 422 when it was another conversation. */
  private async repeatOf(
    sender: UserRow,
    conversation: ConversationRow,
    existing: MessageRow | null,
  ): Promise<SendResult | null> {
    if (!existing) return null;
    if (existing.conversationId !== conversation.id)
      throw fieldError('client_msg_id', CLIENT_MSG_ID_REUSED_MESSAGE);
    return {
      created: false,
      message: this.resource(existing, conversation, sender.id),
      balance: await balanceOf(this.ctx.db, sender.id),
    };
  }

  /** The conversation a context row names (404 when there is none) and the repeat it found. */
  private async contextOf(
    member: UserRow,
    row: ContextRow | undefined,
  ): Promise<{ conversation: ConversationRow; repeat: SendResult | null }> {
    const conversation = row && maybeRowFromJson(conversations, row.conversation);
    if (!conversation) throw notFound();
    const repeat = await this.repeatOf(member, conversation, maybeRowFromJson(messages, row.retry));
    return { conversation, repeat };
  }

  /**
   * Reads what a send of `clientMsgId` to the conversation `conversationUuid` needs before any
   * image work: the conversation (404 unless it is the sender's) and whether this repeats an
   * earlier send. `send` reads it again in its own round trip; this only answers early.
   */
  async prepare(member: UserRow, conversationUuid: string, clientMsgId: string): Promise<SendContext> {
    const uuid = storedUuidOf(conversationUuid);
    const values = { sender: member.id, uuid, client: clientMsgId };
    const [row] = executedRows<ContextRow>(await contextStatement(this.ctx.db, null, values));
    return { repeat: (await this.contextOf(member, row)).repeat };
  }

  /**
   * Sends in ONE round trip (`sendStatement`): 404 unless the conversation is the sender's, the
   * original for a repeated client id (200; 422 when it was another conversation), 403 when the
   * chatmate is deactivated; then `send_message` locks the conversation so ids within it increase
   * in commit order and concurrent retries queue up, re-checks the client id, counts the send in
   * the flood limit (atomic, in every API process; over it: 429, nothing stored), debits the
   * price with its ledger entry (refused: 402, nothing stored), inserts, moves the conversation
   * and stores the recipient's notification (MESSAGE_RECEIVED). After the commit: broadcast
   * `message.sent` and announce the notification.
   */
  async send(
    member: UserRow,
    conversationUuid: string,
    input: SendInput,
    opts: { price: number; socketId?: string | undefined },
  ): Promise<SendResult> {
    const uuid = storedUuidOf(conversationUuid);
    const rate = this.ctx.options.messageRateLimit;
    const notification: Omit<NotificationData, 'timestamp'> = {
      action_type: 'MESSAGE_RECEIVED',
      image: defaultAvatarUrl(this.ctx.options.apiUrl, member.gender, member.uuid),
      from_user_name: member.username,
      from_user_uuid: member.uuid,
      message: {
        type: input.type,
        from: { username: member.username, uuid: member.uuid },
        conversation: { uuid },
      },
    };
    let row: ContextRow | undefined;
    try {
      [row] = executedRows<ContextRow>(
        await sendStatement(this.ctx.db, null, {
          sender: member.id,
          uuid,
          client: input.clientMsgId,
          type: input.type,
          body: input.body,
          image: input.image === null ? null : JSON.stringify(input.image),
          price: opts.price,
          floodKey: `messages:${member.id}`,
          floodMax: rate.perWindow,
          floodWindow: rate.windowSeconds,
          notification: JSON.stringify(notification),
          photoBase: this.ctx.photoUrls.publicBase,
        }),
      );
    } catch (error) {
      // A concurrent duplicate that slipped past the lock (another conversation, same client id).
      if (!isUniqueViolation(error)) throw error;
      const retry = await this.prepare(member, uuid, input.clientMsgId);
      if (!retry.repeat) throw error;
      return retry.repeat;
    }
    const { conversation, repeat } = await this.contextOf(member, row);
    if (repeat) return repeat;
    if (!row || row.chatmate_gone) throw new ApiError(403, MESSAGE_BLOCKED_MESSAGE);
    const stored = storeOutcomeOf(row.sent);
    if (stored.outcome === 'flood') {
      const seconds = stored.retryAfter;
      throw tooManyRequests(`Too many messages. Please try again in ${seconds} seconds.`, seconds);
    }
    if (stored.outcome === 'insufficient') {
      throw new ApiError(INSUFFICIENT_CREDITS_STATUS, INSUFFICIENT_CREDITS_MESSAGE, {
        [INSUFFICIENT_CREDITS_FIELD]: [INSUFFICIENT_CREDITS_MESSAGE],
      });
    }
    if (stored.row.conversationId !== conversation.id) {
      throw fieldError('client_msg_id', CLIENT_MSG_ID_REUSED_MESSAGE);
    }
    if (stored.outcome === 'created') {
      const recipient = { id: row.chatmate_id, uuid: row.chatmate_uuid };
      await this.afterCommit(recipient, conversation, stored.row, stored.notification, opts.socketId);
    }
    return {
      created: stored.outcome === 'created',
      message: this.resource(stored.row, conversation, member.id),
      balance: stored.balance,
    };
  }

  /** Realtime (in the background) and the recipient's notification (stored with the message) for a committed message; never fails the send. */
  private async afterCommit(
    recipient: Pick<UserRow, 'id' | 'uuid'>,
    conversation: ConversationRow,
    row: MessageRow,
    notification: StoredNotification | null,
    socketId: string | undefined,
  ): Promise<void> {
    const events = this.ctx.realtime.events;
    const payload = this.resource(row, conversation, null);
    events.inBackground(
      () => events.messageSent(conversation.uuid, payload, { socketId }),
      `message ${row.id}`,
    );
    if (!notification) return; // the recipient muted the sender
    try {
      await this.ctx.notifications.announce(recipient, notification.row, notification.counts);
    } catch (error) {
      console.error(`message notification ${row.id} failed`, error);
    }
  }
}
