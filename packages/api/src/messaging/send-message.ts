import {
  CLIENT_MSG_ID_REUSED_MESSAGE,
  INSUFFICIENT_CREDITS_FIELD,
  INSUFFICIENT_CREDITS_MESSAGE,
  INSUFFICIENT_CREDITS_STATUS,
  MESSAGE_BLOCKED_MESSAGE,
  type Message,
  type MessageType,
} from '@ukd/contracts/api';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { maybeRowFromJson } from '../db/json-rows';
import { type ConversationRow, type MessageRow, messages } from '../db/messaging-schema';
import { param, preparedPer } from '../db/prepared-statement';
import { blocks, photos, type UserRow, users } from '../db/schema';
import { ApiError, fieldError } from '../http/api-error';
import { tooManyRequests } from '../http/rate-limiter';
import { shownPhotoJson } from '../photos/photo-resource';
import { primaryPhotoUrls } from '../profiles/profile-resource';
import { chatmateOf } from './conversations';
import type { DbOrTx } from './credit-ledger';
import { messageResource } from './message-resource';
import { storeMessage } from './store-message';

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
  credits: number;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** The member's balance as stored now (a send that debited nothing reads it once). */
async function balanceOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits ?? 0;
}

const retryQuery = preparedPer((db: DbOrTx) =>
  db
    .select()
    .from(messages)
    .where(
      and(eq(messages.fromId, param<number>('sender')), eq(messages.clientMsgId, param<string>('client'))),
    )
    .prepare('message_retry'),
);

/** The sender's earlier message with this client id, if any. */
async function findRetry(ctx: AppContext, senderId: number, clientMsgId: string): Promise<MessageRow | null> {
  const [row] = await retryQuery(ctx.db).execute({ sender: senderId, client: clientMsgId });
  return row ?? null;
}

/** Whether `sender` may write to `chatmate` (block either way), the chatmate, and the sender's picture. */
const allowedQuery = preparedPer((db: DbOrTx) => {
  const sender = param<number>('sender');
  const chatmate = param<number>('chatmate');
  return db
    .select({
      chatmate: users,
      blocked: sql<boolean>`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${sender} and ${blocks.blockedId} = ${chatmate}) or (${blocks.blockerId} = ${chatmate} and ${blocks.blockedId} = ${sender}))`,
      senderPhoto: shownPhotoJson(sql`${sender}::integer`),
    })
    .from(users)
    .where(eq(users.id, chatmate))
    .prepare('send_allowed');
});

export class MessageSender {
  constructor(private readonly ctx: AppContext) {}

  private resource(row: MessageRow, conversation: ConversationRow, viewerId: number | null): Message {
    return messageResource(row, conversation, viewerId, {
      urls: this.ctx.photoUrls,
      apiUrl: this.ctx.options.apiUrl,
    });
  }

  /** An earlier send with this client id: the original (200), or 422 when it was another conversation. */
  async retried(
    sender: UserRow,
    conversation: ConversationRow,
    clientMsgId: string,
  ): Promise<SendResult | null> {
    const existing = await findRetry(this.ctx, sender.id, clientMsgId);
    if (!existing) return null;
    if (existing.conversationId !== conversation.id)
      throw fieldError('client_msg_id', CLIENT_MSG_ID_REUSED_MESSAGE);
    return {
      created: false,
      message: this.resource(existing, conversation, sender.id),
      credits: await balanceOf(this.ctx.db, sender.id),
    };
  }

  /**
   * Refuses a send the sender may not make at all (block either way, deactivated chatmate), in
   * one query that also reads the sender's picture for the recipient's notification.
   */
  async checkAllowed(
    sender: UserRow,
    conversation: ConversationRow,
  ): Promise<{ chatmate: UserRow; senderImage: string }> {
    const chatmateId = chatmateOf(conversation, sender.id);
    const [row] = await allowedQuery(this.ctx.db).execute({ sender: sender.id, chatmate: chatmateId });
    if (!row || row.chatmate.deactivatedAt !== null || row.blocked) {
      throw new ApiError(403, MESSAGE_BLOCKED_MESSAGE);
    }
    const photo = maybeRowFromJson(photos, row.senderPhoto);
    const urls = { apiUrl: this.ctx.options.apiUrl, urls: this.ctx.photoUrls };
    return { chatmate: row.chatmate, senderImage: primaryPhotoUrls(sender, photo, urls).url };
  }

