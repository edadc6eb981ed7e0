import { toFailure } from '@ukd/api-client';
import { memberPlaces } from '@ukd/contracts';
import type { ProfileSearchFilters } from '@ukd/contracts/api';
import { PROFILE_LIMITS, UK_REGION_OPTIONS } from '@ukd/contracts/api/options';
import { selectUser } from '@ukd/store';
import { Button, EmptyState, SelectField, SiteLink, TextField, useMediaQuery } from '@ukd/ui';
import { type FormEvent, useDeferredValue, useState } from 'react';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import { cardPlace } from '../../components/card-photo';
import { Pager } from '../../components/pager';
import { ProfileCard, ProfileGrid, ProfileGridLoading } from '../../components/profile-card';
import { ProfilesNav } from '../../components/profiles-nav';
import { useBrowseProfilesQuery } from '../../profiles-api';
import styles from './dashboard.module.css';
import {
  activeFilterCount,
  browseArgs,
  type DashboardSearch,
  readSearch,
  writeSearch,
} from './search-params';

/** Where the filters sit beside the results (dashboard.module.css's breakpoint). */
const FILTERS_BESIDE_RESULTS = '(min-width: 1024px)';

const AGE_OPTIONS = Array.from({ length: PROFILE_LIMITS.age.max - PROFILE_LIMITS.age.min + 1 }, (_, i) => {
  const age = String(PROFILE_LIMITS.age.min + i);
  return { value: age, label: age };
});

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
                {shown.meta.total === 1 ? '1 member' : `${shown.meta.total ?? shown.data.length} members`}
                {filterCount ? ' match your filters' : ''}
              </p>
              <ProfileGrid label="Members">
                {shown.data.map((profile, index) => (
                  <li key={profile.uuid}>
                    <ProfileCard profile={profile} place={cardPlace(index)} />
                  </li>
                ))}
              </ProfileGrid>
              <Pager page={shown.meta.current_page} lastPage={shown.meta.last_page} />
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

interface FilterValues {
  gender: string;
  age_min: string;
  age_max: string;
  region: string;
  city: string;
  username: string;
  online: boolean;
  with_photo: boolean;
}

function toValues(filters: ProfileSearchFilters): FilterValues {
  return {
    gender: filters.gender ?? '',
    age_min: filters.age_min?.toString() ?? '',
    age_max: filters.age_max?.toString() ?? '',
    region: filters.region ?? '',
    city: filters.city ?? '',
    username: filters.username ?? '',
    online: filters.online ?? false,
    with_photo: filters.with_photo ?? false,
  };
}

function toFilters(values: FilterValues): ProfileSearchFilters {
  // Same leniency as the address: build it, then read it back.
  const params = new URLSearchParams();
  for (const key of ['gender', 'age_min', 'age_max', 'region', 'city', 'username'] as const) {
    if (values[key]) params.set(key, values[key]);
  }
  if (values.online) params.set('online', '1');
  if (values.with_photo) params.set('photo', '1');
  return readSearch(params).filters;
}

function FilterForm({
  filters,
  open,
  onApply,
}: {
  filters: ProfileSearchFilters;
  open: boolean;
  onApply(filters: ProfileSearchFilters): void;
}) {
  const [values, setValues] = useState(() => toValues(filters));
  const set = <K extends keyof FilterValues>(key: K, value: FilterValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(toFilters(values));
  }

  return (
    <form
      id="dashboard-filters"
      className={styles.filters}
      data-open={open}
      onSubmit={submit}
      aria-label="Filters"
    >
      <h2>Filters</h2>
      <SelectField
        id="filter-gender"
        label="Looking for"
        value={values.gender}
        onChange={(e) => set('gender', e.target.value)}
        placeholder="Women and men"
        options={[
          { value: 'female', label: 'Women' },
          { value: 'male', label: 'Men' },
        ]}
      />
      <div className={styles.ageRow}>
        <SelectField
          id="filter-age-min"
          label="Age from"
          value={values.age_min}
          onChange={(e) => set('age_min', e.target.value)}
          placeholder="Any"
          options={AGE_OPTIONS}
        />
        <SelectField
          id="filter-age-max"
          label="Age to"
          value={values.age_max}
          onChange={(e) => set('age_max', e.target.value)}
          placeholder="Any"
          options={AGE_OPTIONS}
        />
      </div>
      <SelectField
        id="filter-region"
        label="Region"
        value={values.region}
        onChange={(e) => set('region', e.target.value)}
        placeholder="All of the UK"
        options={UK_REGION_OPTIONS.map((r) => ({ value: r.key, label: r.label }))}
      />
      <TextField
        id="filter-city"
        label="Town or city"
        value={values.city}
        maxLength={PROFILE_LIMITS.city.max}
        autoComplete="address-level2"
        onChange={(e) => set('city', e.target.value)}
      />
      <TextField
        id="filter-username"
        label="Username starts with"
        value={values.username}
        maxLength={30}
        autoCapitalize="none"
        spellCheck={false}
        onChange={(e) => set('username', e.target.value)}
      />
      <fieldset className={styles.checks}>
        <legend>Show only</legend>
        <label className={styles.check}>
          <input type="checkbox" checked={values.online} onChange={(e) => set('online', e.target.checked)} />
          Online now
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={values.with_photo}
            onChange={(e) => set('with_photo', e.target.checked)}
          />
          With a photo
        </label>
      </fieldset>
      <div className={styles.filterActions}>
        <Button type="submit">Show members</Button>
        <Button variant="ghost" onClick={() => onApply({})}>
          Clear
        </Button>
      </div>
    </form>
  );
}
