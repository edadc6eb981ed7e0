import { useEffect } from 'react';
import { useOptionalShell } from './shell-context';

/**
 * Names the page in the browser's tab and the meta description, for a page whose route cannot
 * (one route serves every blog article). The prerendered copy carries the same title, so it does
 * not change when the shell takes over.
 */
export function usePageTitle(title: string, description?: string) {
  // Prerendering has no shell, and needs none: the page's title is in the prerendered head.
  const bus = useOptionalShell()?.bus;
  useEffect(() => {
    bus?.emit('shell:page-meta', description === undefined ? { title } : { title, description });
  }, [bus, title, description]);
}
