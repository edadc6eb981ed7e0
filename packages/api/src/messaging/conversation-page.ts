import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { type ConversationRow, conversations, type MessageRow, messages } from '../db/messaging-schema';
import { param, preparedStatement } from '../db/prepared-statement';
import { executedRows, jsonObjectOf, maybeRowFromJson } from '../db/related-rows';
import { users } from '../db/schema';
import { notFound } from '../http/api-error';
import { type ShownPhoto, shownPhotoColumns, shownPhotoOf, shownPhotosOf } from '../photos/photo-resource';
import { CARD_FIELDS, type CardUser } from '../profiles/profile-resource';
import { type RoleSide, sideAs, type ViewerRole } from './conversations';

/** A conversation row with everything its resource shows, as one statement loads it. */
export interface LoadedConversation {
  row: ConversationRow;
  initiator: CardUser;
  recipient: CardUser;
  /** Each member's approved primary photo (`shownPhotoOfMember`' rule), if any. */
  initiatorPhoto: ShownPhoto | null;
  recipientPhoto: ShownPhoto | null;
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

type PageRow = {
  conversation: unknown;
  total: number;
  starred: number;
  chatmate: unknown;
  last_message: unknown;
  unread: number | string | null;
  /** `shownPhotoColumns` of the chatmate's and the viewer's photo. */
  [photoColumn: `${'chatmate' | 'viewer'}_photo_${string}`]: unknown;
};

/** Which conversations a page statement lists, asked of the viewer's rows one role at a time
 * (`side`): `base`, the ones the viewer may see, and among them those `filter` keeps (null: all
 * of them). `hidden`, if any, is a set of member ids read once for the whole statement (the
 * viewer's rows are read four times: each role, for the page and for the totals); `base` gets
 * the name of the relation holding it. Values that change per request are `param`s. */
export interface PageQuery {
  hidden?: SQL;
  base: (side: RoleSide, hidden: SQL) => SQL;
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

const HIDDEN = sql`${sql.identifier('hidden')}`;

function pageSql({ hidden, base, filter }: PageQuery): SQL {
  // The viewer's rows as initiator and as recipient, each read on its own index (member, star,
  // updated_at, id): the page takes the first `offset + limit` of each in list order and merges
  // them, so a member with 5,000 conversations reads ten-odd rows for it, not 5,000. Only the
  // totals count them all (pgbench on such a member: 27 → 3 ms; on one with 16: unchanged).
  // Each row's chatmate and last message are lookups by key (subqueries), not joins: on small
  // tables the planner hashed whole tables for the ten rows of a page. The photos of the page's
  // chatmates and the viewer are one pass (`shownPhotosOf`), as plain columns: a sorted subquery
  // per member and each photo's JSON were a third of the statement (issue 16).
  // Rows of a side already meet `base`: `matches` is only the filters, so the visibility checks
  // run once per conversation. Rows travel as `row_to_json` (text), not `to_jsonb`: building
  // binary JSON was a sixth of the statement's time, and the reader ignores the extra keys.
  const asRole = (role: ViewerRole) => {
    const side = sideAs(role);
    return sql`
      select ${conversations}.*, ${side.star} as viewer_star, ${side.chatmateId} as chatmate_id,
             (${filter?.(side) ?? sql`true`}) as matches
      from ${conversations} where ${side.memberId} = ${viewer} and ${base(side, HIDDEN)}`;
  };
  const listOrder = sql`order by viewer_star desc, updated_at desc, id desc`;
  const firstOf = (rows: SQL) =>
    sql`(select * from ${rows} where matches ${listOrder} limit ${param('limit')}::integer + ${param('offset')}::integer)`;
  // Materialized: read once, not once per reference (on PGlite each read of a table also asks
  // its file's size; pgbench on a 5,000-conversation inbox: 1.5–2.2 → 1.1–1.6 ms).
  const hiddenCte = hidden ? sql`${HIDDEN} as materialized (${hidden}),` : sql``;
  return sql`
    with ${hiddenCte} as_initiator as not materialized (${asRole('initiator')}),
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
    ),
    shown as (${shownPhotosOf(sql`select chatmate_id from page union all select ${viewer}::integer`)})
    select row_to_json(page) as conversation, totals.total, totals.starred,
           ${shownPhotoColumns('cp', 'chatmate_photo')}, ${shownPhotoColumns('vp', 'viewer_photo')},
           (select ${jsonObjectOf(users, 'cm', CARD_FIELDS)} from ${users} cm where cm.id = page.chatmate_id) as chatmate,
           (select row_to_json(lm) from ${messages} lm where lm.id = page.last_message_id) as last_message,
           (select count(*) from ${messages} um
             where um.conversation_id = page.id and um.to_id = ${viewer} and um.read_at is null)::integer as unread
    from totals
    left join page on true
    left join shown cp on cp.user_id = page.chatmate_id
    left join shown vp on vp.user_id = ${viewer}::integer
    order by page.viewer_star desc, page.updated_at desc, page.id desc`;
}

function pageFromRows(raw: PageRow[], viewer: CardUser): ConversationPage {
  const first = raw[0];
  const viewerCard = Object.fromEntries(CARD_FIELDS.map((key) => [key, viewer[key]])) as CardUser;
  const viewerPhoto = first ? shownPhotoOf(first, 'viewer_photo') : null;
  const rows: LoadedConversation[] = [];
  for (const r of raw) {
    const row = maybeRowFromJson(conversations, r.conversation);
    if (!row) continue; // the totals row of an empty page
    const chatmate = maybeRowFromJson(users, r.chatmate, CARD_FIELDS);
    if (!chatmate) throw new Error(`conversation ${row.id} lost a member`);
    const chatmatePhoto = shownPhotoOf(r, 'chatmate_photo');
    const viewerStarted = row.initiatorId === viewer.id;
    rows.push({
      row,
      initiator: viewerStarted ? viewerCard : chatmate,
      recipient: viewerStarted ? chatmate : viewerCard,
      initiatorPhoto: viewerStarted ? viewerPhoto : chatmatePhoto,
      recipientPhoto: viewerStarted ? chatmatePhoto : viewerPhoto,
      lastMessage: maybeRowFromJson(messages, r.last_message),
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
