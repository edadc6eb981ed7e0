import { type ComponentProps, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useOptionalShell } from './shell-context';

type SiteLinkProps = Omit<ComponentProps<typeof Link>, 'to'> & { to: string };

/**
 * A link to any page of the site. When it scrolls into view it asks the shell to prefetch the
 * code of the remote that owns the target (the shell decides whether the connection allows it),
 * so the click renders without waiting for the network.
 */
export function SiteLink({ to, ...rest }: SiteLinkProps) {
  const shell = useOptionalShell();
  const ref = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!shell || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        shell.prefetch(to);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [shell, to]);

  return <Link ref={ref} to={to} {...rest} />;
}
