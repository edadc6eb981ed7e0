import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { executedRows, jsonObjectOf, maybeRowFromJson } from '../db/json-rows';
import { type ConversationRow, conversations, type MessageRow, messages } from '../db/messaging-schema';
import { type PhotoRow, photos, users } from '../db/schema';
import { notFound } from '../http/api-error';
import { shownPhotoJson } from '../photos/photo-resource';
import { CARD_FIELDS, type CardUser } from '../profiles/profile-resource';
import { viewerSide } from './conversations';

/** A conversation row with everything its resource shows, as one statement loads it. */
export interface LoadedConversation {
  row: ConversationRow;
  initiator: CardUser;
  recipient: CardUser;
  /** Each member's approved primary photo (`approvedPrimaries`' rule), if any. */
  initiatorPhoto: PhotoRow | null;
  recipientPhoto: PhotoRow | null;
  lastMessage: MessageRow | null;
  /** Messages to the viewer not yet read. */
  unread: number;
}

export interface ConversationPage {
  rows: LoadedConversation[];
  /** Conversations matching `where`, and starred ones among `base`, over all pages. */
  total: number;
  starred: number;
}

interface PageRow {
  conversation: unknown;
  total: number;
  starred: number;
  initiator: unknown;
  recipient: unknown;
  initiator_photo: unknown;
  recipient_photo: unknown;
  last_message: unknown;
  unread: number | string | null;
}

/**
 * A page of the viewer's conversations (`base`: the ones they may see; `where`: those the
 * filters keep), starred first then newest, with both members, their photos, the last message,
 * the unread count and the totals, in ONE statement: the list used to take six queries in two
 * round trips, and round trips were most of its cost under load (issue 16).
 */
export async function loadConversationPage(
  db: Db,
  viewerId: number,
  query: { base: SQL; where: SQL; limit: number; offset: number },
): Promise<ConversationPage> {
  const side = viewerSide(viewerId);
  const result = await db.execute(sql`
    with listed as (
      select ${conversations}.*, (${query.where}) as matches, ${side.star} as viewer_star
      from ${conversations} where ${query.base}
    ),
    totals as (
      select (count(*) filter (where matches))::integer as total,
             (count(*) filter (where viewer_star))::integer as starred
      from listed
    ),
    page as (
      select * from listed where matches
      order by viewer_star desc, updated_at desc, id desc
      limit ${query.limit} offset ${query.offset}
    )
    select to_jsonb(page) - 'matches' - 'viewer_star' as conversation, totals.total, totals.starred,
           ${jsonObjectOf(users, 'i', CARD_FIELDS)} as initiator,
           ${jsonObjectOf(users, 'r', CARD_FIELDS)} as recipient,
           ${shownPhotoJson(sql`page.initiator_id`)} as initiator_photo,
           ${shownPhotoJson(sql`page.recipient_id`)} as recipient_photo,
           to_jsonb(lm) as last_message,
           (select count(*) from ${messages} um
             where um.conversation_id = page.id and um.to_id = ${viewerId} and um.read_at is null)::integer as unread
    from totals
    left join page on true
    left join ${users} i on i.id = page.initiator_id
    left join ${users} r on r.id = page.recipient_id
    left join ${messages} lm on lm.id = page.last_message_id
    order by page.viewer_star desc, page.updated_at desc, page.id desc`);
  const raw = executedRows<PageRow>(result);
  const first = raw[0];
  const rows: LoadedConversation[] = [];
  for (const r of raw) {
    const row = maybeRowFromJson(conversations, r.conversation);
    if (!row) continue; // the totals row of an empty page
    const initiator = maybeRowFromJson(users, r.initiator, CARD_FIELDS);
    const recipient = maybeRowFromJson(users, r.recipient, CARD_FIELDS);
    if (!initiator || !recipient) throw new Error(`conversation ${row.id} lost a member`);
    rows.push({
      row,
      initiator,
      recipient,
      initiatorPhoto: maybeRowFromJson(photos, r.initiator_photo),
      recipientPhoto: maybeRowFromJson(photos, r.recipient_photo),
      lastMessage: maybeRowFromJson(messages, r.last_message),
      unread: Number(r.unread ?? 0),
    });
  }
  return { rows, total: Number(first?.total ?? 0), starred: Number(first?.starred ?? 0) };
}

/** One conversation (already checked to be the viewer's) with what its resource shows. */
export async function loadConversation(db: Db, viewerId: number, id: number): Promise<LoadedConversation> {
  const only = sql`${conversations.id} = ${id}`;
  const page = await loadConversationPage(db, viewerId, { base: only, where: only, limit: 1, offset: 0 });
  const loaded = page.rows[0];
  if (!loaded) throw notFound();
  return loaded;
}
