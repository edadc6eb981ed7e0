import { type IncomingHttpHeaders, request } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire: still compressed when the server compressed them. */
  body: Buffer;
}

/** Listens on a free loopback port and returns a client that sees exactly what a browser gets. */
export async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const { port } = address;
  return function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
    return new Promise<RawResponse>((resolve, reject) => {
      const outgoing = request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  };
}
