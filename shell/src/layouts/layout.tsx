import type { LayoutName } from '@ukd/contracts';
import { selectUser } from '@ukd/store';
import { lazy, type ReactNode, Suspense } from 'react';
import { useSelector } from 'react-redux';
import { Footer } from '../chrome/footer';
import { TopBar } from '../chrome/top-bar';

const HeaderBar = lazy(() => import('../member/header-bar'));

/** SPEC §2: members get the header bar under the top bar, except where a route hides it. */
function MemberHeaderBar({ hidden }: { hidden: boolean }) {
  const user = useSelector(selectUser);
  if (hidden || !user || user.deactivated) return null;
  return (
    <Suspense fallback={null}>
      <HeaderBar />
    </Suspense>
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
      return <main className="shell-main shell-main--bare">{children}</main>;
    case 'fullscreen-footer':
    case 'survey':
      return (
        <>
          <main className="shell-main shell-main--full">{children}</main>
          <Footer siteName={siteName} />
        </>
      );
    default:
      return (
        <>
          <TopBar siteName={siteName} homeTo={name === 'blog' ? blogHome : undefined} />
          <MemberHeaderBar hidden={hideHeaderBar || name === 'auth'} />
          <main className={`shell-main shell-main--${name}`}>{children}</main>
          <Footer siteName={siteName} />
        </>
      );
  }
}