  /**
   * Takes the sender's place in the flood limit (atomic: parallel sends each get their own
   * count, in every API process), 429 once it is used up. Answers the key to refund a send
   * that turned out not to count (a replayed client id, a refused debit).
   */
  private async takeFloodSlot(sender: UserRow): Promise<string> {
    const rate = this.ctx.options.messageRateLimit;
    const key = `messages:${sender.id}`;
    await this.ctx.limits.take(
      key,
      { maxAttempts: rate.perWindow, decaySeconds: rate.windowSeconds },
      (seconds) => tooManyRequests(`Too many messages. Please try again in ${seconds} seconds.`, seconds),
    );
    return key;
  }

  /**
   * Stores a message in ONE round trip (`storeMessage`: lock the conversation so ids within it
   * increase in commit order and concurrent retries queue up, re-check the client id, debit the
   * price with its ledger entry (refused: 402, nothing stored), insert, move the conversation).
   * After the commit: broadcast `message.sent` and notify the recipient (MESSAGE_RECEIVED).
   */
  async send(
    sender: UserRow,
    conversation: ConversationRow,
    input: SendInput,
    opts: { price: number; socketId?: string | undefined },
  ): Promise<SendResult> {
    const { chatmate, senderImage } = await this.checkAllowed(sender, conversation);
    const floodKey = await this.takeFloodSlot(sender);
    let stored: Awaited<ReturnType<typeof storeMessage>>;
    try {
      stored = await storeMessage(this.ctx.db, {
        conversationId: conversation.id,
        fromId: sender.id,
        toId: chatmate.id,
        clientMsgId: input.clientMsgId,
        type: input.type,
        body: input.body,
        image: input.image,
        price: opts.price,
      });
    } catch (error) {
      await this.ctx.limits.refund(floodKey);
      // A concurrent duplicate that slipped past the lock (another process, same client id).
      if (!isUniqueViolation(error)) throw error;
      const retry = await this.retried(sender, conversation, input.clientMsgId);
      if (!retry) throw error;
      return retry;
    }
    if (stored.outcome === 'insufficient') {
      await this.ctx.limits.refund(floodKey);
      throw new ApiError(INSUFFICIENT_CREDITS_STATUS, INSUFFICIENT_CREDITS_MESSAGE, {
        [INSUFFICIENT_CREDITS_FIELD]: [INSUFFICIENT_CREDITS_MESSAGE],
      });
    }
    const outcome = { created: stored.outcome === 'created', row: stored.row, credits: stored.credits };
    if (!outcome.created) await this.ctx.limits.refund(floodKey);
    if (outcome.row.conversationId !== conversation.id) {
      throw fieldError('client_msg_id', CLIENT_MSG_ID_REUSED_MESSAGE);
    }
    if (outcome.created) {
      await this.afterCommit(sender, senderImage, chatmate, conversation, outcome.row, opts.socketId);
    }
    return {
      created: outcome.created,
      message: this.resource(outcome.row, conversation, sender.id),
      credits: outcome.credits,
    };
  }

  /** Realtime (in the background) and the recipient's notification for a committed message; never fails the send. */
  private async afterCommit(
    sender: UserRow,
    senderImage: string,
    recipient: UserRow,
    conversation: ConversationRow,
    row: MessageRow,
    socketId: string | undefined,
  ): Promise<void> {
    const events = this.ctx.realtime.events;
    const payload = this.resource(row, conversation, null);
    events.inBackground(
      () => events.messageSent(conversation.uuid, payload, { socketId }),
      `message ${row.id}`,
    );
    try {
      await this.ctx.notifications.write(recipient, sender.id, {
        action_type: 'MESSAGE_RECEIVED',
        image: senderImage,
        timestamp: row.createdAt.toISOString(),
        from_user_name: sender.username,
        from_user_uuid: sender.uuid,
        message: {
          type: row.type,
          from: { username: sender.username, uuid: sender.uuid },
          conversation: { uuid: conversation.uuid },
        },
      });
    } catch (error) {
      console.error(`message notification ${row.id} failed`, error);
    }
  }
}
