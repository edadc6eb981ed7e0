import { useEffect } from 'react';

/** SPEC §9: page titles read `title - product`. */
export function useDocumentTitle(title: string, siteName: string) {
  useEffect(() => {
    document.title = title ? `${title} - ${siteName}` : siteName;
  }, [title, siteName]);
}

/** SPEC §2: every navigation starts at the top of the new page. */
export function useScrollReset(pathname: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}
