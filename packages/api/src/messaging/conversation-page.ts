import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { executedRows } from '../db/json-rows';
import { type ConversationRow, conversations, type MessageRow, messages } from '../db/messaging-schema';
import { param, preparedStatement } from '../db/prepared-statement';
import { prefixedColumns, rowFromColumns } from '../db/row-columns';
import { type PhotoRow, photos, users } from '../db/schema';
import { notFound } from '../http/api-error';
import { shownPhotoRow } from '../photos/photo-resource';
import { CARD_FIELDS, type CardUser } from '../profiles/profile-resource';
import { type RoleSide, sideAs, type ViewerRole } from './conversations';

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

/** A row of the page statement: the conversation (`c_…`), the viewer's photo (`vp_…`), the
 * chatmate (`cm_…`), their photo (`cp_…`) and the last message (`lm_…`) as `prefixedColumns`. */
interface PageRow extends Record<string, unknown> {
  total: number;
  starred: number;
  unread: number | string | null;
}

/** Which conversations a page statement lists, asked of the viewer's rows one role at a time
 * (`side`): `base`, the ones the viewer may see, and among them those `filter` keeps (null: all
 * of them). Values that change per request are `param`s. */
export interface PageQuery {
  base: (side: RoleSide) => SQL;
  filter: ((side: RoleSide) => SQL) | null;
}

/** The values every page statement runs with, beside any its `PageQuery` names (and the viewer's id). */
export interface PageValues {
  limit: number;
  offset: number;
  [name: string]: unknown;
}

const viewer = param<number>('viewer');

/**
 * A statement for pages of the viewer's conversations (`describe(input)` says which), starred
 * first then newest, with both members, their photos, the last message, the unread count and the
 * totals, in ONE statement: the list used to take six queries in two round trips, and round
 * trips were most of its cost under load (issue 16). Its text is built once per `keyOf(input)`.
 * The viewer's own card comes from `viewer` (the signed-in member's row), their photo once per
 * page: reading and decoding the viewer's member and photo JSON in every row was half of it.
 */
export function conversationPageStatement<Input>(
  keyOf: (input: Input) => string,
  describe: (input: Input) => PageQuery,
) {
  const run = preparedStatement(keyOf, (input: Input) => pageSql(describe(input)));
  return async (db: Db, input: Input, member: CardUser, values: PageValues): Promise<ConversationPage> =>
    pageFromRows(executedRows<PageRow>(await run(db, input, { ...values, viewer: member.id })), member);
}

function pageSql({ base, filter }: PageQuery): SQL {
  // The viewer's rows as initiator and as recipient, each read on its own index (member, star,
  // updated_at, id): the page takes the first `offset + limit` of each in list order and merges
  // them, so a member with 5,000 conversations reads ten-odd rows for it, not 5,000. Only the
  // totals count them all (pgbench on such a member: 27 → 3 ms; on one with 16: unchanged).
  // Each row's chatmate, photos and last message are lookups by key (lateral, `limit 1` so they
  // stay per row): with plain joins on small tables the planner hashed whole tables for the ten
  // rows of a page. They come back as plain columns (`prefixedColumns`), not JSON.
  // Rows of a side already meet `base`: `matches` is only the filters, so the visibility checks
  // run once per conversation.
  const asRole = (role: ViewerRole) => {
    const side = sideAs(role);
    return sql`
      select ${conversations}.*, ${side.star} as viewer_star, ${side.chatmateId} as chatmate_id,
             (${filter?.(side) ?? sql`true`}) as matches
      from ${conversations} where ${side.memberId} = ${viewer} and ${base(side)}`;
  };
  const listOrder = sql`order by viewer_star desc, updated_at desc, id desc`;
  const firstOf = (rows: SQL) =>
    sql`(select * from ${rows} where matches ${listOrder} limit ${param('limit')}::integer + ${param('offset')}::integer)`;
  return sql`
    with as_initiator as not materialized (${asRole('initiator')}),
    as_recipient as not materialized (${asRole('recipient')}),
    totals as (
      select (count(*) filter (where matches))::integer as total,
             (count(*) filter (where viewer_star))::integer as starred
      from (select matches, viewer_star from as_initiator
            union all select matches, viewer_star from as_recipient) listed
    ),
    page as (
      select * from (${firstOf(sql`as_initiator`)} union all ${firstOf(sql`as_recipient`)}) first_of_each
      ${listOrder}
      limit ${param('limit')} offset ${param('offset')}
    )
    select ${prefixedColumns(conversations, 'page', 'c')}, totals.total, totals.starred,
           ${prefixedColumns(photos, 'vp', 'vp')},
           ${prefixedColumns(users, 'cm', 'cm', CARD_FIELDS)},
           ${prefixedColumns(photos, 'cp', 'cp')},
           ${prefixedColumns(messages, 'lm', 'lm')},
           (select count(*) from ${messages} um
             where um.conversation_id = page.id and um.to_id = ${viewer} and um.read_at is null)::integer as unread
    from totals
    left join lateral ${shownPhotoRow(sql`${viewer}`)} vp on true
    left join page on true
    left join lateral (select * from ${users} where id = page.chatmate_id limit 1) cm on true
    left join lateral ${shownPhotoRow(sql`page.chatmate_id`)} cp on true
    left join lateral (select * from ${messages} where id = page.last_message_id limit 1) lm on true
    order by page.viewer_star desc, page.updated_at desc, page.id desc`;
}

function pageFromRows(raw: PageRow[], viewer: CardUser): ConversationPage {
  const first = raw[0];
  const viewerCard = Object.fromEntries(CARD_FIELDS.map((key) => [key, viewer[key]])) as CardUser;
  const viewerPhoto = first ? rowFromColumns(photos, first, 'vp') : null;
  const rows: LoadedConversation[] = [];
  for (const r of raw) {
    const row = rowFromColumns(conversations, r, 'c');
    if (!row) continue; // the totals row of an empty page
    const chatmate = rowFromColumns(users, r, 'cm', CARD_FIELDS);
    if (!chatmate) throw new Error(`conversation ${row.id} lost a member`);
    const chatmatePhoto = rowFromColumns(photos, r, 'cp');
    const viewerStarted = row.initiatorId === viewer.id;
    rows.push({
      row,
      initiator: viewerStarted ? viewerCard : chatmate,
      recipient: viewerStarted ? chatmate : viewerCard,
      initiatorPhoto: viewerStarted ? viewerPhoto : chatmatePhoto,
      recipientPhoto: viewerStarted ? chatmatePhoto : viewerPhoto,
      lastMessage: rowFromColumns(messages, r, 'lm'),
      unread: Number(r.unread ?? 0),
    });
  }
  return { rows, total: Number(first?.total ?? 0), starred: Number(first?.starred ?? 0) };
}

const oneConversation = conversationPageStatement(
  () => 'one',
  () => ({ base: () => sql`${conversations.id} = ${param<number>('id')}`, filter: null }),
);

/** One conversation (already checked to be the viewer's) with what its resource shows. */
export async function loadConversation(db: Db, viewer: CardUser, id: number): Promise<LoadedConversation> {
  const page = await oneConversation(db, null, viewer, { id, limit: 1, offset: 0 });
  const loaded = page.rows[0];
  if (!loaded) throw notFound();
  return loaded;
}
