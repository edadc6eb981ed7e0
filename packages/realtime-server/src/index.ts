export {
  type AppCredentials,
  signChannel,
  signUser,
  verifyChannelAuth,
  verifyUserAuth,
} from './channel-auth';
export { canonicalQuery, md5Hex, signRequest, verifyRequest } from './http-signature';
export { defaultLimits, type Limits } from './limits';
export { jsonLogger, type Logger, silentLogger } from './logger';
export type { PresenceMember } from './presence-registry';
export { ErrorCode } from './protocol';
export { PublishError } from './publish-validation';
export {
  createRealtimeServer,
  type PublishOptions,
  type RealtimeServer,
  type RealtimeServerOptions,
} from './realtime-server';
export type { RealtimeApp } from './websocket-gateway';
