import { selectSessionRestoring, selectUser } from '@ukd/store';
import { Button, Logo, SiteLink } from '@ukd/ui';
import { Suspense } from 'react';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { useShellServices } from '../session/shell-services';
import { OnlineCount } from './online-count';

/**
 * SPEC §2 top bar: online count everywhere; Log In and Create account for visitors. `homeTo`
 * is where the brand link and Create account lead (`/?s1=blog` on blog pages, per SPEC).
 */
export function TopBar({ siteName, homeTo }: { siteName: string; homeTo?: string }) {
  const user = useSelector(selectUser);
  // A stored token is checked before the first paint is committed to a side: while it is, the
  // member's bar is drawn as a skeleton, so a member reloading never sees Log In flash.
  const restoring = useSelector(selectSessionRestoring);
  return (
    <header className="shell-top-bar">
      <SiteLink to={homeTo ?? '/'} className="shell-brand" aria-label={`${siteName} home`}>
        <Logo siteName={siteName} />
      </SiteLink>
      <OnlineCount />
      {user ? (
        <MemberActions deactivated={user.deactivated} />
      ) : restoring ? (
        <nav className="shell-top-bar__actions" aria-label="Account" aria-busy="true">
          <MemberBarPending />
        </nav>
      ) : (
        <VisitorActions registerTo={homeTo} />
      )}
    </header>
  );
}

/** The member bar's shape (icons, balance, Buy credits) before its data and code arrive. */
function MemberBarPending() {
  return (
    <span className="shell-top-bar__pending" data-member-bar="pending">
      <span className="shell-skeleton shell-skeleton--icon" />
      <span className="shell-skeleton shell-skeleton--icon" />
      <span className="shell-skeleton shell-skeleton--balance" />
      <span className="shell-skeleton shell-skeleton--button" />
      <span className="ukd-visually-hidden">Loading your account…</span>
    </span>
  );
}

function VisitorActions({ registerTo = '/register' }: { registerTo?: string | undefined }) {
  const { pathname } = useLocation();
  const onLogin = pathname === '/login';
  return (
    <nav className="shell-top-bar__actions" aria-label="Account" data-visitor-bar="">
      {!onLogin && (
        <SiteLink to="/login" className="ukd-button ukd-button--ghost">
          Log In
        </SiteLink>
      )}
      <SiteLink to={onLogin ? '/register' : registerTo} className="ukd-button ukd-button--primary">
        {onLogin ? 'Register' : 'Create account'}
      </SiteLink>
    </nav>
  );
}

function MemberActions({ deactivated }: { deactivated: boolean }) {
  // Bell, messages, balance, foldout and popups: code only members download.
  const { session, MemberChrome } = useShellServices();
  const navigate = useNavigate();
  return (
    <nav className="shell-top-bar__actions" aria-label="Account">
      {deactivated ? (
        // A deactivated member sees no member menu (SPEC §2), only a way out.
        <Button
          variant="ghost"
          onClick={async () => {
            await session.logout();
            navigate('/');
          }}
        >
          Log out
        </Button>
      ) : (
        <Suspense fallback={<MemberBarPending />}>
          <MemberChrome />
        </Suspense>
      )}
    </nav>
  );
}
