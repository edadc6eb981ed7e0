import {
  MESSAGE_LIMITS,
  type MessageType,
  markReadResponseSchema,
  messageListSchema,
  messagePricesResponseSchema,
  messageResponseSchema,
  sentMessageResponseSchema,
} from '@ukd/contracts/api';
import { z } from 'zod';
import type { Member } from '../auth/member';
import { isVip } from '../billing/vip';
import type { AppContext } from '../context';
import { type ApiApp, errorResponses } from '../http/api-app';
import { addError, type FieldErrors, validationFailed } from '../http/api-error';
import { isoTime } from '../http/iso-time';
import { type ListQuerySpec, parseListQuery } from '../http/list-query';
import { currentMember } from '../http/member-auth';
import { body, messages } from '../http/rules';
import { storedUuidOf } from '../http/uuid';
import { requestSocketId } from '../realtime/realtime-services';
import { markRead, messagePage } from './conversation-queries';
import { unreadMessagesCount } from './conversations';
import { MessagePriceList } from './message-prices';
import { messageResource } from './message-resource';
import { readSendInput } from './send-input';
import { MessageSender, type SendResult } from './send-message';

const MAX_MESSAGE_ID = Number.MAX_SAFE_INTEGER;

const uuidParams = z.object({ uuid: z.string().max(200) });

const messagesSpec: ListQuerySpec = {
  defaultLimit: MESSAGE_LIMITS.pageSize,
  maxLimit: MESSAGE_LIMITS.maxPageSize,
};

const readBody = body({
  up_to_id: z
    .number({ error: messages.integer('up_to_id') })
    .int({ error: messages.integer('up_to_id') })
    .min(1, { error: messages.minValue('up_to_id', 1) })
    .max(MAX_MESSAGE_ID, { error: messages.maxValue('up_to_id', MAX_MESSAGE_ID) })
    .optional(),
});

function messageIdParam(
  query: Record<string, unknown>,
  name: string,
  errors: FieldErrors,
): number | undefined {
  const raw = query[name];
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^\d{1,16}$/.test(raw) || Number(raw) > MAX_MESSAGE_ID) {
    addError(errors, name, `The ${name} must be a message id`);
    return undefined;
  }
  return Number(raw);
}

const hasUnlimitedPass = (member: Member) =>
  !!member.user.unliMessageUntil && member.user.unliMessageUntil.getTime() > Date.now();

