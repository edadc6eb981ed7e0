// The bare baseline beside our backend (issue 16): plain Fastify + `pg` with the same realtime
// server mounted on one loopback port, as the site server mounts ours. A send checks the same
// HS256 access token, runs ONE SQL statement (insert unless the sender already used the
// client_msg_id, debit, move the conversation) and publishes `message.sent` to the
// conversation's channel. No sessions, flood limit, ledger, visibility, counters or
// notifications: what ours does beyond that essential work shows as the ratio ours/bare.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { connectionsPerProcess } from '@ukd/api';
import { bareTokenCheck } from '@ukd/bench-api/src/bare-token';
import { createRealtimeServer, signChannel } from '@ukd/realtime-server';
import Fastify from 'fastify';
import pg from 'pg';

/** A message row as the client reads it: pg answers bigint ids as strings, ours as numbers. */
const withNumberId = (row: Record<string, unknown>) => ({ ...row, id: Number(row.id) });

export interface BareBackend {
  port: number;
  appKey: string;
  close(): Promise<void>;
}

export async function startBareBackend(opts: {
  databaseUrl: string;
  jwtSecret: string;
  siteKey: string;
}): Promise<BareBackend> {
  const credentials = { id: 'bare', key: 'bare-key', secret: randomBytes(32).toString('hex') };
  const realtime = await createRealtimeServer({ apps: [credentials] });
  // As many connections as our API opens by default.
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: connectionsPerProcess() });
  const memberUuid = await bareTokenCheck(opts.jwtSecret, opts.siteKey);

  const app = Fastify({ logger: false });
  // pusher-js posts its channel authorisation form-encoded.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.server.on('upgrade', (request, socket, head) => {
    if (!realtime.handleUpgrade(request, socket, head)) socket.destroy();
  });

  // A conversation's channel, for one of its two members.
  app.post<{ Body: { socket_id: string; channel_name: string } }>(
    '/api/broadcasting/auth',
    async (request, reply) => {
      const uuid = await memberUuid(request.headers.authorization);
      const { socket_id: socketId, channel_name: channel } = request.body;
      const conversation = /^private-conversation\.([0-9a-f-]{36})$/.exec(channel)?.[1];
      if (!uuid || !conversation) return reply.code(403).send({ message: 'Forbidden.' });
      const { rowCount } = await pool.query({
        name: 'bare-channel',
        text: `select 1 from conversations c join users u on u.uuid = $1
               where c.uuid = $2 and (c.initiator_id = u.id or c.recipient_id = u.id)`,
        values: [uuid, conversation],
      });
      if (!rowCount) return reply.code(403).send({ message: 'Forbidden.' });
      return { auth: signChannel(credentials, socketId, channel) };
    },
  );

  app.post<{ Params: { uuid: string }; Body: { client_msg_id: string; body: string } }>(
    '/api/user-conversations/:uuid/messages',
    async (request, reply) => {
      const uuid = await memberUuid(request.headers.authorization);
      if (!uuid) return reply.code(401).send({ message: 'Unauthenticated.' });
      const values = [uuid, request.params.uuid, request.body.client_msg_id, request.body.body];
      const { rows } = await pool.query({
        name: 'bare-send',
        text: `with me as (select id, credits from users where uuid = $1),
          c as (select c.id, case when c.initiator_id = me.id then c.recipient_id else c.initiator_id end as to_id
                from conversations c, me where c.uuid = $2 and (c.initiator_id = me.id or c.recipient_id = me.id)),
          ins as (insert into messages (client_msg_id, conversation_id, from_id, to_id, type, body, price)
                  select $3, c.id, me.id, c.to_id, 'text', $4, 1 from c, me where me.credits >= 1
                  on conflict (from_id, client_msg_id) do nothing
                  returning id, client_msg_id, body, created_at, conversation_id),
          debit as (update users set credits = credits - 1
                    where id = (select id from me) and exists (select 1 from ins)),
          moved as (update conversations set last_message_id = ins.id, updated_at = ins.created_at
                    from ins where conversations.id = ins.conversation_id)
          select id, client_msg_id, body, created_at from ins`,
        values,
      });
      const message = rows[0] && withNumberId(rows[0]);
      if (message) {
        // Published after the commit, as ours does, without holding the answer.
        realtime
          .publish(credentials.id, [`private-conversation.${request.params.uuid}`], 'message.sent', message)
          .catch((error: unknown) => console.error('publish failed', error));
        return reply.code(201).send({ data: message });
      }
      // A client_msg_id used before (or no credits): the original, read after its commit.
      const { rows: original } = await pool.query({
        name: 'bare-repeat',
        text: `select m.id, m.client_msg_id, m.body, m.created_at from messages m join users u on u.id = m.from_id
               where u.uuid = $1 and m.client_msg_id = $2`,
        values: [uuid, request.body.client_msg_id],
      });
      if (!original[0]) return reply.code(402).send({ message: 'Not enough credits.' });
      return { data: withNumberId(original[0]) };
    },
  );

  // What the run stored, for its loss and duplicate checks (the catch-up paging ours has).
  app.get<{ Params: { uuid: string }; Querystring: { after?: string; limit?: string } }>(
    '/api/user-conversations/:uuid/messages',
    async (request) => {
      const limit = Math.min(100, Number(request.query.limit) || 100);
      const { rows } = await pool.query({
        name: 'bare-list',
        text: `select m.id, m.client_msg_id from messages m join conversations c on c.id = m.conversation_id
               where c.uuid = $1 and m.id > $2 order by m.id limit $3`,
        values: [request.params.uuid, Number(request.query.after) || 0, limit + 1],
      });
      return { data: rows.slice(0, limit).map(withNumberId), meta: { has_more: rows.length > limit } };
    },
  );

  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    port: (app.server.address() as AddressInfo).port,
    appKey: credentials.key,
    async close() {
      await realtime.close();
      await app.close();
      await pool.end();
    },
  };
}
