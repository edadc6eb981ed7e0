import type { EmbeddedSiteOptions } from '../../packages/site-server/src/index';

type SiteApp = Parameters<NonNullable<EmbeddedSiteOptions['extend']>>[0];

/**
 * The dev site's one event stream, `/__dev/events`: `built` with a unit's new compilation hash
 * after every successful build, `failed` with its errors otherwise. Each unit's hot client
 * (packages/federation/src/dev/hot-client.ts) acts on its own unit's events.
 */
export function createDevEvents() {
  const streams = new Set<(event: string, data: unknown) => void>();
  const lastBuilt = new Map<string, { unit: string; hash: string }>();

  function send(event: string, data: unknown) {
    for (const stream of streams) stream(event, data);
  }

  return {
    unitBuilt(unit: string, hash: string) {
      lastBuilt.set(unit, { unit, hash });
      send('built', { unit, hash });
    },
    unitFailed(unit: string, errors: string) {
      send('failed', { unit, errors });
    },
    mount(app: SiteApp) {
      app.get('/__dev/events', (request, reply) => {
        reply.hijack();
        reply.raw.writeHead(200, {
          'Content-Type': 'text/event-stream',
          'Cache-Control': 'no-cache',
          Connection: 'keep-alive',
        });
        const stream = (event: string, data: unknown) =>
          reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        // A page that loaded while a unit was rebuilding (or reconnects after a restart) learns
        // the current hashes at once and catches up, or reloads when it cannot.
        for (const built of lastBuilt.values()) stream('built', built);
        streams.add(stream);
        request.raw.on('close', () => streams.delete(stream));
      });
    },
  };
}

export type DevEvents = ReturnType<typeof createDevEvents>;
