import { SiteLink } from '@ukd/ui';
import { useLocation } from 'react-router';

/** The visitor's top bar (SPEC §2). Members get their own bar with the accounts work. */
export function TopBar({ siteName }: { siteName: string }) {
  const { pathname } = useLocation();
  const onLogin = pathname === '/login';
  return (
    <header className="shell-top-bar">
      <SiteLink to="/" className="shell-brand" aria-label={`${siteName} home`}>
        {siteName}
      </SiteLink>
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
    </header>
  );
}
