import { createHmac, timingSafeEqual } from 'node:crypto';

export interface AppCredentials {
  key: string;
  secret: string;
}

/** `key:hex(HMAC_SHA256(secret, socket_id:channel[:channel_data]))`, as pusher-js expects from an auth endpoint. */
export function signChannel(
  app: AppCredentials,
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  const subject =
    channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return `${app.key}:${createHmac('sha256', app.secret).update(subject).digest('hex')}`;
}

/** Constant-time so the signature cannot be guessed byte by byte from response timing. */
export function verifyChannelAuth(
  app: AppCredentials,
  socketId: string,
  channel: string,
  auth: unknown,
  channelData?: string,
): boolean {
  if (typeof auth !== 'string') return false;
  const expected = Buffer.from(signChannel(app, socketId, channel, channelData));
  const given = Buffer.from(auth);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** User sign-in (`pusher:signin`): `key:hex(HMAC_SHA256(secret, socket_id::user::user_data))`. */
export function signUser(app: AppCredentials, socketId: string, userData: string): string {
  return `${app.key}:${createHmac('sha256', app.secret).update(`${socketId}::user::${userData}`).digest('hex')}`;
}

export function verifyUserAuth(
  app: AppCredentials,
  socketId: string,
  auth: unknown,
  userData: string,
): boolean {
  if (typeof auth !== 'string') return false;
  const expected = Buffer.from(signUser(app, socketId, userData));
  const given = Buffer.from(auth);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
