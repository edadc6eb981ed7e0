import {
  CONVERSATION_MAX_PAGE_SIZE,
  CONVERSATION_PAGE_SIZE,
  type ConversationMember,
  conversationListSchema,
  conversationResponseSchema,
  messageResponseSchema,
} from '@ukd/contracts/api';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { type ApiApp, errorResponses } from '../http/api-app';
import { fieldError } from '../http/api-error';
import { type ListQuerySpec, pageMeta, parseListQuery } from '../http/list-query';
import { currentMember } from '../http/member-auth';
import { body, messages as ruleMessages, text } from '../http/rules';
import { isUuid } from '../http/uuid';
import { loadConversation } from './conversation-page';
import { findOrStartConversation, hideForMember, listConversations, setStar } from './conversation-queries';
import { conversationResource } from './conversation-resource';
import { participantConversation } from './conversations';

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

const flag = (value: unknown) => (typeof value === 'boolean' ? value : undefined);

const uuidParams = z.object({ uuid: z.string().max(200) });
const startBody = body({ recipient_uuid: text('recipient_uuid', { max: 64 }) });
const oneConversation = {
  tags: ['messaging'],
  params: uuidParams,
  response: { 200: conversationResponseSchema, ...errorResponses },
};

const includesOf = (include: string[]) => ({
  initiatorPhoto: include.includes('initiator.approved_primary'),
  recipientPhoto: include.includes('recipient.approved_primary'),
  lastMessage: include.includes('last_message'),
});

/** The member's conversation list and each conversation's star and delete-for-me (member scope). */
export function conversationRoutes(app: ApiApp, ctx: AppContext): void {
  async function one(request: FastifyRequest, conversationId: number, include: string[] | null) {
    const member = currentMember(request);
    const includes = include
      ? includesOf(include)
      : { initiatorPhoto: true, recipientPhoto: true, lastMessage: true };
    const [loaded, online] = await Promise.all([
      loadConversation(ctx.db, member.user, conversationId),
      ctx.realtime.online.members(),
    ]);
    return { data: conversationResource(ctx, member.user, loaded, includes, online) };
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
      const f = query.filter;
      const filters = {
        star: flag(f.star),
        username: typeof f.username === 'string' ? f.username : undefined,
        onlyRead: flag(f.only_read),
        onlyUnread: flag(f.only_unread),
      };
      const [page, online] = await Promise.all([
        listConversations(ctx.db, member.user, filters, query),
        ctx.realtime.online.members(),
      ]);
      const include = includesOf(query.include);
      const cards = new Map<string, ConversationMember>();
      const data = page.rows.map((loaded) =>
        conversationResource(ctx, member.user, loaded, include, online, cards),
      );
      return {
        data,
        meta: { ...pageMeta(page.total, query), starred_conversations: page.starred },
      };
    },
  );

  app.post(
    '/user-conversations',
    {
      config: { reachesOut: true },
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
      const uuid = request.body.recipient_uuid;
      const started = isUuid(uuid) ? await findOrStartConversation(ctx.db, member.user, uuid) : null;
      if (!started) throw fieldError('recipient_uuid', ruleMessages.invalid('recipient_uuid'));
      return reply.code(started.created ? 201 : 200).send(await one(request, started.id, null));
    },
  );

  app.get(
    '/user-conversations/:uuid',
    {
      schema: {
        ...oneConversation,
        summary: 'One of the member’s conversations (photos and last message included); 404 otherwise',
      },
    },
    async (request) => {
      const member = currentMember(request);
      const row = await participantConversation(ctx.db, member.user.id, request.params.uuid);
      const raw = (request.query ?? {}) as Record<string, unknown>;
      const parsed = parseListQuery(raw, { includes: listSpec.includes, defaultLimit: 1, maxLimit: 1 });
      const include = raw.include === undefined ? null : parsed.include;
      return one(request, row.id, include);
    },
  );

  app.put(
    '/user-conversations/:uuid/star',
    { schema: { ...oneConversation, summary: 'Star a conversation (for the member only)' } },
    async (request) => {
      const member = currentMember(request);
      const row = await participantConversation(ctx.db, member.user.id, request.params.uuid);
      return one(request, (await setStar(ctx.db, row, member.user.id, true)).id, null);
    },
  );

  app.delete(
    '/user-conversations/:uuid/star',
    { schema: { ...oneConversation, summary: 'Unstar a conversation' } },
    async (request) => {
      const member = currentMember(request);
      const row = await participantConversation(ctx.db, member.user.id, request.params.uuid);
      return one(request, (await setStar(ctx.db, row, member.user.id, false)).id, null);
    },
  );

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
      await hideForMember(ctx.db, row, member.user.id);
      return { message: 'The conversation has been deleted.' };
    },
  );
}
