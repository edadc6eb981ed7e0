import { readFileSync } from 'node:fs';
import { type DrizzleSnapshotJSON, generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import * as acquisitionSchema from './acquisition-schema';
import * as billingSchema from './billing-schema';
import * as interactionsSchema from './interactions-schema';
import * as messagingSchema from './messaging-schema';
import * as realtimeSchema from './realtime-schema';
import * as schema from './schema';
import * as supportSchema from './support-schema';

describe('versioned migrations', () => {
  it('the latest snapshot matches src/db/schema.ts (run `pnpm db:generate` after a schema change)', async () => {
    const journal = JSON.parse(
      readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
    ) as {
      entries: { idx: number; tag: string }[];
    };
    const last = journal.entries.at(-1);
    expect(last).toBeDefined();
    const file = `../../drizzle/meta/${String(last?.idx).padStart(4, '0')}_snapshot.json`;
    const snapshot = JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as DrizzleSnapshotJSON;
    const current = generateDrizzleJson(
      {
        ...schema,
        ...interactionsSchema,
        ...realtimeSchema,
        ...messagingSchema,
        ...billingSchema,
        ...supportSchema,
        ...acquisitionSchema,
      },
      snapshot.id,
    );
    expect(await generateMigration(snapshot, current)).toEqual([]);
  });
});
