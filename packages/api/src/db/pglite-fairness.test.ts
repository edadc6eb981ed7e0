import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';

// PGlite answers synchronously and hands its lock on in a microtask: without a turn of the event
// loop between queued queries, a saturated API read no new connection until its queue ran dry.
describe('PGlite under a queue of queries', () => {
  it('lets Node poll for I/O between queries, so a new request is answered before the queue drains', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ukd-pglite-fair-'));
    const database = await openDatabase({ dataDir, databaseUrl: 'memory://' });
    const server = createServer((_req, res) => res.end(`${done}`));
    let done = 0;
    try {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const queued = Array.from({ length: 300 }, () =>
        database.db.execute(sql`select count(*) from generate_series(1, 2000)`).then(() => {
          done += 1;
        }),
      );
      // A visitor's request arrives while the queue is long: it is read and answered in between.
      const answeredWhenDone = await new Promise<number>((resolve, reject) => {
        request({ port, host: '127.0.0.1', path: '/' }, (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve(Number(body)));
        })
          .on('error', reject)
          .end();
      });
      await Promise.all(queued);
      expect(answeredWhenDone).toBeLessThan(150);
    } finally {
      server.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
