import { verifyUserAuth } from './channel-auth';
import type { Limits } from './limits';
import { type ClientMessage, ErrorCode, errorFrame, isValidChannelName, userChannelPrefix } from './protocol';
import { type Connection, type FrameSender, fieldOf, SocketsByKey } from './socket-connection';

/**
 * `pusher:signin`: a socket proves which user it is (user authentication), so the server can
 * reach or disconnect every socket of that user on this node.
 */
export class SignedInUsers {
  /** appId → signed-in user id → that user's sockets on this node. */
  readonly #users = new SocketsByKey();

  constructor(
    private readonly limits: Pick<Limits, 'maxPresenceUserInfoBytes'>,
    private readonly frames: FrameSender,
  ) {}

  /** appId → user id a private subscription was signed for → those sockets on this node. */
  readonly #authorisedFor = new SocketsByKey();

  /** The user's sockets: signed in as them, or holding a subscription signed for them. */
  socketsOf(appId: string, userId: string): ReadonlySet<Connection> | undefined {
    const signedIn = this.#users.get(appId, userId);
    const authorised = this.#authorisedFor.get(appId, userId);
    if (!authorised) return signedIn;
    if (!signedIn) return authorised;
    return new Set([...signedIn, ...authorised]);
  }

  /** Remembers that a subscription of this socket was signed for a user id (the API's session). */
  authorisedFor(connection: Connection, userId: string): void {
    connection.authorisedFor ??= new Set();
    if (connection.authorisedFor.has(userId)) return;
    connection.authorisedFor.add(userId);
    this.#authorisedFor.add(connection, userId);
  }

  signin(connection: Connection, message: ClientMessage): void {
    const auth = fieldOf(message.data, 'auth');
    const userData = fieldOf(message.data, 'user_data');
    let userId: unknown;
    if (typeof userData === 'string' && userData.length <= this.limits.maxPresenceUserInfoBytes * 4) {
      try {
        userId = fieldOf(JSON.parse(userData), 'id');
      } catch {
        userId = undefined;
      }
    }
    if (
      typeof userData !== 'string' ||
      typeof userId !== 'string' ||
      userId.length === 0 ||
      !isValidChannelName(`${userChannelPrefix}${userId}`) ||
      !verifyUserAuth(connection.app, connection.socketId, auth, userData)
    ) {
      this.frames.send(
        connection,
        errorFrame(ErrorCode.Unauthorized, 'Invalid signin: bad signature or user_data without id'),
      );
      return;
    }
    if (connection.userId !== undefined && connection.userId !== userId) {
      this.frames.send(
        connection,
        errorFrame(ErrorCode.Unauthorized, 'This connection is signed in as another user'),
      );
      return;
    }
    if (connection.userId === undefined) {
      connection.userId = userId;
      this.#users.add(connection, userId);
    }
    this.frames.send(
      connection,
      JSON.stringify({ event: 'pusher:signin_success', data: JSON.stringify({ user_data: userData }) }),
    );
  }

  /** Forgets a closed socket. */
  signOut(connection: Connection): void {
    if (connection.userId !== undefined) this.#users.remove(connection, connection.userId);
    for (const userId of connection.authorisedFor ?? []) this.#authorisedFor.remove(connection, userId);
  }
}
