// `runWorkers` with a worker that cannot start: the first listens, every later one exits at once
// (as a worker does when its database is gone). workers.test.ts watches the primary replace it.
import cluster from 'node:cluster';
import { createServer } from 'node:net';
import { runWorkers } from '../workers';

await runWorkers(2, async () => {
  if (cluster.worker?.id === 1) {
    createServer().listen(0, '127.0.0.1');
    return;
  }
  process.exit(3);
});
