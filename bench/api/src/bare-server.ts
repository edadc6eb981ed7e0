// The bare baseline: plain Fastify + `pg` doing only the essential work of each measured route,
// verifying the same HS256 access token and running ONE SQL statement each, on the same
// database and with the same number of processes (WORKERS) as the API it is compared with.
// No sessions, no validation beyond the token, no resource shaping: what "as fast as this stack
// goes" means for these queries. Env: PORT, DATABASE_URL, JWT_SECRET, SITE_KEY, WORKERS, DB_POOL_SIZE,
// REALTIME_API_HOST/PORT and REALTIME_APP_ID/KEY/SECRET (where a send is published).
// With PGLITE_DIR instead of DATABASE_URL: the same statements on plain PGlite (one process),
// the baseline of the embedded default.
import { PGlite } from '@electric-sql/pglite';
import { triggerEvents } from '@ukd/realtime-server/pusher-http-client';
import { runWorkers, workerCount } from '@ukd/workers';
import Fastify from 'fastify';
import pg from 'pg';
import { bareTokenCheck } from './bare-token';
import { type BareQuery, wholeConversationList } from './bare-whole-list';

const env = process.env;
// Imported once, as our API does (jose imports raw bytes again on every call).
const memberUuid = await bareTokenCheck(env.JWT_SECRET ?? '', env.SITE_KEY ?? 'ukdating-site01');
const realtime = {
  host: env.REALTIME_API_HOST ?? '127.0.0.1',
  port: Number(env.REALTIME_API_PORT),
  appId: env.REALTIME_APP_ID ?? '',
  key: env.REALTIME_APP_KEY ?? '',
  secret: env.REALTIME_APP_SECRET ?? '',
};

interface BareDatabase {
  query: BareQuery;
  end(): Promise<void>;
}

/** PostgreSQL through a `pg` pool with named (prepared) statements, or plain PGlite on disk. */
async function openBareDatabase(): Promise<BareDatabase> {
  if (env.PGLITE_DIR) {
    const db = await PGlite.create(env.PGLITE_DIR);
    return {
      query: ({ text, values }) => db.query<Record<string, unknown>>(text, values),
      end: () => db.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: Number(env.DB_POOL_SIZE) || 10 });
  return { query: (statement) => pool.query(statement), end: () => pool.end() };
}

