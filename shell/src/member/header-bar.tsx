import { useNavigate } from 'react-router';
import { useShellServices } from '../session/shell-services';
import { MemberLink, useMemberLinks } from './member-nav';

/** SPEC §2 member header bar (desktop): the member's pages, with badges, and Log out (to /). */
export default function HeaderBar() {
  const { session } = useShellServices();
  const navigate = useNavigate();
  const links = useMemberLinks();
  return (
    <nav className="shell-header-bar" aria-label="Member">
      {links.map((link) => (
        <MemberLink key={link.to} to={link.to} label={link.headerLabel} badge={link.badge} />
      ))}
      <button
        type="button"
        className="shell-header-bar__logout"
        onClick={async () => {
          await session.logout();
          navigate('/');
        }}
      >
        Logout
      </button>
    </nav>
  );
}
