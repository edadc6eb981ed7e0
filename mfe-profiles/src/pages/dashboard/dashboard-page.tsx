import { toFailure } from '@ukd/api-client';
import { memberPlaces } from '@ukd/contracts';
import { selectUser } from '@ukd/store';
import { Button, EmptyState, SiteLink, useMediaQuery } from '@ukd/ui';
import { useDeferredValue, useState } from 'react';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import { cardPlace } from '../../components/card-photo';
import { Pager } from '../../components/pager';
import { ProfileCard, ProfileGrid, ProfileGridLoading } from '../../components/profile-card';
import { ProfilesNav } from '../../components/profiles-nav';
import { useBrowseProfilesQuery } from '../../profiles-api';
import styles from './dashboard.module.css';
import { FilterForm } from './filter-form';
import {
  activeFilterCount,
  browseArgs,
  type DashboardSearch,
  readSearch,
  writeSearch,
} from './search-params';

/** Where the filters sit beside the results (dashboard.module.css's breakpoint). */
const FILTERS_BESIDE_RESULTS = '(min-width: 1024px)';

export default function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Below 1024 px the filters fold away behind their button, and are built the first time it is
  // opened: they are a third of the page's elements (the age lists alone have 166 options),
  // which a phone built on every visit and hardly ever showed.
  const filtersBeside = useMediaQuery(FILTERS_BESIDE_RESULTS);
  const [filtersBuilt, setFiltersBuilt] = useState(false);
  const showFilters = filtersBeside || filtersBuilt;
  const user = useSelector(selectUser);
  const { data, error, isFetching, isLoading, refetch } = useBrowseProfilesQuery(browseArgs(search));
  // The cards render a moment after the answer, as a deferred update: the store's updates are
  // rendered at once, in one task, and two dozen cards built that way held a phone's main thread
  // for a third of a second. Deferred, React builds them in slices between the browser's frames.
  const shown = useDeferredValue(data);
  const failure = error ? toFailure(error) : null;
  const filterCount = activeFilterCount(search.filters);

  const go = (next: DashboardSearch) => {
    setParams(writeSearch(next));
    window.scrollTo?.({ top: 0 });
  };

  return (
    <div className={styles.page}>
      <ProfilesNav />
      {user && !user.profile_complete ? (
        <div className={`ukd-notice ukd-notice--info ${styles.complete}`}>
          <span>Members reply to complete profiles. Add a photo and a few words about you.</span>
          <SiteLink to="/profile/complete" className="ukd-button ukd-button--primary">
            Complete my profile
          </SiteLink>
        </div>
      ) : null}
      <div className={styles.header}>
        <h1>{memberPlaces.browse.label}</h1>
        <div className={styles.toolbar}>
          <Button
            variant="secondary"
            className={styles.filtersToggle}
            aria-expanded={filtersOpen}
            aria-controls={showFilters ? 'dashboard-filters' : undefined}
            onClick={() => {
              setFiltersBuilt(true);
              setFiltersOpen((open) => !open);
            }}
          >
            Filters{filterCount ? ` (${filterCount})` : ''}
          </Button>
          <label className="ukd-visually-hidden" htmlFor="dashboard-sort">
            Sort by
          </label>
          <select
            id="dashboard-sort"
            value={search.sort}
            onChange={(event) =>
              go({ ...search, sort: event.target.value === 'active' ? 'active' : 'newest', page: 1 })
            }
          >
            <option value="newest">Newest members</option>
            <option value="active">Last active</option>
          </select>
        </div>
      </div>
      <div className={styles.layout}>
        {showFilters ? (
          <FilterForm
            // A new address (back button, a shared link) starts the form again from it.
            key={params.toString()}
            filters={search.filters}
            open={filtersOpen}
            onApply={(filters) => {
              setFiltersOpen(false);
              go({ ...search, filters, page: 1 });
            }}
          />
        ) : null}
        <section aria-labelledby="results-heading" aria-busy={isFetching}>
          <h2 id="results-heading" className="ukd-visually-hidden">
            Results
          </h2>
          {isLoading || (data && !shown) ? (
            <>
              {/* The summary's line, so the grid below starts where the results will. */}
              <p className={styles.summary} aria-hidden="true">
                {'\u00a0'}
              </p>
              <ProfileGridLoading label="Loading members" />
            </>
          ) : failure ? (
            <div className="ukd-notice ukd-notice--error" role="alert">
              {failure.message || 'The members could not be loaded.'}{' '}
              <Button variant="ghost" onClick={() => refetch()}>
                Try again
              </Button>
            </div>
          ) : shown && shown.data.length > 0 ? (
            <>
              <p className={styles.summary} role="status">
                {memberCount(shown.meta.total ?? shown.data.length, shown.meta.total_capped === true)}
                {filterCount ? ' match your filters' : ''}
              </p>
              <ProfileGrid label="Members">
                {shown.data.map((profile, index) => (
                  <li key={profile.uuid}>
                    <ProfileCard profile={profile} place={cardPlace(index)} />
                  </li>
                ))}
              </ProfileGrid>
              <Pager
                page={shown.meta.current_page}
                lastPage={shown.meta.last_page}
                more={shown.meta.total_capped === true}
              />
            </>
          ) : (
            <EmptyState
              title={search.page > 1 ? 'No more members here' : 'No one matches your filters'}
              art="search"
              action={
                filterCount || search.page > 1 ? (
                  <Button variant="secondary" onClick={() => go({ filters: {}, sort: search.sort, page: 1 })}>
                    Clear filters
                  </Button>
                ) : (
                  <SiteLink to="/profile/edit" className="ukd-button ukd-button--primary">
                    Complete my profile
                  </SiteLink>
                )
              }
            >
              {filterCount
                ? 'Try a wider age range, another region, or fewer filters.'
                : 'There is no one to show yet: a complete profile helps new members find you.'}
            </EmptyState>
          )}
        </section>
      </div>
    </div>
  );
}

/** "1 member", "1,234 members", or "1,000+ members" when more match than were counted. */
export function memberCount(total: number, capped: boolean): string {
  if (capped) return `${total.toLocaleString('en-GB')}+ members`;
  return total === 1 ? '1 member' : `${total.toLocaleString('en-GB')} members`;
}
