import type { AddressInfo } from 'node:net';
import { createRealtimeServer } from '@ukd/realtime-server';
import { createSiteServer, type SiteServerOptions } from '../site-server';

/** A site server with the realtime server mounted on it, listening on a free loopback port. */
export async function listenWithRealtime(
  realtimeOptions: Parameters<typeof createRealtimeServer>[0],
  siteOptions: Omit<SiteServerOptions, 'realtime'>,
) {
  const realtime = await createRealtimeServer(realtimeOptions);
  const app = await createSiteServer({ ...siteOptions, realtime });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as AddressInfo).port,
    async close() {
      await realtime.close();
      await app.close();
    },
  };
}
