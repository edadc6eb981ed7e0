import {
  CONVERSATION_MAX_PAGE_SIZE,
  CONVERSATION_PAGE_SIZE,
  conversationListSchema,
  conversationResponseSchema,
  MESSAGE_EVENTS,
  MESSAGE_LIMITS,
  type MessageType,
  markReadResponseSchema,
  messageListSchema,
  messagePricesResponseSchema,
  messageResponseSchema,
  PHOTO_MESSAGES,
  realtimeChannels,
  sentMessageResponseSchema,
} from '@ukd/contracts/api';
import { and, asc, count, desc, eq, gt, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { type ConversationRow, conversations, messages } from '../db/messaging-schema';
import { users } from '../db/schema';
import { type ApiApp, errorResponses } from '../http/api-app';
import { addError, type FieldErrors, fieldError, validationFailed } from '../http/api-error';
import { type ListQuerySpec, pageMeta, parseListQuery } from '../http/list-query';
import { currentMember } from '../http/member-auth';
import { body, messages as ruleMessages, text } from '../http/rules';
import { PhotoRejected, processPhoto } from '../photos/photo-processing';
import { visibleMember } from '../profiles/member-lookup';
import { requestSocketId } from '../realtime/realtime-services';
import {
  conversationResources,
  deletedUptoOf,
  isInitiator,
  listedFor,
  messageCounters,
  participantConversation,
  viewerSide,
} from './conversations';
import { MessagePriceList } from './message-prices';
import { messageResource } from './message-resource';
import { MessageSender, type SendInput } from './send-message';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_MESSAGE_ID = Number.MAX_SAFE_INTEGER;

const bool = (raw: string) => ({ '1': true, true: true, '0': false, false: false })[raw];

const listSpec: ListQuerySpec<'username' | 'only_read' | 'only_unread' | 'star'> = {
  includes: ['recipient.approved_primary', 'initiator.approved_primary', 'last_message'],
  filters: {
    username: (raw) => {
      const name = raw.trim();
      return name.length <= 50 && name.isWellFormed() && !name.includes('\u0000') ? name : undefined;
    },
    only_read: bool,
    only_unread: bool,
    star: bool,
  },
  defaultLimit: CONVERSATION_PAGE_SIZE,
  maxLimit: CONVERSATION_MAX_PAGE_SIZE,
};

/** SPEC §7 names `star`, `username`, `only_read`, `only_unread` as plain parameters too. */
const PLAIN_FILTERS = ['star', 'username', 'only_read', 'only_unread'] as const;
function withPlainFilters(raw: unknown): Record<string, unknown> {
  const query = { ...((raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>) };
  for (const name of PLAIN_FILTERS) {
    if (query[name] !== undefined && query[`filter[${name}]`] === undefined) {
      query[`filter[${name}]`] = query[name];
      delete query[name];
    }
  }
  return query;
}

const messagesSpec: ListQuerySpec = {
  defaultLimit: MESSAGE_LIMITS.pageSize,
  maxLimit: MESSAGE_LIMITS.maxPageSize,
};

function messageIdParam(
  query: Record<string, unknown>,
  name: string,
  errors: FieldErrors,
): number | undefined {
  const raw = query[name];
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^\d{1,16}$/.test(raw) || Number(raw) > MAX_MESSAGE_ID) {
    addError(errors, name, `The ${name} must be a message id.`);
    return undefined;
  }
  return Number(raw);
}

const uuidParams = z.object({ uuid: z.string().max(200) });
const startBody = body({ recipient_uuid: text('recipient_uuid', { max: 64 }) });
const readBody = body({
  up_to_id: z
    .number({ error: 'The up to id must be an integer.' })
    .int({ error: 'The up to id must be an integer.' })
    .min(1, { error: 'The up to id must be 1 or more.' })
    .max(MAX_MESSAGE_ID, { error: `The up to id must be ${MAX_MESSAGE_ID} or less.` })
    .optional(),
});

/** The JSON send: `{ client_msg_id, type, body }` (images come as multipart). */
const sendBody = body({
  client_msg_id: z
    .string({
      error: (iss) =>
        iss.input === undefined
          ? ruleMessages.required('client_msg_id')
          : 'The client msg id must be a UUID.',
    })
    .regex(UUID, { error: 'The client msg id must be a UUID.' }),
  type: z.enum(['text', 'wink', 'trigger'], {
    error: (iss) => (iss.input === undefined ? ruleMessages.required('type') : ruleMessages.invalid('type')),
  }),
  body: z.unknown().optional(),
});

/** zod failures as Laravel's 422 (first message per field). */
function parseOr422<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) addError(errors, issue.path.join('.') || 'body', issue.message);
  throw validationFailed(errors);
}

