import type { FastifyPluginAsync } from 'fastify';
import { type AppContext, buildContext } from './context';
import { openDatabase } from './db/database';
import { type ApiOptions, resolveApiOptions } from './options';
import { apiPlugin } from './plugin';
import { labelDemoMembers, seedDemoMembers } from './seed/demo-members';
import { seedDemoProfiles } from './seed/demo-profiles';

export type { ApiOptions, ThrottleRule } from './options';
export { DEFAULT_SITE, loadApiOptionsFromEnv } from './options';
export {
  type Broadcaster,
  type BroadcastOptions,
  inProcessBroadcaster,
  pusherHttpBroadcaster,
  silentBroadcaster,
} from './realtime/broadcaster';
export { DEMO_PASSWORD, demoMembers } from './seed/demo-members';
export { type AnalyticsTags, analyticsTagsFromEnv } from './settings/analytics-tags';

export interface Api {
  /** Register with `{ prefix: '/api' }`. */
  plugin: FastifyPluginAsync;
  /** Closes the database and the mail transport; call after the Fastify instance has closed. */
  close(): Promise<void>;
}

/**
 * Opens (and migrates) the database, makes sure the default site exists, seeds demo members
 * when asked, and returns the API as a Fastify plugin.
 */
export async function createApi(options: ApiOptions): Promise<Api> {
  const { plugin, close } = await createApiWithContext(options);
  return { plugin, close };
}

/** createApi plus its services, for tests and the benchmark (not part of the public contract). */
export async function createApiWithContext(options: ApiOptions): Promise<Api & { context: AppContext }> {
  const resolved = resolveApiOptions(options);
  const database = await openDatabase({
    dataDir: resolved.dataDir,
    databaseUrl: resolved.databaseUrl,
    poolSize: resolved.dbPoolSize,
    onIdleError: (err) => console.error('database connection lost', err.message),
  });
  let ctx: AppContext | undefined;
  try {
    ctx = await buildContext(resolved, database);
    if (resolved.seedDemoData) {
      await seedDemoMembers(ctx.db, ctx.defaultSite.id, ctx.passwords);
      await labelDemoMembers(ctx.db, ctx.defaultSite.id);
      await seedDemoProfiles(ctx, ctx.defaultSite.id);
    }
    let closed = false;
    const built = ctx;
    return {
      plugin: apiPlugin(built),
      context: built,
      async close() {
        if (closed) return;
        closed = true;
        await built.realtime.events.settled();
        await built.members.close();
        built.mailer.close();
        await database.close();
      },
    };
  } catch (error) {
    await ctx?.members.close();
    await database.close();
    throw error;
  }
}
export { connectionsPerProcess, poolSizeFromEnv } from './db/pool-size';
/** Granting credits through the ledger (operator tools, benchmarks); purchases come through billing. */
export { type ThrowawayDatabase, throwawayDatabase } from './db/throwaway-database';
export { acceptedEncodings } from './http/accept-encoding';
export { appendCredits } from './messaging/credit-ledger';
export { persistedRealtimeSecret } from './realtime/realtime-app';
