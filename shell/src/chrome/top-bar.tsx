import { selectUser } from '@ukd/store';
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
  return (
    <header className="shell-top-bar">
      <SiteLink to={homeTo ?? '/'} className="shell-brand" aria-label={`${siteName} home`}>
        <Logo siteName={siteName} />
      </SiteLink>
      <OnlineCount />
      {user ? <MemberActions deactivated={user.deactivated} /> : <VisitorActions registerTo={homeTo} />}
    </header>
  );
}

function VisitorActions({ registerTo = '/register' }: { registerTo?: string | undefined }) {
  const { pathname } = useLocation();
  const onLogin = pathname === '/login';
  return (
    <nav className="shell-top-bar__actions" aria-label="Account">
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
        <Suspense fallback={null}>
          <MemberChrome />
        </Suspense>
      )}
    </nav>
  );
}
