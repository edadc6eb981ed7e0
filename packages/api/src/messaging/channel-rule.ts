import type { Db } from '../db/database';
import { type ChannelRule, UUID_CAPTURE } from '../realtime/channel-access';
import { participantConversation } from './conversations';

/** `private-conversation.{uuid}`: only the conversation's two participants may subscribe. */
export function conversationChannelRule(db: Db): ChannelRule {
  return {
    name: 'conversation',
    pattern: new RegExp(`^private-conversation\\.${UUID_CAPTURE}$`),
    authorize: async (member, match) => {
      if (!match[1]) return null;
      try {
        await participantConversation(db, member.user.id, match[1]);
        return {};
      } catch {
        return null;
      }
    },
  };
}
