import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';

/**
 * The baseline: the least a ws server can do for the same clients — a handshake, a channel map and
 * a broadcast — with no auth check, limits, presence or cluster layer.
 */
export class BareWsBroadcastServer {
  readonly #wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, clientTracking: false });
  readonly #channels = new Map<string, Set<WebSocket>>();
  #nextId = 1;

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.#wss.handleUpgrade(req, socket, head, (ws) => {
      const socketId = `${this.#nextId++}.1`;
      ws.send(
        JSON.stringify({
          event: 'pusher:connection_established',
          data: JSON.stringify({ socket_id: socketId, activity_timeout: 30 }),
        }),
      );
      ws.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as { event: string; data: { channel: string } };
        if (message.event !== 'pusher:subscribe') return;
        const channel = message.data.channel;
        let sockets = this.#channels.get(channel);
        if (!sockets) {
          sockets = new Set();
          this.#channels.set(channel, sockets);
        }
        sockets.add(ws);
        ws.once('close', () => sockets.delete(ws));
        ws.send(JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' }));
      });
    });
  }

  publish(channel: string, event: string, data: string): void {
    const sockets = this.#channels.get(channel);
    if (!sockets) return;
    const frame = JSON.stringify({ event, channel, data });
    for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send(frame);
  }

  close(): void {
    this.#wss.close();
    this.#channels.clear();
  }
}
