import { realtimeChannels } from '@ukd/contracts/api';
import type { Member } from '../auth/member';

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

/** A lower-case uuid, captured: channel names carry the uuid of a member or a conversation. */
export const UUID_CAPTURE = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';

/** Only the member's own user channel: the uuid in the name must be theirs. */
function ownUserChannel(name: string, channelOf: (uuid: string) => string): ChannelRule {
  const pattern = new RegExp(`^${channelOf(UUID_CAPTURE).replace(/\./g, '\\.')}$`);
  return {
    name,
    pattern,
    authorize: (member, match) => (match[1] === member.user.uuid ? {} : null),
  };
}

/**
 * The channels every member has: their own `private-notifications.user.{uuid}`,
 * `private-credits.user.{uuid}` and `private-duration.user.{uuid}`, and `presence-online`.
 * Feature channels (conversations) come from their feature and are added beside these.
 */
export function memberChannelRules(): ChannelRule[] {
  return [
    ownUserChannel('notifications', realtimeChannels.notifications),
    ownUserChannel('credits', realtimeChannels.credits),
    ownUserChannel('duration', realtimeChannels.duration),
    {
      name: 'online',
      pattern: /^presence-online$/,
      // An operator impersonating a member must not make them look online.
      authorize: (member) =>
        member.impersonated
          ? null
          : { presence: { user_id: member.user.uuid, user_info: { username: member.user.username } } },
    },
  ];
}

/**
 * Who may join which realtime channel (`POST /api/broadcasting/auth`): the first rule whose
 * pattern matches decides; a name no rule matches is refused.
 */
export class ChannelAccess {
  readonly #rules: readonly ChannelRule[];

  constructor(rules: readonly ChannelRule[]) {
    this.#rules = rules;
  }

  async authorize(member: Member, channel: string): Promise<ChannelGrant | null> {
    for (const rule of this.#rules) {
      const match = rule.pattern.exec(channel);
      if (match) return rule.authorize(member, match);
    }
    return null;
  }
}
