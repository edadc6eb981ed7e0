import { and, count, eq, inArray } from 'drizzle-orm';
import type { PasswordHasher } from '../auth/passwords';
import { seededRandom } from '../avatars/portrait-kit';
import type { Db } from '../db/database';
import { users } from '../db/schema';
import { recordOpeningBalances } from '../messaging/credit-ledger';

export const DEMO_PASSWORD = 'DemoPass!2026';

const CITIES = [
  'London',
  'Manchester',
  'Birmingham',
  'Leeds',
  'Glasgow',
  'Edinburgh',
  'Liverpool',
  'Bristol',
  'Sheffield',
  'Cardiff',
  'Belfast',
  'Newcastle',
  'Nottingham',
  'Leicester',
  'Brighton',
  'Southampton',
  'Aberdeen',
  'York',
  'Oxford',
  'Cambridge',
  'Swansea',
  'Plymouth',
  'Norwich',
  'Exeter',
];
const FEMALE = [
  'Amelia',
  'Olivia',
  'Isla',
  'Ava',
  'Emily',
  'Sophie',
  'Grace',
  'Mia',
  'Poppy',
  'Ella',
  'Lily',
  'Evie',
  'Freya',
  'Chloe',
  'Jess',
  'Holly',
  'Megan',
  'Rosie',
  'Lucy',
  'Hannah',
  'Zara',
];
const MALE = [
  'Oliver',
  'George',
  'Harry',
  'Jack',
  'Jacob',
  'Noah',
  'Charlie',
  'Thomas',
  'Oscar',
  'James',
  'William',
  'Leo',
  'Alfie',
  'Henry',
  'Joshua',
  'Freddie',
  'Archie',
  'Ethan',
  'Isaac',
  'Liam',
];

export interface DemoMember {
  username: string;
  email: string;
  gender: 'male' | 'female';
  dateOfBirth: string;
  city: string;
  credits: number;
  profileComplete: boolean;
}

export function demoMembers(): DemoMember[] {
  const random = seededRandom(2026); // the same seed gives the same members on every machine
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const members: DemoMember[] = [
    {
      username: 'demo',
      email: 'demo@example.com',
      gender: 'male',
      dateOfBirth: '1990-04-12',
      city: 'London',
      credits: 100,
      profileComplete: true,
    },
    {
      username: 'sam',
      email: 'sam@example.com',
      gender: 'female',
      dateOfBirth: '1993-09-03',
      city: 'Manchester',
      credits: 100,
      profileComplete: true,
    },
  ];
  for (let i = 0; i < 42; i++) {
    const gender = i % 3 === 2 ? 'male' : 'female';
    const first = pick(gender === 'female' ? FEMALE : MALE);
    const year = 1966 + Math.floor(random() * 39); // ages roughly 21–60
    const month = 1 + Math.floor(random() * 12);
    const day = 1 + Math.floor(random() * 28);
    const username = `${first.toLowerCase()}${String(10 + i * 7)}`;
    members.push({
      username,
      email: `${username}@example.com`,
      gender,
      dateOfBirth: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      city: pick(CITIES),
      credits: 100,
      profileComplete: random() > 0.2,
    });
  }
  return members;
}

/** Marks the demo members of data seeded before the `demo` flag existed (a no-op afterwards). */
export async function labelDemoMembers(db: Db, siteId: number): Promise<void> {
  const emails = demoMembers().map((m) => m.email);
  await db
    .update(users)
    .set({ demo: true })
    .where(and(eq(users.siteId, siteId), inArray(users.email, emails), eq(users.demo, false)));
}

/** Adds the demo members when the site has no members yet; returns how many were added. */
export async function seedDemoMembers(db: Db, siteId: number, passwords: PasswordHasher): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.siteId, siteId));
  if ((row?.n ?? 0) > 0) return 0;
  // One hash for all: they share the published demo password, and seeding stays fast.
  const passwordHash = await passwords.hash(DEMO_PASSWORD);
  const now = new Date();
  const rows = demoMembers().map((m) => ({
    siteId,
    username: m.username,
    email: m.email,
    passwordHash,
    gender: m.gender,
    dateOfBirth: m.dateOfBirth,
    city: m.city,
    credits: m.credits,
    profileComplete: m.profileComplete,
    emailConfirmedAt: now,
    demo: true,
  }));
  await db.insert(users).values(rows).onConflictDoNothing();
  // Their starting credits are ledger entries too (the balance is the ledger's sum).
  await recordOpeningBalances(db, siteId);
  return rows.length;
}
