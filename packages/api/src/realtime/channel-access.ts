import { realtimeChannels } from '@ukd/contracts/api';
import type { Member } from '../http/member-auth';

/** What a member is granted on a channel; presence channels also carry the signed member data. */
export interface ChannelGrant {
  presence?: { user_id: string; user_info: Record<string, unknown> };
}

/**
 * One kind of channel: its name pattern (captures passed on) and who may join. Answer null to
 * refuse. Every name not matched by a rule is refused.
 */
export interface ChannelRule {
  name: string;
  pattern: RegExp;
  authorize(member: Member, match: RegExpExecArray): Promise<ChannelGrant | null> | ChannelGrant | null;
}

/** Whether a member takes part in a conversation (by conversation uuid, lower-case). */
export type ConversationParticipation = (member: Member, conversationUuid: string) => Promise<boolean>;

const UUID = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';

/** Only the member's own user channel: the uuid in the name must be theirs. */
function ownUserChannel(name: string, channelOf: (uuid: string) => string): ChannelRule {
  const pattern = new RegExp(`^${channelOf(UUID).replace(/\./g, '\\.')}$`);
  return {
    name,
    pattern,
    authorize: (member, match) => (match[1] === member.user.uuid ? {} : null),
  };
}

/**
 * Who may join which realtime channel (`POST /api/broadcasting/auth`). A member joins only their
 * own `private-notifications.user.{uuid}`, `private-credits.user.{uuid}` and
 * `private-duration.user.{uuid}`, the `private-conversation.{uuid}` channels of conversations
 * they take part in, and `presence-online`. Conversations are checked by the function given to
 * `allowConversations` (the messaging issue supplies it; until then every conversation is refused).
 */
export class ChannelAccess {
  readonly #rules: ChannelRule[] = [];
  #conversations: ConversationParticipation = async () => false;

  constructor() {
    this.add(ownUserChannel('notifications', realtimeChannels.notifications));
    this.add(ownUserChannel('credits', realtimeChannels.credits));
    this.add(ownUserChannel('duration', realtimeChannels.duration));
    this.add({
      name: 'conversation',
      pattern: new RegExp(`^private-conversation\\.${UUID}$`),
      authorize: async (member, match) =>
        match[1] && (await this.#conversations(member, match[1])) ? {} : null,
    });
    this.add({
      name: 'online',
      pattern: /^presence-online$/,
      // An operator impersonating a member must not make them look online.
      authorize: (member) =>
        member.impersonated
          ? null
          : { presence: { user_id: member.user.uuid, user_info: { username: member.user.username } } },
    });
  }

  /** Adds a kind of channel (first matching rule decides). */
  add(rule: ChannelRule): void {
    this.#rules.push(rule);
  }

  /** Plugs in the messaging issue's participant check for `private-conversation.{uuid}`. */
  allowConversations(check: ConversationParticipation): void {
    this.#conversations = check;
  }

  async authorize(member: Member, channel: string): Promise<ChannelGrant | null> {
    for (const rule of this.#rules) {
      const match = rule.pattern.exec(channel);
      if (match) return rule.authorize(member, match);
    }
    return null;
  }
}
