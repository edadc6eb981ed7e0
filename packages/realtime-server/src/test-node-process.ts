// A realtime node in its own process, so a test can kill it outright (SIGKILL) like a crashed host.
import { startNode } from './test-support';

const node = await startNode({
  redisUrl: process.env.REDIS_URL,
  redisKeyPrefix: process.env.REDIS_KEY_PREFIX,
  redisHeartbeatMs: Number(process.env.REDIS_HEARTBEAT_MS ?? 200),
});
process.stdout.write(`${JSON.stringify({ port: node.port })}\n`);
