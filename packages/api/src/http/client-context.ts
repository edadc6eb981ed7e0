import type { FastifyRequest } from 'fastify';
import type { ClientContext } from '../auth/sessions';

export function clientContext(request: FastifyRequest): ClientContext {
  const ua = request.headers['user-agent'];
  return {
    deviceId: request.deviceId,
    ip: request.ip,
    // Stored for the member's device list only; bounded so a huge header cannot bloat the table.
    userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null,
  };
}
