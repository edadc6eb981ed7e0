import { createHash } from 'node:crypto';
import { INTERESTS } from '@ukd/contracts/api';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { PORTRAITS_PER_GENDER, portraitFile, portraitLook } from '../avatars/portrait';
import { readPortrait } from '../avatars/portrait-library';
import type { AppContext } from '../context';
import { photos, users } from '../db/schema';
import { THUMBNAIL_EDGE } from '../photos/photo-processing';
import { profileCompletion } from '../profiles/completion';
import { regionForCity } from '../profiles/regions';
import { demoMembers } from './demo-members';

/** Demo photos are the library's 400 px portraits rendered at this edge. */
const PORTRAIT_EDGE = 600;

const HEADLINES = [
  'Up for an adventure?',
  'Coffee first, then we will see',
  'Looking for my partner in crime',
  'New in town and curious',
  'Sunday roasts and long walks',
  'Let’s skip the small talk',
  'Gig buddy wanted',
  'Laughs guaranteed',
  'Just here to meet someone fun',
  'Weekend explorer',
];
const ABOUTS = [
  'Easy-going, a bit cheeky and always up for trying somewhere new to eat. Friends say I tell the worst jokes.',
  'I work hard and play harder: gym in the morning, pub quiz in the evening. I never win the quiz.',
  'Bookworm with a soft spot for festivals. I can talk for hours about films nobody else has seen.',
  'Outdoorsy type. Give me a hill to climb, a dog to pat and a pint at the end of it and I am happy.',
  'Foodie, traveller, terrible dancer. Looking for someone to share good conversation and better dinners.',
  'Recently single and enjoying meeting new people. Honest, relaxed and a great listener.',
];
const LOOKING_FOR = [
  'Someone fun to chat with and see where it goes',
  'Dates, drinks and good company',
  'A genuine connection, nothing too serious',
  'Someone kind, confident and a little bit flirty',
  'New friends and maybe more',
];

function seeded(key: string) {
  let state = createHash('sha256').update(key).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Gives the demo members a filled-in dating profile and an approved illustrated portrait, so
 * browse and search look real on a fresh install. Runs at startup with `seedDemoData`; only
 * touches demo members that have no photo yet, so it is a no-op after the first time.
 */
export async function seedDemoProfiles(ctx: AppContext, siteId: number): Promise<number> {
  const demo = new Map(demoMembers().map((m) => [m.email, m]));
  // Each demo member gets a portrait of their own: the next one of their gender, in list order.
  const portraitOf = new Map<string, number>();
  const next = { female: 0, male: 0 };
  for (const m of demo.values()) portraitOf.set(m.email, next[m.gender]++ % PORTRAITS_PER_GENDER);
  const bare = await ctx.db
    .select()
    .from(users)
    .where(
      and(
        eq(users.siteId, siteId),
        inArray(users.email, [...demo.keys()]),
        notExists(ctx.db.select({ one: sql`1` }).from(photos).where(eq(photos.userId, users.id))),
      ),
    );
  const photoRows: (typeof photos.$inferInsert)[] = [];
  // Four at a time: sharp renders on libuv's thread pool (4 threads by default).
  for (let i = 0; i < bare.length; i += 4) {
    await Promise.all(
      bare.slice(i, i + 4).map(async (user) => {
        const spec = demo.get(user.email);
        if (!spec) return;
        const random = seeded(`demo-profile:${user.username}`);
        const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
        const female = user.gender === 'female';
        const portrait = portraitOf.get(user.email) ?? 0;
        const look = portraitLook(user.gender, portrait);
        // The profile says what the picture shows (hair under a headscarf is "Unknown").
        const hairColour = look.hair === 'headscarf' ? 1 : look.hairColour;
        const eyeColour = look.eyeColour;
        const interests = [...new Set(Array.from({ length: 5 }, () => pick(INTERESTS)))].slice(0, 4);
        const profile = {
          headline: pick(HEADLINES),
          // Members seeded as incomplete keep an empty about-me, so completion has something to ask.
          about: spec.profileComplete ? pick(ABOUTS) : null,
          lookingFor: pick(LOOKING_FOR),
          region: regionForCity(user.city),
        };
        await ctx.db
          .update(users)
          .set({
            ...profile,
            heightCm: female ? 155 + Math.floor(random() * 25) : 168 + Math.floor(random() * 27),
            bodyType: 3 + Math.floor(random() * 4),
            eyeColour,
            hairColour,
            tattoosPiercings: 2 + Math.floor(random() * 2),
            interests,
            lastActiveAt: new Date(Date.now() - Math.floor(random() * 72 * 3600 * 1000)),
            profileComplete: profileCompletion(profile, 1).complete,
          })
          .where(eq(users.id, user.id));
        const svg = readPortrait(portraitFile(user.gender, portrait));
        if (!svg) throw new Error(`portrait ${portrait} missing from the library`);
        // Rendered straight from our own SVG (no upload checks needed): 600 px image, 400 px thumb.
        const image = await sharp(svg, { density: (72 * PORTRAIT_EDGE) / 400 })
          .jpeg({ quality: 85 })
          .toBuffer();
        const thumbnail = await sharp(svg)
          .resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE)
          .jpeg({ quality: 80 })
          .toBuffer();
        const file = await ctx.photoStore.save(image, thumbnail);
        photoRows.push({
          userId: user.id,
          file,
          width: PORTRAIT_EDGE,
          height: PORTRAIT_EDGE,
          bytes: image.length,
          status: 'approved',
          isPrimary: true,
          reviewedAt: new Date(),
        });
      }),
    );
  }
  if (photoRows.length) await ctx.db.insert(photos).values(photoRows);
  return bare.length;
}
