import { createHash } from 'node:crypto';
import { PROFILE_LIMITS, UK_REGIONS } from '@ukd/contracts/api';
import { and, count, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { executedRows, maybeRowFromJson } from '../db/json-rows';
import { param, preparedPerShape, prepareSql } from '../db/prepared-statement';
import { type PhotoRow, photos, users } from '../db/schema';
import type { ListQuery, ListQuerySpec } from '../http/list-query';
import { shownPhotoJson } from '../photos/photo-resource';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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

/** Which filters are on (the params `values` holds) and the order: queries of one shape share a statement. */
const shapeOf = (query: BrowseQuery, values: Record<string, unknown>) =>
  `${Object.keys(values)
    .concat(query.filter.with_photo === undefined ? [] : [`photo:${query.filter.with_photo}`])
    .sort()
    .join(',')}|${query.sort.map((s) => `${s.field}:${s.direction}`).join(',')}`;

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
  photo: unknown;
};

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
 * The page and count statements for one shape of browse query, built and prepared once per
 * database handle; named by a digest of the shape, so two handles on one pool never give one
 * name two statements.
 */
const browseStatement = preparedPerShape(
  ({ shape }: { query: BrowseQuery; shape: string }) => shape,
  (db, { query }, shape) => {
    const name = `browse_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;
    const where = and(
      visibleTo({ id: param<number>('viewer'), siteId: param<number>('site') }),
      ...browseConditions(query.filter),
    );
    const order = query.sort.map((s) => {
      const col = s.field === 'created_at' ? users.createdAt : users.lastActiveAt;
      return s.direction === 'desc' ? sql`${col} desc nulls last` : sql`${col} asc nulls last`;
    });
    // Inside the photo subquery `id` is the photo's: the member's is named with its table.
    const page = prepareSql(
      db,
      sql`select ${cardSelection}, (count(*) over ())::integer as total,
            ${shownPhotoJson(sql`${users}.${sql.identifier(users.id.name)}`)} as photo
          from ${users} where ${where}
          order by ${sql.join([...order, sql`${users.id} desc`], sql`, `)}
          limit ${param<number>('limit')} offset ${param<number>('offset')}`,
      `${name}_page`,
    );
    const total = db.select({ total: count() }).from(users).where(where).prepare(`${name}_total`);
    return { page, total };
  },
);

/**
 * A page of the members the viewer may see that match the browse filters, in the asked order,
 * each with the photo others see, and the total: one prepared statement per shape of query
 * (issue 16), plus a count only when a page past the end comes back empty.
 */
export async function browseProfiles(
  db: Db,
  viewer: Viewer,
  query: BrowseQuery,
  online: ReadonlySet<string>,
): Promise<{ rows: { user: CardUser; photo: PhotoRow | null }[]; total: number }> {
  const filters = browseValues(query.filter, online);
  const statement = browseStatement(db, { query, shape: shapeOf(query, filters) });
  const values = { ...filters, viewer: viewer.id, site: viewer.siteId };
  const page = executedRows<PageRow>(
    await statement.page.execute({ ...values, limit: query.limit, offset: query.offset }),
  );
  const total =
    page[0]?.total ?? (query.offset > 0 ? ((await statement.total.execute(values))[0]?.total ?? 0) : 0);
  return {
    rows: page.map((r) => ({ user: cardOf(r), photo: maybeRowFromJson(photos, r.photo) })),
    total: Number(total),
  };
}
