// A member with thousands of conversations: on a dating site the popular profiles receive a
// first message from thousands of members, and their inbox is the page they open most. Built
// straight in SQL (the API would take minutes to register that many members), after every
// other phase, since the new members change what profile browse and the other lists read.
import pg from 'pg';
import type { LoadTarget } from './messages';
import { CONVERSATION_LIST_PATH } from './setup';

/** Conversations the member gets. */
export const BIG_INBOX = 5_000;

/**
 * Gives the member signed in with `token` (whose email is `email`) BIG_INBOX conversations,
 * each started by a new member with one message (seven in ten read), over a thousand hours;
 * 50 of those members blocked by them, 50 blocking them, one in a hundred deactivated. The
 * answer is what a load generator repeats: that member's conversation list.
 */
export async function fillBigInbox(url: string, email: string, token: string): Promise<LoadTarget[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ id: number; site_id: number }>(
      'select id, site_id from users where email = $1',
      [email],
    );
    const member = rows[0];
    if (!member) throw new Error(`no member ${email}`);
    await client.query(
      `insert into users (site_id, username, email, password_hash, gender, date_of_birth, city, last_active_at, deactivated_at)
       select $1, 'admirer' || g, 'admirer' || g || '@bench.example', 'not-a-hash', 'female', date '1995-01-01', 'Leeds',
              now() - g * interval '1 minute', case when g % 100 = 0 then now() end
       from generate_series(1, $2::integer) g`,
      [member.site_id, BIG_INBOX],
    );
    await client.query(
      `insert into conversations (initiator_id, recipient_id, pair_low, pair_high, updated_at)
       select u.id, $1, least(u.id, $1), greatest(u.id, $1), now() - random() * interval '1000 hours'
       from users u where u.email like 'admirer%@bench.example'`,
      [member.id],
    );
    await client.query(
      `with sent as (
         insert into messages (client_msg_id, conversation_id, from_id, to_id, type, body, created_at, read_at)
         select gen_random_uuid(), c.id, c.initiator_id, $1, 'text', 'Hi! Fancy a chat?', c.updated_at,
                case when random() < 0.7 then c.updated_at end
         from conversations c where c.recipient_id = $1 and c.last_message_id is null
         returning id, conversation_id)
       update conversations c set last_message_id = sent.id from sent where c.id = sent.conversation_id`,
      [member.id],
    );
    await client.query(
      `insert into blocks (blocker_id, blocked_id)
       select $1, id from users where email like 'admirer1%@bench.example' order by id limit 50`,
      [member.id],
    );
    await client.query(
      `insert into blocks (blocker_id, blocked_id)
       select id, $1 from users where email like 'admirer2%@bench.example' order by id limit 50`,
      [member.id],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    await client.end();
  }
  return [{ method: 'GET', path: CONVERSATION_LIST_PATH, token }];
}
