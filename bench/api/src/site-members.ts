// The rest of the site: members who are not in the run's conversations but are browsed. The
// demo data alone is a few dozen members; on so few rows a statement that sorts every member of
// the site (browse's, until migration 0015), or one the planner answers with a scan per row,
// costs nothing like it does on a site of tens of thousands. Both servers read the same rows.
import { PGlite } from '@electric-sql/pglite';
import { connected } from './database-server';

/** Members added beside the demo data unless `--members` says otherwise. */
export const SITE_MEMBERS = 50_000;

const PLACES: [city: string, region: string][] = [
  ['London', 'london'],
  ['Manchester', 'north-west'],
  ['Birmingham', 'west-midlands'],
  ['Leeds', 'yorkshire-and-the-humber'],
  ['Glasgow', 'scotland'],
  ['Cardiff', 'wales'],
  ['Bristol', 'south-west'],
  ['Newcastle', 'north-east'],
  ['Nottingham', 'east-midlands'],
  ['Brighton', 'south-east'],
  ['Norwich', 'east-of-england'],
  ['Belfast', 'northern-ireland'],
];

const quoted = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(', ')}]`;

/**
 * On the demo members' site: two in five men, ages 18 to 67, a dozen cities, joined one every
 * 20 minutes over the last two years, a third never active since and the rest within the last
 * month, one in ten gone (deactivated: accounts pile up as members leave), half with an approved
 * primary photo (its file need not exist: answers only name it).
 */
function siteMembersSql(count: number): string {
  return `
    insert into users (site_id, username, email, password_hash, gender, date_of_birth, city, region,
                       headline, created_at, last_active_at, deactivated_at)
    select (select site_id from users where email = 'demo@example.com'),
           'member' || g, 'member' || g || '@bench.invalid', '!',
           case when g % 5 < 2 then 'male' else 'female' end,
           current_date - make_interval(days => 6575 + (g * 7919) % 18000),
           (${quoted(PLACES.map(([city]) => city))})[1 + g % ${PLACES.length}],
           (${quoted(PLACES.map(([, region]) => region))})[1 + g % ${PLACES.length}],
           'Here for good conversation',
           now() - make_interval(mins => g * 20),
           case when g % 3 = 0 then null else now() - make_interval(mins => (g::bigint * 104729 % 43200)::integer) end,
           case when g % 10 = 5 then now() - make_interval(days => g % 300) end
    from generate_series(1, ${count}) g;
    insert into photos (user_id, file, width, height, bytes, status, is_primary)
    select id, 'bench-' || id || '.jpg', 600, 600, 40000, 'approved', true
    from users where email like '%@bench.invalid' and id % 2 = 0;
    analyze;`;
}

export async function addSiteMembers(databaseUrl: string, count: number): Promise<void> {
  if (count > 0) await connected(databaseUrl, (client) => client.query(siteMembersSql(count)));
}

/** The same on a PGlite database's directory, while no server has it open. */
export async function addSiteMembersPglite(dataDir: string, count: number): Promise<void> {
  if (count <= 0) return;
  const db = await PGlite.create(dataDir);
  try {
    await db.exec(siteMembersSql(count));
  } finally {
    await db.close();
  }
}
