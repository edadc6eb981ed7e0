import { selectUser } from '@ukd/store';
import { SiteLink } from '@ukd/ui';
import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import { Slot } from '../remotes/slot';
import { useShellServices } from '../session/shell-services';
import { createClickTracker } from './click-tracking';
import { Foldout } from './foldout';
import { Balance } from './member-nav';
import { NotificationBell } from './notification-bell';
import { NotificationPopups } from './notification-popups';
import { notificationsSlice } from './notifications-slice';

/** The chunk's store slice; the shell injects it as the chunk arrives, before anything renders. */
export { notificationsSlice };

/**
 * The live part of a member's top bar, loaded only once someone logs in: the bell, the messages
 * icon with its unread badge, popups. The realtime session behind them is the session
 * service's (`startMember`), so it follows login and logout rather than this component.
 */
export default function MemberChrome() {
  const { api } = useShellServices();
  const user = useSelector(selectUser);
  const track = useMemo(() => createClickTracker(api), [api]);

  if (!user) return null;
  const unreadMessages = user.unread_messages_count;
  return (
    <>
      <SiteLink
        to="/messages"
        className="shell-icon-button"
        aria-label={unreadMessages ? `Messages, ${unreadMessages} unread` : 'Messages'}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" width="24" height="24">
          <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" fill="currentColor" />
        </svg>
        {unreadMessages > 0 && (
          <span className="shell-badge">{unreadMessages > 99 ? '99+' : unreadMessages}</span>
        )}
      </SiteLink>
      <NotificationBell track={track} />
      <Balance />
      <Slot name="top-bar-promo" />
      <SiteLink to="/credits/buy" className="ukd-button ukd-button--primary shell-buy-credits">
        Buy credits
      </SiteLink>
      <Foldout track={track} />
      <NotificationPopups />
      {/* The running seasonal event's offer popups (SPEC §4), from whichever remote fills the slot. */}
      <Slot name="seasonal-popup" />
    </>
  );
}