const textBody = text('body', { max: MESSAGE_LIMITS.bodyMax });

export function conversationRoutes(app: ApiApp, ctx: AppContext): void {
  const prices = new MessagePriceList(ctx.db);
  const sender = new MessageSender(ctx);
  const img = { urls: ctx.photoUrls, apiUrl: ctx.options.apiUrl };

  const includesOf = (include: string[]) => ({
    initiatorPhoto: include.includes('initiator.approved_primary'),
    recipientPhoto: include.includes('recipient.approved_primary'),
    lastMessage: include.includes('last_message'),
  });

  async function one(request: FastifyRequest, row: ConversationRow, include: string[] | null) {
    const member = currentMember(request);
    const includes = include
      ? includesOf(include)
      : { initiatorPhoto: true, recipientPhoto: true, lastMessage: true };
    const [resource] = await conversationResources(ctx, member.user, [row], includes);
    return { data: resource as NonNullable<typeof resource> };
  }

  async function priceFor(request: FastifyRequest, type: MessageType): Promise<number> {
    const member = currentMember(request);
    const unli = member.user.unliMessageUntil && member.user.unliMessageUntil.getTime() > Date.now();
    if (unli) return 0;
    return (await prices.prices(member.user.siteId))[type];
  }

  app.get(
    '/user-conversations',
    {
      schema: {
        summary:
          "The member's conversations, starred first then most recent (SPEC §7): page, limit (10, ≤ 50), include=recipient.approved_primary,initiator.approved_primary,last_message, star, filter[username], filter[only_read], filter[only_unread]; meta.starred_conversations",
        tags: ['messaging'],
        response: { 200: conversationListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const query = parseListQuery(withPlainFilters(request.query), listSpec);
      const viewerId = member.user.id;
      const side = viewerSide(viewerId);
      const base = listedFor(viewerId);
      const f = query.filter;
      const lastUnread = sql`exists (select 1 from ${messages} lm where lm.id = ${conversations.lastMessageId} and lm.to_id = ${viewerId} and lm.read_at is null)`;
      const conditions: (SQL | undefined)[] = [base];
      if (f.star !== undefined) conditions.push(f.star ? sql`${side.star}` : sql`not ${side.star}`);
      if (typeof f.username === 'string' && f.username) {
        const pattern = `${f.username.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          sql`exists (select 1 from ${users} cu where cu.id = ${side.chatmateId} and lower(cu.username) like ${pattern})`,
        );
      }
      if (f.only_unread === true) conditions.push(lastUnread);
      if (f.only_read === true) conditions.push(sql`not ${lastUnread}`);
      const where = and(...conditions);
      const [rows, [total], [starred]] = await Promise.all([
        ctx.db
          .select()
          .from(conversations)
          .where(where)
          .orderBy(desc(side.star), desc(conversations.updatedAt), desc(conversations.id))
          .limit(query.limit)
          .offset(query.offset),
        ctx.db.select({ n: count() }).from(conversations).where(where),
        ctx.db
          .select({ n: count() })
          .from(conversations)
          .where(and(base, sql`${side.star}`)),
      ]);
      const data = await conversationResources(ctx, member.user, rows, includesOf(query.include));
      return {
        data,
        meta: { ...pageMeta(total?.n ?? 0, query), starred_conversations: starred?.n ?? 0 },
      };
    },
  );

  app.post(
    '/user-conversations',
    {
      schema: {
        summary:
          'Start (or find) the conversation with a member: { recipient_uuid } → 201 new or 200 existing',
        tags: ['messaging'],
        body: startBody,
        response: { 200: conversationResponseSchema, 201: conversationResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const member = currentMember(request);
      const viewer = { id: member.user.id, siteId: member.user.siteId };
      const other = await visibleMember(ctx, viewer, request.body.recipient_uuid).catch(() => {
        throw fieldError('recipient_uuid', ruleMessages.invalid('recipient_uuid'));
      });
      const [low, high] = member.user.id < other.id ? [member.user.id, other.id] : [other.id, member.user.id];
      const inserted = await ctx.db
        .insert(conversations)
        .values({ initiatorId: member.user.id, recipientId: other.id, pairLow: low, pairHigh: high })
        .onConflictDoNothing({ target: [conversations.pairLow, conversations.pairHigh] })
        .returning();
      const row =
        inserted[0] ??
        (
          await ctx.db
            .select()
            .from(conversations)
            .where(and(eq(conversations.pairLow, low), eq(conversations.pairHigh, high)))
        )[0];
      if (!row) throw new Error('conversation missing after insert');
      return reply.code(inserted[0] ? 201 : 200).send(await one(request, row, null));
    },
  );

  app.get(
    '/user-conversations/:uuid',
    {
      schema: {
        summary: 'One of the member’s conversations (photos and last message included); 404 otherwise',
        tags: ['messaging'],
        params: uuidParams,
        response: { 200: conversationResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const row = await participantConversation(ctx.db, member.user.id, request.params.uuid);
      const raw = (request.query ?? {}) as Record<string, unknown>;
      const include =
        raw.include === undefined ? null : parseListQuery({ include: raw.include }, listSpec).include;
      return one(request, row, include);
    },
  );

  for (const starred of [true, false]) {
    const handler = async (request: FastifyRequest) => {
      const member = currentMember(request);
      const { uuid } = request.params as { uuid: string };
      const row = await participantConversation(ctx.db, member.user.id, uuid);
      const set = isInitiator(row, member.user.id) ? { initiatorStar: starred } : { recipientStar: starred };
      const [updated] = await ctx.db
        .update(conversations)
        .set(set)
        .where(eq(conversations.id, row.id))
        .returning();
      return one(request, updated ?? row, null);
    };
    const options = {
      schema: {
        summary: starred ? 'Star a conversation (for the member only)' : 'Unstar a conversation',
        tags: ['messaging'],
        params: uuidParams,
        response: { 200: conversationResponseSchema, ...errorResponses },
      },
    };
    if (starred) app.put('/user-conversations/:uuid/star', options, handler);
    else app.delete('/user-conversations/:uuid/star', options, handler);
  }

  app.delete(
    '/user-conversations/:uuid',
    {
      schema: {
        summary:
          'Delete a conversation for the member only: its messages so far are hidden for them and marked read; it comes back with the next message',
        tags: ['messaging'],
        params: uuidParams,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const row = await participantConversation(ctx.db, member.user.id, request.params.uuid);
      await ctx.db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(conversations)
          .where(eq(conversations.id, row.id))
          .for('update');
        const upto = locked?.lastMessageId ?? 0;
        const set = isInitiator(row, member.user.id)
          ? { initiatorDeletedUpto: upto, initiatorStar: false }
          : { recipientDeletedUpto: upto, recipientStar: false };
        await tx.update(conversations).set(set).where(eq(conversations.id, row.id));
        await tx
          .update(messages)
          .set({ readAt: sql`now()` })
          .where(
            and(
              eq(messages.conversationId, row.id),
              eq(messages.toId, member.user.id),
              isNull(messages.readAt),
              lte(messages.id, upto),
            ),
          );
      });
      return { message: 'The conversation has been deleted.' };
    },
  );

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
      const row = await participantConversation(ctx.db, member.user.id, request.params.uuid);
      const raw = (request.query && typeof request.query === 'object' ? request.query : {}) as Record<
        string,
        unknown
      >;
      const errors: FieldErrors = {};
      const after = messageIdParam(raw, 'after', errors);
      const before = messageIdParam(raw, 'before', errors);
      if (after !== undefined && before !== undefined)
        addError(errors, 'before', 'Use either after or before, not both.');
      if (Object.keys(errors).length) throw validationFailed(errors);
      const { limit } = parseListQuery({ limit: raw.limit }, messagesSpec);
      const floor = Math.max(deletedUptoOf(row, member.user.id), after ?? 0);
      const where = and(
        eq(messages.conversationId, row.id),
        gt(messages.id, floor),
        before === undefined ? undefined : lt(messages.id, before),
      );
      const rows = await ctx.db
        .select()
        .from(messages)
        .where(where)
        .orderBy(after !== undefined ? asc(messages.id) : desc(messages.id))
        .limit(limit + 1);
      const hasMore = rows.length > limit;
      const page = rows.slice(0, limit);
      if (after === undefined) page.reverse();
      return {
        data: page.map((m) => messageResource(m, row, member.user.id, img)),
        meta: { has_more: hasMore },
      };
    },
  );

  app.post(
    '/user-conversations/:uuid/messages',
    {
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
      const conversation = await participantConversation(ctx.db, member.user.id, request.params.uuid);
      const socketId = requestSocketId(request);
      const balance = async () => {
        const [row] = await ctx.db
          .select({ credits: users.credits })
          .from(users)
          .where(eq(users.id, member.user.id));
        return { credits: row?.credits ?? 0 };
      };
      let input: SendInput;
      let uploaded: string | null = null;

      if (request.isMultipart()) {
        const fields: Record<string, string> = Object.create(null);
        let bytes: Buffer | null = null;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname === MESSAGE_LIMITS.imageField && bytes === null)
                bytes = await part.toBuffer();
              else part.file.resume();
            } else if (typeof part.value === 'string') {
              fields[part.fieldname] = part.value;
            }
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE')
            throw fieldError('image', PHOTO_MESSAGES.tooLarge.replace('photo', 'image'));
          throw fieldError('image', 'The image field is required.');
        }
        const parsed = parseOr422(
          z.object({ client_msg_id: sendBody.shape.client_msg_id, type: z.literal('image').optional() }, {}),
          { client_msg_id: fields.client_msg_id, type: fields.type },
        );
        const retry = await sender.retried(member.user, conversation, parsed.client_msg_id.toLowerCase());
        if (retry) return reply.code(200).send({ data: retry.message, meta: await balance() });
        if (bytes === null) throw fieldError('image', 'The image field is required.');
        let processed: Awaited<ReturnType<typeof processPhoto>>;
        try {
          processed = await processPhoto(bytes);
        } catch (error) {
          if (error instanceof PhotoRejected)
            throw fieldError('image', error.message.replace(/photo/g, 'image'));
          throw error;
        }
        uploaded = await ctx.photoStore.save(processed.image, processed.thumbnail);
        input = {
          clientMsgId: parsed.client_msg_id.toLowerCase(),
          type: 'image',
          body: null,
          image: { file: uploaded, width: processed.width, height: processed.height },
        };
      } else {
        const parsed = parseOr422(sendBody, request.body);
        const clientMsgId = parsed.client_msg_id.toLowerCase();
        const retry = await sender.retried(member.user, conversation, clientMsgId);
        if (retry) return reply.code(200).send({ data: retry.message, meta: await balance() });
        const text =
          parsed.type === 'wink'
            ? null
            : parseOr422(z.object({ body: textBody }), { body: parsed.body }).body;
        input = { clientMsgId, type: parsed.type, body: text, image: null };
      }

      try {
        const price = await priceFor(request, input.type);
        const result = await sender.send(member.user, conversation, input, { price, socketId });
        if (!result.created && uploaded) await ctx.photoStore.remove(uploaded);
        return reply.code(result.created ? 201 : 200).send({ data: result.message, meta: await balance() });
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
      const row = await participantConversation(ctx.db, member.user.id, request.params.uuid);
      const upTo = request.body.up_to_id;
      const updated = await ctx.db
        .update(messages)
        .set({ readAt: sql`now()` })
        .where(
          and(
            eq(messages.conversationId, row.id),
            eq(messages.toId, member.user.id),
            isNull(messages.readAt),
            upTo === undefined ? undefined : lte(messages.id, upTo),
          ),
        )
        .returning({ id: messages.id, readAt: messages.readAt });
      const readAt = (updated[0]?.readAt ?? new Date()).toISOString();
      if (updated.length) {
        const event = {
          conversation_uuid: row.uuid,
          reader_id: member.user.id,
          up_to_id: Math.max(...updated.map((m) => m.id)),
          read_at: readAt,
        };
        ctx.realtime.events.inBackground(
          () =>
            ctx.realtime.broadcaster.publish(
              [realtimeChannels.conversation(row.uuid)],
              MESSAGE_EVENTS.read,
              event,
              { socketId: requestSocketId(request) },
            ),
          `messages read ${row.uuid}`,
        );
      }
      const counters = await messageCounters(ctx.db, member.user.id);
      return {
        data: {
          updated: updated.length,
          read_at: readAt,
          unread_messages_count: counters.unread_messages_count,
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
      const unli = !!member.user.unliMessageUntil && member.user.unliMessageUntil.getTime() > Date.now();
      const list = await prices.prices(member.user.siteId);
      return {
        data: {
          prices: unli ? { text: 0, image: 0, wink: 0, trigger: 0 } : list,
          has_unli_message: unli,
          credits: member.user.credits,
        },
      };
    },
  );
}
