import { createHash } from 'node:crypto';
import { INTERESTS } from '@ukd/contracts/api';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../context';
import { photos, users } from '../db/schema';
import { processPhoto } from '../photos/photo-processing';
import { refreshProfileComplete } from '../profiles/completion';
import { regionForCity } from '../profiles/regions';
import { demoMembers } from './demo-members';
import { portraitSvg } from './demo-portraits';

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
  for (const user of bare) {
    const spec = demo.get(user.email);
    if (!spec) continue;
    const random = seeded(`demo-profile:${user.username}`);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    const female = user.gender === 'female';
    const hairColour = 2 + Math.floor(random() * 5);
    const eyeColour = 2 + Math.floor(random() * 4);
    const interests = [...new Set(Array.from({ length: 5 }, () => pick(INTERESTS)))].slice(0, 4);
    await ctx.db
      .update(users)
      .set({
        headline: pick(HEADLINES),
        // Members seeded as incomplete keep an empty about-me, so completion has something to ask.
        about: spec.profileComplete ? pick(ABOUTS) : null,
        lookingFor: pick(LOOKING_FOR),
        region: regionForCity(user.city),
        heightCm: female ? 155 + Math.floor(random() * 25) : 168 + Math.floor(random() * 27),
        bodyType: 3 + Math.floor(random() * 4),
        eyeColour,
        hairColour,
        tattoosPiercings: 2 + Math.floor(random() * 2),
        interests,
        lastActiveAt: new Date(Date.now() - Math.floor(random() * 72 * 3600 * 1000)),
      })
      .where(eq(users.id, user.id));
    const svg = portraitSvg({
      gender: user.gender,
      hairColour,
      eyeColour,
      skin: random(),
      backdrop: random(),
      shirt: random(),
    });
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const processed = await processPhoto(png);
    const file = await ctx.photoStore.save(processed.image, processed.thumbnail);
    await ctx.db.insert(photos).values({
      userId: user.id,
      file,
      width: processed.width,
      height: processed.height,
      bytes: processed.image.length,
      status: 'approved',
      isPrimary: true,
      reviewedAt: new Date(),
    });
    await refreshProfileComplete(ctx.db, user.id);
  }
  return bare.length;
}
