import { ErrorCode } from './protocol';

export interface AdmissionRequest {
  closing: boolean;
  /** The app the URL's key names, if any. */
  appFound: boolean;
  key: string;
  /** The browser's Origin header (absent for clients without a browser). */
  origin: string | undefined;
  allowedOrigins: Set<string> | null;
  /** The `protocol` query parameter (7 when absent). */
  protocol: number;
  connections: number;
  maxConnections: number;
  /** Sockets already open from the client's address, and the cap (0: none). */
  fromIp: number;
  maxConnectionsPerIp: number;
}

/** Why a new socket is refused (Pusher error code and text), or null when it may connect. */
export function admissionRefusal(r: AdmissionRequest): { code: number; message: string } | null {
  // An upgrade that began before close() is sent on like the others.
  if (r.closing) return { code: ErrorCode.ServerClosing, message: 'Server is shutting down' };
  if (!r.appFound)
    return { code: ErrorCode.UnknownApp, message: `Could not find app by key ${r.key.slice(0, 64)}` };
  // Browsers always send Origin, so a foreign one is a cross-site page; clients without a browser
  // send none and are let through, since they could forge any value anyway.
  if (r.allowedOrigins && r.origin !== undefined && !r.allowedOrigins.has(r.origin)) {
    return { code: ErrorCode.Unauthorized, message: 'Origin not allowed' };
  }
  if (!(r.protocol >= 5 && r.protocol <= 7)) {
    return { code: ErrorCode.UnsupportedProtocol, message: 'Unsupported protocol version' };
  }
  if (r.connections >= r.maxConnections)
    return { code: ErrorCode.OverCapacity, message: 'Over connection capacity' };
  if (r.maxConnectionsPerIp > 0 && r.fromIp >= r.maxConnectionsPerIp) {
    return { code: ErrorCode.OverCapacity, message: 'Too many connections from this address' };
  }
  return null;
}
