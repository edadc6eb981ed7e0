import type { LayoutName } from '@ukd/contracts';
import type { ReactNode } from 'react';
import { Footer } from '../chrome/footer';
import { TopBar } from '../chrome/top-bar';

/**
 * The frame around a page, by the layout name a route declares. Layouts that differ only in
 * chrome share one component; an unknown name falls back to `default` (SPEC §2).
 */
export function Layout({
  name,
  siteName,
  children,
}: {
  name: LayoutName;
  siteName: string;
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
          <TopBar siteName={siteName} />
          <main className={`shell-main shell-main--${name}`}>{children}</main>
          <Footer siteName={siteName} />
        </>
      );
  }
}
