import { SiteLink } from '@ukd/ui';
import { useLocation } from 'react-router';
import styles from './components.module.css';

/**
 * Previous / next links that keep every other parameter of the address (filters stay put).
 * `more`: pages go on past `lastPage` (browse counts only so far), shown as "of 42+".
 */
export function Pager({ page, lastPage, more = false }: { page: number; lastPage: number; more?: boolean }) {
  const { pathname, search } = useLocation();
  if (lastPage <= 1) return null;
  const to = (n: number) => {
    const params = new URLSearchParams(search);
    if (n <= 1) params.delete('page');
    else params.set('page', String(n));
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return (
    <nav className={styles.pager} aria-label="Pages">
      <SiteLink
        to={to(page - 1)}
        className="ukd-button ukd-button--secondary"
        aria-disabled={page <= 1}
        tabIndex={page <= 1 ? -1 : undefined}
        rel="prev"
      >
        Previous
      </SiteLink>
      <span className={styles.pagerStatus}>
        Page {page} of {lastPage}
        {more ? '+' : ''}
      </span>
      <SiteLink
        to={to(page + 1)}
        className="ukd-button ukd-button--secondary"
        aria-disabled={page >= lastPage && !more}
        tabIndex={page >= lastPage && !more ? -1 : undefined}
        rel="next"
      >
        Next
      </SiteLink>
    </nav>
  );
}

/** `?page=3` -> 3; anything else -> 1. */
export function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 1 ? n : 1;
}