/** Paging, sending and reading the messages of a conversation, and what they cost (member scope). */
export function messageRoutes(app: ApiApp, ctx: AppContext): void {
  const prices = new MessagePriceList(ctx.db);
  const sender = new MessageSender(ctx);
  const img = { urls: ctx.photoUrls, apiUrl: ctx.options.apiUrl };

  async function priceFor(member: Member, type: MessageType): Promise<number> {
    if (hasUnlimitedPass(member)) return 0;
    if (type === 'wink' && (await isVip(ctx.db, member.user.id))) return 0; // VIP benefit (docs/billing.md)
    return (await prices.prices(member.user.siteId))[type];
  }

  app.get(
    '/user-conversations/:uuid/messages',
    {
      schema: {
        summary:
          'Messages of a conversation, oldest first: ?after={id} (catch up), ?before={id} (page back), else the latest; limit (50, ≤ 100); meta.has_more',
        tags: ['messaging'],
        params: uuidParams,
        response: { 200: messageListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const conversation = { uuid: storedUuidOf(request.params.uuid) };
      const raw = (request.query && typeof request.query === 'object' ? request.query : {}) as Record<
        string,
        unknown
      >;
      const errors: FieldErrors = {};
      const after = messageIdParam(raw, 'after', errors);
      const before = messageIdParam(raw, 'before', errors);
      if (after !== undefined && before !== undefined)
        addError(errors, 'before', 'Use either after or before, not both');
      if (Object.keys(errors).length) throw validationFailed(errors);
      const { limit } = parseListQuery(raw, { ...messagesSpec, params: ['after', 'before'] });
      const page = await messagePage(ctx.db, member.user.id, conversation.uuid, { after, before, limit });
      return {
        data: page.rows.map((m) => messageResource(m, conversation, member.user.id, img)),
        meta: { has_more: page.hasMore },
      };
    },
  );

  app.post(
    '/user-conversations/:uuid/messages',
    {
      config: { reachesOut: true, changesOnlyBalance: true },
      schema: {
        summary:
          'Send a message: JSON { client_msg_id, type: text|wink|trigger, body } or multipart (client_msg_id + file `image`); 201 stored, 200 the original for a repeated client_msg_id; 402 not enough credits; 403 blocked; 429 flood',
        tags: ['messaging'],
        consumes: ['application/json', 'multipart/form-data'],
        params: uuidParams,
        response: {
          200: sentMessageResponseSchema,
          201: sentMessageResponseSchema,
          402: errorResponses[422],
          403: messageResponseSchema,
          429: messageResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const member = currentMember(request);
      // An image send reads the conversation (404 unless it is the member's) and a repeat once the
      // client id is known, before any image work; every send is then one round trip.
      const asked = await readSendInput(ctx, request, async (id) => {
        const context = await sender.prepare(member.user, request.params.uuid, id);
        return context.repeat;
      });
      const respond = ({ created, message, balance }: SendResult, price = 0) => {
        if (created && price > 0)
          ctx.members.announceBalance(member.user.id, balance.credits, balance.version);
        else ctx.members.expectBalance(member.user.id, balance.credits, balance.version);
        return reply.code(created ? 201 : 200).send({ data: message, meta: { credits: balance.credits } });
      };
      if (asked.kind === 'repeat') return respond(asked.result);
      const { input, uploaded } = asked;
      try {
        const price = await priceFor(member, input.type);
        const socketId = requestSocketId(request);
        const result = await sender.send(member.user, request.params.uuid, input, { price, socketId });
        if (!result.created && uploaded) await ctx.photoStore.remove(uploaded);
        return respond(result, price);
      } catch (error) {
        if (uploaded) await ctx.photoStore.remove(uploaded);
        throw error;
      }
    },
  );

  app.post(
    '/user-conversations/:uuid/read',
    {
      schema: {
        summary:
          'Mark the messages received in a conversation as read, up to an id ({ up_to_id }, default all); broadcasts message.read',
        tags: ['messaging'],
        params: uuidParams,
        body: readBody,
        response: { 200: markReadResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const read = await markRead(ctx.db, member.user.id, request.params.uuid, request.body.up_to_id);
      const readAt = isoTime(read.readAt ?? new Date());
      if (read.upToId !== null) {
        const event = {
          conversation_uuid: read.uuid,
          reader_id: member.user.id,
          up_to_id: read.upToId,
          read_at: readAt,
        };
        const events = ctx.realtime.events;
        events.inBackground(
          () => events.messageRead(read.uuid, event, { socketId: requestSocketId(request) }),
          `messages read ${read.uuid}`,
        );
      }
      return {
        data: {
          updated: read.updated,
          read_at: readAt,
          unread_messages_count: await unreadMessagesCount(ctx.db, member.user.id),
        },
      };
    },
  );

  app.get(
    '/message-prices',
    {
      schema: {
        summary:
          'Credits each message type costs the member now (0 with the unlimited pass), and their balance',
        tags: ['messaging'],
        response: { 200: messagePricesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const unli = hasUnlimitedPass(member);
      const list = await prices.prices(member.user.siteId);
      return {
        data: {
          prices: unli
            ? { text: 0, image: 0, wink: 0, trigger: 0 }
            : { ...list, wink: (await isVip(ctx.db, member.user.id)) ? 0 : list.wink },
          has_unli_message: unli,
          credits: member.user.credits,
        },
      };
    },
  );
}
