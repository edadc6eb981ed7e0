import type { LayoutName } from '@ukd/contracts';
import { preloadableLazy } from '@ukd/federation/preloadable-lazy';
import { selectSessionRestoring, selectUser } from '@ukd/store';
import { type ReactNode, Suspense } from 'react';
import { useSelector } from 'react-redux';
import { Footer } from '../chrome/footer';
import { TopBar } from '../chrome/top-bar';

const HeaderBar = preloadableLazy(() => import('../member/header-bar'));

/** The header bar's code, fetched while a stored session is checked (boot's early warm-up). */
export const preloadMemberHeaderBar = () => HeaderBar.preload();

/** SPEC §2: members get the header bar under the top bar, except where a route hides it. */
function MemberHeaderBar({ hidden }: { hidden: boolean }) {
  const user = useSelector(selectUser);
  const restoring = useSelector(selectSessionRestoring);
  // Its height is kept while a stored session is checked, so the page does not jump down.
  const pending = <div className="shell-header-bar shell-header-bar--pending" aria-hidden="true" />;
  if (hidden || user?.deactivated) return null;
  if (!user) return restoring ? pending : null;
  return (
    <Suspense fallback={pending}>
      <HeaderBar />
    </Suspense>
  );
}

/** WCAG 2.4.1: the first thing a keyboard reaches, past the top bars to the page itself. */
function SkipLink() {
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is in-page navigation; without script the href works alone
    <a
      className="shell-skip-link"
      href="#main-content"
      onClick={(event) => {
        // Focus moves without a change of address: a hash would be a navigation to the router.
        const main = document.getElementById('main-content');
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
    >
      Skip to content
    </a>
  );
}

/** SPEC §2: from blog pages the brand link and Create account both go to `/?s1=blog`. */
const blogHome = '/?s1=blog';

/**
 * The frame around a page, by the layout name a route declares. Layouts that differ only in
 * chrome share one component; an unknown name falls back to `default` (SPEC §2).
 */
export function Layout({
  name,
  siteName,
  hideHeaderBar = false,
  children,
}: {
  name: LayoutName;
  siteName: string;
  hideHeaderBar?: boolean;
  children: ReactNode;
}) {
  switch (name) {
    case 'bare':
    case 'error-maintenance':
      return (
        <main id="main-content" tabIndex={-1} className="shell-main shell-main--bare">
          {children}
        </main>
      );
    case 'fullscreen-footer':
    case 'survey':
      return (
        <>
          <SkipLink />
          <main id="main-content" tabIndex={-1} className="shell-main shell-main--full">
            {children}
          </main>
          <Footer siteName={siteName} />
        </>
      );
    default:
      return (
        <>
          <SkipLink />
          <TopBar siteName={siteName} homeTo={name === 'blog' ? blogHome : undefined} />
          <MemberHeaderBar hidden={hideHeaderBar || name === 'auth'} />
          <main id="main-content" tabIndex={-1} className={`shell-main shell-main--${name}`}>
            {children}
          </main>
          <Footer siteName={siteName} />
        </>
      );
  }
}
