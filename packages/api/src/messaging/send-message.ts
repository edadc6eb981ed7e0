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
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context';
import { maybeRowFromJson } from '../db/json-rows';
import { type ConversationRow, conversations, type MessageRow, messages } from '../db/messaging-schema';
import { param, preparedPer } from '../db/prepared-statement';
import { photos, type UserRow, users } from '../db/schema';
import { ApiError, fieldError, notFound } from '../http/api-error';
import { tooManyRequests } from '../http/rate-limiter';
import { shownPhotoJson } from '../photos/photo-resource';
import { primaryPhotoUrls } from '../profiles/profile-resource';
import { conversationUuidOf, participantOf, viewerSide } from './conversations';
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

/**
 * What a send reads before it stores anything, in ONE query: the conversation (`participantOf`:
 * only the sender's, and none when a block stands either way), the chatmate,
 * the sender's picture (for the recipient's notification) and the sender's earlier message with
 * this client id, if any. It was four round trips, each a tenth of a send.
 */
const sendContextQuery = preparedPer((db: DbOrTx) => {
  const sender = param<number>('sender');
  const side = viewerSide(sender);
  const retry = alias(messages, 'retry');
  return db
    .select({
      conversation: conversations,
      chatmate: users,
      senderPhoto: shownPhotoJson(sql`${sender}::integer`),
      retry,
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, side.chatmateId))
    .leftJoin(retry, and(eq(retry.fromId, sender), eq(retry.clientMsgId, param<string>('client'))))
    .where(participantOf(sender))
    .prepare('send_context');
});

/** What `MessageSender.prepare` read for one send. */
export interface SendContext {
  clientMsgId: string;
  conversation: ConversationRow;
  /** The earlier send with this client id: the original (200), or null for a new message. */
  repeat: SendResult | null;
  /** The chatmate and the sender's picture, or the 403 this send gets (a deactivated chatmate). */
  allowed(): { chatmate: UserRow; senderImage: string };
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
      credits: await balanceOf(this.ctx.db, sender.id),
    };
  }

  /**
   * Reads what a send of `clientMsgId` to the conversation `conversationUuid` needs before any
   * work (image processing, debit): the conversation (404 unless it is the sender's), whether
   * this repeats an earlier send, and whether the sender may write to the chatmate at all.
   */
  async prepare(sender: UserRow, conversationUuid: string, clientMsgId: string): Promise<SendContext> {
    const uuid = conversationUuidOf(conversationUuid);
    const [row] = await sendContextQuery(this.ctx.db).execute({
      sender: sender.id,
      uuid,
      client: clientMsgId,
    });
    if (!row) throw notFound();
    const { conversation } = row;
    const repeat = await this.repeatOf(sender, conversation, row.retry);
    const urls = { apiUrl: this.ctx.options.apiUrl, urls: this.ctx.photoUrls };
    return {
      clientMsgId,
      conversation,
      repeat,
      allowed: () => {
        if (row.chatmate.deactivatedAt !== null) throw new ApiError(403, MESSAGE_BLOCKED_MESSAGE);
        const photo = maybeRowFromJson(photos, row.senderPhoto);
        return { chatmate: row.chatmate, senderImage: primaryPhotoUrls(sender, photo, urls).url };
      },
    };
  }

  /**
   * Stores a message in ONE round trip (`storeMessage`: lock the conversation so ids within it
   * increase in commit order and concurrent retries queue up, re-check the client id, count the
   * send in the flood limit (atomic, in every API process; over it: 429, nothing stored), debit
   * the price with its ledger entry (refused: 402, nothing stored), insert, move the conversation).
   * After the commit: broadcast `message.sent` and notify the recipient (MESSAGE_RECEIVED).
   */
  async send(
    sender: UserRow,
    input: SendInput,
    opts: { price: number; socketId?: string | undefined; context: SendContext },
  ): Promise<SendResult> {
    const { conversation } = opts.context;
    if (opts.context.clientMsgId !== input.clientMsgId) throw new Error('send context of another message');
    const { chatmate, senderImage } = opts.context.allowed();
    const rate = this.ctx.options.messageRateLimit;
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
        flood: { key: `messages:${sender.id}`, max: rate.perWindow, windowSeconds: rate.windowSeconds },
      });
    } catch (error) {
      // A concurrent duplicate that slipped past the lock (another process, same client id).
      if (!isUniqueViolation(error)) throw error;
      const retry = await this.prepare(sender, conversation.uuid, input.clientMsgId);
      if (!retry.repeat) throw error;
      return retry.repeat;
    }
    if (stored.outcome === 'flood') {
      const seconds = stored.retryAfter;
      throw tooManyRequests(`Too many messages. Please try again in ${seconds} seconds.`, seconds);
    }
    if (stored.outcome === 'insufficient') {
      throw new ApiError(INSUFFICIENT_CREDITS_STATUS, INSUFFICIENT_CREDITS_MESSAGE, {
        [INSUFFICIENT_CREDITS_FIELD]: [INSUFFICIENT_CREDITS_MESSAGE],
      });
    }
    const outcome = { created: stored.outcome === 'created', row: stored.row, credits: stored.credits };
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
