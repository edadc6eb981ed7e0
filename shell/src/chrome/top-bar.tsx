import { selectDisplayCredits, selectUser } from '@ukd/store';
import { Button, SiteLink } from '@ukd/ui';
import { lazy, Suspense } from 'react';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { useShellServices } from '../session/shell-services';

/** The bell, messages and popups: code only members download. */
const MemberChrome = lazy(() => import('../member/member-chrome'));

/** SPEC §2 top bar: Log In and Create account for visitors; balance and account for members. */
export function TopBar({ siteName }: { siteName: string }) {
  const user = useSelector(selectUser);
  return (
    <header className="shell-top-bar">
      <SiteLink to="/" className="shell-brand" aria-label={`${siteName} home`}>
        {siteName}
      </SiteLink>
      {user ? <MemberActions /> : <VisitorActions />}
    </header>
  );
}

function VisitorActions() {
  const { pathname } = useLocation();
  const onLogin = pathname === '/login';
  return (
    <nav className="shell-top-bar__actions" aria-label="Account">
      {!onLogin && (
        <SiteLink to="/login" className="ukd-button ukd-button--ghost">
          Log In
        </SiteLink>
      )}
      <SiteLink to="/register" className="ukd-button ukd-button--primary">
        {onLogin ? 'Register' : 'Create account'}
      </SiteLink>
    </nav>
  );
}

function MemberActions() {
  const user = useSelector(selectUser);
  const credits = useSelector(selectDisplayCredits);
  const { session } = useShellServices();
  const navigate = useNavigate();
  if (!user) return null;

  async function logout() {
    await session.logout();
    navigate('/');
  }

  return (
    <nav className="shell-top-bar__actions" aria-label="Account">
      {/* A deactivated member sees no member menu (SPEC §2). */}
      {!user.deactivated && (
        <>
          <Suspense fallback={null}>
            <MemberChrome />
          </Suspense>
          <span className="shell-balance" title="Account Balance">
            <span className="ukd-visually-hidden">Account Balance: </span>
            {user.has_unli_message ? '24h' : `${credits} credits`}
          </span>
          <SiteLink to="/credits/buy" className="ukd-button ukd-button--primary">
            Buy credits
          </SiteLink>
          <SiteLink to="/account" className="shell-top-bar__user">
            {user.username}
          </SiteLink>
        </>
      )}
      <Button variant="ghost" onClick={logout}>
        Log out
      </Button>
    </nav>
  );
}
