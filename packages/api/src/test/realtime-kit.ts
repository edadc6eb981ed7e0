import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRealtimeServer, type RealtimeServer, type RealtimeServerOptions } from '@ukd/realtime-server';
import type { Channel } from 'pusher-js';

/** The realtime app the API tests sign for. */
export const TEST_REALTIME_APP = {
  id: 'flirtlane-test',
  key: 'flirtlane-key',
  secret: 'pusher-test-secret-0123456789abcdef',
};

export interface TestRealtime {
  realtime: RealtimeServer;
  port: number;
  /** Requests its HTTP API has had (`/apps/…`), to see how publishes travel. */
  httpApiRequests(): number;
  close(): Promise<void>;
}

/**
 * A realtime server on its own loopback port: WebSockets at /app/{key}, HTTP API at /apps/{id}.
 * `options` join it to others (`redisUrl`), as the fault suite does.
 */
export async function startTestRealtime(
  options: Omit<RealtimeServerOptions, 'apps'> = {},
): Promise<TestRealtime> {
  const realtime = await createRealtimeServer({ apps: [TEST_REALTIME_APP], ...options });
  let httpApiRequests = 0;
  const server: Server = createServer((req, res) => {
    if (req.url?.startsWith('/apps/')) httpApiRequests += 1;
    // As the realtime server's own main.ts: a failure (Redis away during the fault suite) is a 500.
    realtime.handleHttpApi(req, res).then(
      (handled) => {
        if (!handled) res.writeHead(404).end();
      },
      () => {
        if (!res.headersSent) res.writeHead(500).end();
      },
    );
  });
  server.on('upgrade', (req, socket, head) => {
    if (!realtime.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    realtime,
    port: (server.address() as AddressInfo).port,
    httpApiRequests: () => httpApiRequests,
    async close() {
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The next `event` on `channel` as pusher-js delivers it (rejects after `timeoutMs`). */
export function nextEvent<T>(channel: Channel, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`timed out waiting for ${event} on ${channel.name}`)),
      timeoutMs,
    );
    const handler = (data: T) => {
      clearTimeout(timer);
      channel.unbind(event, handler);
      resolve(data);
    };
    channel.bind(event, handler);
  });
}
