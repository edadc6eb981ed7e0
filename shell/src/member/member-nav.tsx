import { selectDisplayCredits, selectUser } from '@ukd/store';
import { SiteLink } from '@ukd/ui';
import { useSelector } from 'react-redux';

/** One list of the member's destinations, shown by the desktop header bar and the mobile foldout. */
export function useMemberLinks() {
  const user = useSelector(selectUser);
  return [
    { to: '/dashboard', label: 'Browse' },
    { to: '/messages', label: 'Messages', badge: user?.unread_messages_count ?? 0 },
    { to: '/my-profile', label: 'Profile' },
    { to: '/my-visitors', label: 'Visitors', badge: user?.new_visitors_count ?? 0 },
    { to: '/my-favorites', label: 'Favorites', badge: user?.unread_favorites_count ?? 0 },
    { to: '/credits/buy', label: 'Buy credits' },
    { to: '/account', label: 'Account settings' },
  ];
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
