import { selectUser } from '@ukd/store';
import { SiteLink } from '@ukd/ui';
import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { useShellServices } from '../session/shell-services';
import type { ClickTracker } from './click-tracking';
import { Balance, MemberLink, useMemberLinks } from './member-nav';

/**
 * SPEC §2 mobile foldout (below 1024 px): the member, their balance, three tiles and the links.
 * It closes on any navigation except the winks tile; logging out is tracked, but happens even
 * when tracking fails.
 */
export function Foldout({ track }: { track: ClickTracker }) {
  const user = useSelector(selectUser);
  const links = useMemberLinks();
  const { session } = useShellServices();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every route change
  useEffect(() => setOpen(false), [pathname]);

  if (!user) return null;
  const toggle = () => {
    track({ section_type: 'foldout', button_type: 'menu_btn', status: open ? 'closed' : 'opened' });
    setOpen(!open);
  };
  const close = () => setOpen(false);

  return (
    <div className="shell-foldout">
      <button
        type="button"
        className="shell-icon-button"
        aria-label="Menu"
        aria-expanded={open}
        onClick={toggle}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" width="24" height="24">
          <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <nav className="shell-foldout__panel" aria-label="Menu">
          <div className="shell-foldout__member">
            <img src={user.primary_photo.url} alt="" width="56" height="56" />
            <span>
              <strong>{user.username}</strong>
              <br />
              <Balance />
            </span>
          </div>
          <div className="shell-foldout__tiles">
            <SiteLink to="/my-visitors" onClick={close}>
              <strong>{user.visits_count}</strong> profile visits
            </SiteLink>
            <SiteLink to="/messages" onClick={close}>
              <strong>{user.received_messages_count}</strong> messages
            </SiteLink>
            {/* The winks tile keeps the foldout open (SPEC §4). */}
            <SiteLink to="/my-visitors?tab=winks">
              <strong>{user.received_wink_interactions_count}</strong> winks received
            </SiteLink>
          </div>
          <div className="shell-foldout__links">
            {links.map((link) => (
              <MemberLink key={link.to} to={link.to} label={link.label} badge={link.badge} onClick={close} />
            ))}
            <button
              type="button"
              onClick={async () => {
                track({ section_type: 'hamburger_menu', button_type: 'no_btn', status: 'closed' });
                await session.logout();
                navigate('/');
              }}
            >
              Logout
            </button>
          </div>
        </nav>
      )}
    </div>
  );
}
