import { createHash } from 'node:crypto';
import { PROFILE_LIMITS, UK_REGIONS } from '@ukd/contracts/api';
import { and, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { param, preparedPerShape, prepareSql } from '../db/prepared-statement';
import { executedRows } from '../db/related-rows';
import { photos, users } from '../db/schema';
import type { ListQuery, ListQuerySpec } from '../http/list-query';
import { UUID } from '../http/uuid';
import { type ShownPhoto, shownPhotoColumns, shownPhotoOf, shownPhotosOf } from '../photos/photo-resource';
import { bornAfter, bornOnOrBefore } from './age';
import { CARD_FIELDS, type CardUser } from './profile-resource';
import { type Viewer, visibleTo } from './visibility';

const SORTS = ['created_at', 'last_active_at'] as const;
type ProfileFilter =
  | 'gender'
  | 'age_min'
  | 'age_max'
  | 'region'
  | 'city'
  | 'username'
  | 'online'
  | 'with_photo';

const flag = (raw: string) =>
  raw === '1' || raw === 'true' ? true : raw === '0' || raw === 'false' ? false : undefined;
const age = (raw: string) => {
  if (!/^\d{1,3}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= PROFILE_LIMITS.age.min && n <= PROFILE_LIMITS.age.max ? n : undefined;
};

export const browseSpec: ListQuerySpec<ProfileFilter, (typeof SORTS)[number]> = {
  includes: ['approved_primary'],
  filters: {
    gender: (raw) => (raw === 'male' || raw === 'female' ? raw : undefined),
    age_min: age,
    age_max: age,
    region: (raw) => ((UK_REGIONS as string[]).includes(raw) ? raw : undefined),
    city: (raw) => (raw.trim() && raw.length <= 100 && !raw.includes('\u0000') ? raw.trim() : undefined),
    username: (raw) => (/^[A-Za-z0-9_.-]{1,30}$/.test(raw) ? raw : undefined),
    online: flag,
    with_photo: flag,
  },
  sorts: SORTS,
  defaultSort: [{ field: 'created_at', direction: 'desc' }],
  defaultLimit: 24,
  maxLimit: 60,
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type BrowseQuery = ListQuery<ProfileFilter, (typeof SORTS)[number]>;

/**
 * The browse filters a query uses, as conditions on `users` with every value behind a `param`
 * (named as the filter), so one statement serves every query of the same shape.
 */
function browseConditions(filter: BrowseQuery['filter']): (SQL | undefined)[] {
  const out: (SQL | undefined)[] = [];
  if (filter.gender) out.push(eq(users.gender, param<'male' | 'female'>('gender')));
  if (typeof filter.age_min === 'number') out.push(lte(users.dateOfBirth, param<string>('age_min')));
  if (typeof filter.age_max === 'number') out.push(gt(users.dateOfBirth, param<string>('age_max')));
  if (typeof filter.region === 'string') out.push(eq(users.region, param<string>('region')));
  if (typeof filter.city === 'string') out.push(sql`lower(${users.city}) = ${param<string>('city')}`);
  if (typeof filter.username === 'string') {
    out.push(sql`lower(${users.username}) like ${param<string>('username')}`);
  }
  // The same list as the online count: members connected now (`presence-online`), as one array.
  if (filter.online === true) out.push(sql`${users.uuid} = any(${param<string[]>('online')}::uuid[])`);
  const withPhoto = sql`exists (select 1 from ${photos} where ${photos.userId} = ${users.id} and ${photos.status} = 'approved')`;
  if (filter.with_photo === true) out.push(withPhoto);
  if (filter.with_photo === false) out.push(sql`not ${withPhoto}`);
  return out;
}

/** The values of `browseConditions`' params for this query. */
function browseValues(filter: BrowseQuery['filter'], online: ReadonlySet<string>): Record<string, unknown> {
  const now = new Date();
  const values: Record<string, unknown> = {};
  if (filter.gender) values.gender = filter.gender;
  if (typeof filter.age_min === 'number') values.age_min = bornOnOrBefore(filter.age_min, now);
  if (typeof filter.age_max === 'number') values.age_max = bornAfter(filter.age_max, now);
  if (typeof filter.region === 'string') values.region = filter.region;
  if (typeof filter.city === 'string') values.city = filter.city.toLowerCase();
  if (typeof filter.username === 'string') values.username = `${likeEscape(filter.username.toLowerCase())}%`;
  // Presence ids come from the realtime server: only well-formed uuids reach the query.
  if (filter.online === true) values.online = [...online].filter((id) => UUID.test(id));
  return values;
}

/** Which filters are on (the params `values` holds), the order, the page size and how far the
 * page reads (`boundOf`): queries of one shape share a statement. */
function shapeOf(query: BrowseQuery, values: Record<string, unknown>): string {
  const filters = Object.keys(values)
    .concat(query.filter.with_photo === undefined ? [] : [`photo:${query.filter.with_photo}`])
    .sort()
    .join(',');
  const order = query.sort.map((s) => `${s.field}:${s.direction}`).join(',');
  return `${filters}|${order}|${query.limit}|${boundOf(query) ?? 'deep'}`;
}

/**
 * The card's columns under their field names, so a row is the card as the driver gives it.
 * drizzle's mapping of a selected row (a type check and a decoder call per column) was a tenth of
 * browse's CPU (issue 16); only the two timestamps need converting.
 */
const cardSelection = sql.join(
  CARD_FIELDS.map((key) => sql`${users}.${sql.identifier(users[key].name)} as ${sql.identifier(key)}`),
  sql`, `,
);

type PageRow = Omit<CardUser, 'createdAt' | 'lastActiveAt'> & {
  createdAt: string | Date;
  lastActiveAt: string | Date | null;
  total: number;
  [photoColumn: `photo_${string}`]: unknown;
};

/** The card keys a browse order names, and the member's id that breaks its ties. */
const SORT_KEYS = { created_at: 'createdAt', last_active_at: 'lastActiveAt' } as const;
type OrderKey = (typeof SORT_KEYS)[keyof typeof SORT_KEYS] | 'id';

/** Timestamps come as PostgreSQL's text (drizzle's drivers leave them so) or, from another driver, as dates. */
const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

function cardOf(row: PageRow): CardUser {
  return {
    id: row.id,
    uuid: row.uuid,
    username: row.username,
    gender: row.gender,
    dateOfBirth: row.dateOfBirth,
    city: row.city,
    region: row.region,
    headline: row.headline,
    lastActiveAt: row.lastActiveAt === null ? null : toDate(row.lastActiveAt),
    demo: row.demo,
    createdAt: toDate(row.createdAt),
  };
}

/**
 * Browse counts the members matching a query only so far: up to the next multiple of this past
 * the page asked for ("500+ members", a pager that goes on). An exact count read every matching
 * member on every request: 100 ms a page on a site of 88,000 members (issue 16). Counting to
 * 1,000 instead cost the statement a third more than counting to 500 (0.13 ms against 0.04).
 */
const BROWSE_COUNT_STEP = 500;

/** How many members a page's count reads at most: the next step past the page, and one more to
 * tell whether more match. */
function countCapOf(query: Pick<BrowseQuery, 'offset' | 'limit'>): number {
  return BROWSE_COUNT_STEP * (Math.floor((query.offset + query.limit) / BROWSE_COUNT_STEP) + 1);
}

/**
 * The count's bound when the statement has it written in (the first two steps: at 24 a page,
 * pages 1 to 41), else undefined. PostgreSQL prices a generic plan's LIMIT and OFFSET parameters
 * as a tenth of the table, so with them as values it planned browse afresh on every run (0.35 ms
 * of a page's 0.7 on a site of 50,000). With the bound written in, the page is read from the
 * first `bound` members in order, and its offset, now a value within them, costs the plan little:
 * one statement per shape serves pages 1 to 20, another 21 to 41, each planned once per
 * connection. Deeper pages, rare, take both as values (a statement per page number would let
 * anyone grow the statement cache without end).
 */
function boundOf(query: Pick<BrowseQuery, 'offset' | 'limit'>): number | undefined {
  const cap = countCapOf(query);
  return cap <= 2 * BROWSE_COUNT_STEP ? cap : undefined;
}

/**
 * The statement for one shape of browse query, built and prepared once per database handle;
 * named by a digest of the shape, so two handles on one pool never give one name two statements.
 * It answers the page, its members' photos and the count (`countCapOf`) in one round trip; every
 * order reads an index in order (migration 0015): descending with members never active last,
 * ascending exactly the reverse, ties broken by id the same way.
 */
const browseStatement = preparedPerShape(
  ({ shape }: { query: BrowseQuery; shape: string }) => shape,
  (db, { query }, shape) => {
    const name = `browse_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;
    const where = and(
      visibleTo({ id: param<number>('viewer'), siteId: param<number>('site') }),
      ...browseConditions(query.filter),
    );
    const last = query.sort.at(-1)?.direction ?? 'desc';
    const orderBy = (column: (key: OrderKey) => SQL) =>
      sql.join(
        [
          ...query.sort.map(
            (s) =>
              sql`${column(SORT_KEYS[s.field])} ${sql.raw(s.direction === 'desc' ? 'desc nulls last' : 'asc nulls first')}`,
          ),
          sql`${column('id')} ${sql.raw(last === 'desc' ? 'desc' : 'asc')}`,
        ],
        sql`, `,
      );
    const inTable = orderBy((key) => sql`${users}.${sql.identifier(users[key].name)}`);
    // The page size and the bound (`boundOf`) are written into the statement, the offset is a
    // value: see `boundOf` for why.
    if (!Number.isInteger(query.limit)) throw new Error('browse: the page size is not a whole number');
    const limit = sql.raw(String(query.limit));
    const bound = boundOf(query);
    const readUpTo = bound === undefined ? param<number>('bound') : sql.raw(String(bound));
    const countUpTo = bound === undefined ? param<number>('count_up_to') : sql.raw(String(bound + 1));
    return prepareSql(
      db,
      sql`with page as (
            select * from (
              select ${cardSelection} from ${users} where ${where}
              order by ${inTable}
              limit ${readUpTo}) bounded
            order by ${orderBy((key) => sql`bounded.${sql.identifier(key)}`)}
            limit ${limit} offset ${param<number>('offset')}),
          counted as (
            select count(*)::integer as total
            from (select 1 from ${users} where ${where} order by ${inTable} limit ${countUpTo}) matching),
          shown as (${shownPhotosOf(sql`select id from page`)})
          select page.*, counted.total, ${shownPhotoColumns('shown', 'photo')}
          from counted left join page on true left join shown on shown.user_id = page.id
          order by ${orderBy((key) => sql`page.${sql.identifier(key)}`)}`,
      `${name}_page`,
    );
  },
);

/**
 * A page of the members the viewer may see that match the browse filters, in the asked order,
 * each with the photo others see, and how many match: exactly when `capped` is false, else at
 * least `total` (`countCapOf`). One prepared statement per shape of query (issue 16).
 */
export async function browseProfiles(
  db: Db,
  viewer: Viewer,
  query: BrowseQuery,
  online: ReadonlySet<string>,
): Promise<{ rows: { user: CardUser; photo: ShownPhoto | null }[]; total: number; capped: boolean }> {
  const filters = browseValues(query.filter, online);
  const statement = browseStatement(db, { query, shape: shapeOf(query, filters) });
  const cap = countCapOf(query);
  const raw = executedRows<PageRow>(
    await statement.execute({
      ...filters,
      viewer: viewer.id,
      site: viewer.siteId,
      offset: query.offset,
      bound: cap,
      count_up_to: cap + 1,
    }),
  );
  const counted = Number(raw[0]?.total ?? 0);
  return {
    // An empty page is one row of nulls beside the count.
    rows: raw.filter((r) => r.id !== null).map((r) => ({ user: cardOf(r), photo: shownPhotoOf(r, 'photo') })),
    total: Math.min(counted, cap),
    capped: counted > cap,
  };
}
