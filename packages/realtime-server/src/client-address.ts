import type { IncomingMessage } from 'node:http';
import { isIPv4 } from 'node:net';

/**
 * The address a connection limit should count. Behind a reverse proxy every socket comes from the
 * proxy, so `X-Forwarded-For` is read — but only when the direct peer is a loopback or private
 * address (where proxies live), and walking from the right past such addresses, so a client on
 * the internet cannot pick its own address by sending the header.
 */
export function clientAddress(req: IncomingMessage): string {
  const peer = normalise(req.socket.remoteAddress ?? 'unknown');
  if (!isTrustedProxy(peer)) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((hop) => normalise(hop.trim()))
    .filter(Boolean);
  for (let index = forwarded.length - 1; index >= 0; index -= 1) {
    const hop = forwarded[index] ?? '';
    if (!isTrustedProxy(hop)) return hop;
  }
  return forwarded[0] ?? peer;
}

function normalise(address: string): string {
  return address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
}

function isTrustedProxy(address: string): boolean {
  if (address === '::1' || address.startsWith('127.')) return true;
  if (address.startsWith('10.') || address.startsWith('192.168.')) return true;
  const match = /^172\.(\d+)\./.exec(address);
  if (match && Number(match[1]) >= 16 && Number(match[1]) <= 31) return true;
  return /^f[cd][0-9a-f]{2}:/i.test(address);
}
