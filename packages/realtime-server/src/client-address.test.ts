import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';

function request(remoteAddress: string, forwardedFor?: string): IncomingMessage {
  return {
    socket: { remoteAddress },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  } as unknown as IncomingMessage;
}

describe('clientAddress', () => {
  it('uses the peer address when the peer is on the internet, whatever the header says', () => {
    expect(clientAddress(request('203.0.113.9', '1.2.3.4'))).toBe('203.0.113.9');
  });

  it('reads X-Forwarded-For behind a local or private proxy', () => {
    expect(clientAddress(request('127.0.0.1', '198.51.100.7'))).toBe('198.51.100.7');
    expect(clientAddress(request('::ffff:10.0.0.5', '198.51.100.7, 10.0.0.9'))).toBe('198.51.100.7');
  });

  it('ignores hops a client prepended itself', () => {
    expect(clientAddress(request('10.0.0.2', '6.6.6.6, 198.51.100.7'))).toBe('198.51.100.7');
  });

  it('falls back to the peer without a header', () => {
    expect(clientAddress(request('::1'))).toBe('::1');
  });
});