async function serve(): Promise<void> {
  const database = await openBareDatabase();
  const app = Fastify({ logger: false });
  const wholeList = wholeConversationList(database.query, env.API_URL ?? 'http://localhost:3000/api');

  // The member's 10 latest conversations with the chatmate and the last message; with
  // `answer=whole`, the contract's whole answer (`bare-whole-list.ts`).
  app.get<{ Querystring: { answer?: string } }>('/api/user-conversations', async (request, reply) => {
    const uuid = await memberUuid(request.headers.authorization);
    if (!uuid) return reply.code(401).send({ message: 'Unauthenticated.' });
    if (request.query.answer === 'whole') return wholeList(uuid);
    const { rows } = await database.query({
      name: 'bare-conversations',
      text: `with me as (select id from users where uuid = $1)
        select c.id, c.uuid, c.updated_at, u.uuid as chatmate_uuid, u.username, u.city,
               m.id as last_id, m.type as last_type, m.body as last_body, m.created_at as last_at
        from me, conversations c
        join users u on u.id = case when c.initiator_id = (select id from me) then c.recipient_id else c.initiator_id end
        left join messages m on m.id = c.last_message_id
        where c.initiator_id = me.id or c.recipient_id = me.id
        order by c.updated_at desc, c.id desc limit 10`,
      values: [uuid],
    });
    return { data: rows };
  });

  // A page of 24 members of the site, newest first, in the order of browse's index (migration
  // 0015) with the site as a value, so on a site of thousands it reads 24 entries as ours does
  // rather than sorting every member (a join on `me` did: 90 answers a second).
  app.get('/api/profiles', async (request, reply) => {
    const uuid = await memberUuid(request.headers.authorization);
    if (!uuid) return reply.code(401).send({ message: 'Unauthenticated.' });
    const { rows } = await database.query({
      name: 'bare-profiles',
      text: `with me as (select id, site_id from users where uuid = $1)
        select u.uuid, u.username, u.gender, u.date_of_birth, u.city, u.headline, u.last_active_at
        from users u
        where u.site_id = (select site_id from me) and u.id <> (select id from me) and u.deactivated_at is null
        order by u.created_at desc nulls last, u.id desc limit 24`,
      values: [uuid],
    });
    return { data: rows };
  });

  // A chat opened: the latest 50 messages of one of the member's conversations (those after the
  // member deleted it, if they did), one more telling whether older ones exist, oldest first.
  app.get<{ Params: { uuid: string } }>('/api/user-conversations/:uuid/messages', async (request, reply) => {
    const uuid = await memberUuid(request.headers.authorization);
    if (!uuid) return reply.code(401).send({ message: 'Unauthenticated.' });
    const { rows } = await database.query({
      name: 'bare-messages',
      text: `with me as (select id from users where uuid = $1),
        c as (select c.id, coalesce(case when c.initiator_id = me.id then c.initiator_deleted_upto
                                         else c.recipient_deleted_upto end, 0) as upto
              from conversations c, me where c.uuid = $2 and (c.initiator_id = me.id or c.recipient_id = me.id))
        select m.id, m.uuid, m.from_id, m.to_id, m.type, m.body, m.created_at, m.read_at
        from c, lateral (select * from messages m where m.conversation_id = c.id and m.id > c.upto
                         order by m.id desc limit 51) m`,
      values: [uuid, request.params.uuid],
    });
    if (rows.length === 0) return reply.code(404).send({ message: 'Not found.' });
    return { data: rows.slice(0, 50).reverse(), meta: { has_more: rows.length > 50 } };
  });

  // A member's profile opened: the member (same site, not deactivated), their approved photos,
  // and the visit recorded unless one was within six hours, in one statement.
  app.get<{ Params: { uuid: string } }>('/api/profiles/:uuid', async (request, reply) => {
    const uuid = await memberUuid(request.headers.authorization);
    if (!uuid) return reply.code(401).send({ message: 'Unauthenticated.' });
    const { rows } = await database.query({
      name: 'bare-profile',
      text: `with me as (select id, site_id from users where uuid = $1),
        target as (select u.* from users u, me where u.uuid = $2 and u.site_id = me.site_id and u.deactivated_at is null),
        visit as (insert into profile_visits (visitor_id, visited_id)
                  select me.id, target.id from me, target where target.id <> me.id
                  on conflict (visitor_id, visited_id) do update
                    set visits = profile_visits.visits + 1, last_visited_at = now()
                    where profile_visits.last_visited_at < now() - interval '6 hours'
                  returning 1)
        select t.uuid, t.username, t.gender, t.date_of_birth, t.city, t.headline, t.about, t.last_active_at,
               (select coalesce(json_agg(json_build_object('file', p.file, 'width', p.width, 'height', p.height)
                                         order by p.is_primary desc, p.created_at), '[]')
                from photos p where p.user_id = t.id and p.status = 'approved') as photos,
               exists (select 1 from visit) as visited
        from target t`,
      values: [uuid, request.params.uuid],
    });
    const profile = rows[0];
    if (!profile) return reply.code(404).send({ message: 'Not found.' });
    return { data: profile };
  });

  // A send in one statement: debit the sender, insert the message, move the conversation.
  app.post<{ Params: { uuid: string }; Body: { client_msg_id: string; body: string } }>(
    '/api/user-conversations/:uuid/messages',
    async (request, reply) => {
      const uuid = await memberUuid(request.headers.authorization);
      if (!uuid) return reply.code(401).send({ message: 'Unauthenticated.' });
      const { rows } = await database.query({
        name: 'bare-send',
        text: `with me as (select id from users where uuid = $1),
          c as (select c.id, case when c.initiator_id = me.id then c.recipient_id else c.initiator_id end as to_id
                from conversations c, me where c.uuid = $2 and (c.initiator_id = me.id or c.recipient_id = me.id)),
          debit as (update users set credits = credits - 1 where id = (select id from me) and credits >= 1 returning credits),
          ins as (insert into messages (client_msg_id, conversation_id, from_id, to_id, type, body, price)
                  select $3, c.id, me.id, c.to_id, 'text', $4, 1 from c, me, debit returning id, created_at, conversation_id),
          moved as (update conversations set last_message_id = ins.id, updated_at = ins.created_at
                    from ins where conversations.id = ins.conversation_id)
          select ins.id, ins.created_at, debit.credits from ins, debit`,
        values: [uuid, request.params.uuid, request.body.client_msg_id, request.body.body],
      });
      const message = rows[0];
      if (!message) return reply.code(402).send({ message: 'refused' });
      // Published after the commit, as the API does, without holding the answer.
      triggerEvents(realtime, [`private-conversation.${request.params.uuid}`], 'message.sent', message).catch(
        (error: unknown) => console.error('publish failed', error),
      );
      return reply.code(201).send({ data: message });
    },
  );

  app.get('/healthz', async () => ({ ok: true }));
  await app.listen({ port: Number(env.PORT), host: '127.0.0.1' });
  const stop = () => void app.close().then(() => database.end().then(() => process.exit(0)));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

await runWorkers(workerCount(), serve);
