/**
 * Presence membership counted per user, so `member_added` / `member_removed` fire only on a
 * user's first and last connection to a channel. Used in process; Redis keeps the same counts.
 */
export interface PresenceMember {
  user_id: string;
  user_info?: unknown;
}

interface ChannelPresence {
  users: Map<string, { info: unknown; connections: number }>;
  /** connection key → user id, so a leave needs only the connection. */
  connections: Map<string, string>;
}

export class PresenceRegistry {
  readonly #channels = new Map<string, ChannelPresence>();

  static key(appId: string, channel: string): string {
    return `${appId}\n${channel}`;
  }

  /** @returns true when this is the user's first connection to the channel. */
  join(appId: string, channel: string, connectionKey: string, member: PresenceMember): boolean {
    const key = PresenceRegistry.key(appId, channel);
    let presence = this.#channels.get(key);
    if (!presence) {
      presence = { users: new Map(), connections: new Map() };
      this.#channels.set(key, presence);
    }
    if (presence.connections.has(connectionKey)) return false;
    presence.connections.set(connectionKey, member.user_id);
    const user = presence.users.get(member.user_id);
    if (user) {
      user.connections += 1;
      return false;
    }
    presence.users.set(member.user_id, { info: member.user_info, connections: 1 });
    return true;
  }

  /** @returns the user id when this was the user's last connection to the channel. */
  leave(appId: string, channel: string, connectionKey: string): string | null {
    const key = PresenceRegistry.key(appId, channel);
    const presence = this.#channels.get(key);
    const userId = presence?.connections.get(connectionKey);
    if (!presence || userId === undefined) return null;
    presence.connections.delete(connectionKey);
    const user = presence.users.get(userId);
    if (user && user.connections > 1) {
      user.connections -= 1;
      return null;
    }
    presence.users.delete(userId);
    if (presence.users.size === 0) this.#channels.delete(key);
    return userId;
  }

  members(appId: string, channel: string): PresenceMember[] {
    const presence = this.#channels.get(PresenceRegistry.key(appId, channel));
    if (!presence) return [];
    return [...presence.users].map(([user_id, { info }]) =>
      info === undefined ? { user_id } : { user_id, user_info: info },
    );
  }

  userCount(appId: string, channel: string): number {
    return this.#channels.get(PresenceRegistry.key(appId, channel))?.users.size ?? 0;
  }
}
