import type { NavBadge as BadgeKey } from '@ukd/contracts';
import type { User } from '@ukd/contracts/api';
import { selectDisplayCredits, selectUser } from '@ukd/store';
import { SiteLink } from '@ukd/ui';
import { useSelector } from 'react-redux';
import { useShellServices } from '../session/shell-services';

/** What each badge a remote may ask for counts, from the member's session. */
const badgeCounts: Record<BadgeKey, (user: User) => number> = {
  'unread-messages': (user) => user.unread_messages_count,
  'new-visitors': (user) => user.new_visitors_count,
  'unread-favorites': (user) => user.unread_favorites_count,
};

/**
 * The member's destinations, shown by the desktop header bar and the mobile foldout: the links
 * each remote declares for its own pages, from the site manifest. A link shows even when its
 * remote's code fails to load; it is a plain URL.
 */
export function useMemberLinks() {
  const user = useSelector(selectUser);
  const { registry } = useShellServices();
  return registry.nav('member').map((item) => ({
    to: item.to,
    label: item.label,
    headerLabel: item.headerLabel ?? item.label,
    badge: item.badge && user ? badgeCounts[item.badge](user) : 0,
  }));
}

export function Balance() {
  const user = useSelector(selectUser);
  const credits = useSelector(selectDisplayCredits);
  if (!user) return null;
  return (
    <span className="shell-balance" title="Account Balance">
      <span className="ukd-visually-hidden">Account Balance: </span>
      {user.has_unli_message ? (
        '24h'
      ) : (
        <>
          {credits}
          <span className="shell-balance__unit"> credits</span>
        </>
      )}
    </span>
  );
}

export function NavBadge({ count }: { count: number }) {
  if (!count) return null;
  return <span className="shell-nav-badge">{count > 99 ? '99+' : count}</span>;
}

export function MemberLink({
  to,
  label,
  badge = 0,
  onClick,
}: {
  to: string;
  label: string;
  badge?: number;
  onClick?(): void;
}) {
  return (
    <SiteLink to={to} onClick={onClick}>
      {label}
      <NavBadge count={badge} />
    </SiteLink>
  );
}
