import { memberPlaces } from '@ukd/contracts';
import { selectUser } from '@ukd/store';
import { Badge, SiteLink } from '@ukd/ui';
import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import styles from './components.module.css';

/**
 * The profiles section's own tabs: browse, my profile, visitors and favourites. The counts come
 * from the shared store (SPEC §4), so they match the shell's and drop as soon as a list is seen.
 */
export function ProfilesNav() {
  const user = useSelector(selectUser);
  const { pathname } = useLocation();
  const links: Array<{ to: string; label: string; badge?: ReactNode }> = [
    memberPlaces.browse,
    memberPlaces.profile,
    {
      ...memberPlaces.visitors,
      badge: <Badge count={user?.new_visitors_count ?? 0} label="new visitors" />,
    },
    {
      ...memberPlaces.favourites,
      badge: <Badge count={user?.unread_favorites_count ?? 0} label="new favourites" />,
    },
  ];
  return (
    <nav className={styles.nav} aria-label="Profiles">
      {links.map((link) => (
        <SiteLink
          key={link.to}
          to={link.to}
          className={styles.navLink}
          aria-current={pathname === link.to ? 'page' : undefined}
        >
          {link.label}
          {link.badge}
        </SiteLink>
      ))}
    </nav>
  );
}
