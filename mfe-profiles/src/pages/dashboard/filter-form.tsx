import type { ProfileSearchFilters } from '@ukd/contracts/api';
import { PROFILE_LIMITS, UK_REGION_OPTIONS } from '@ukd/contracts/api/options';
import { Button, SelectField, TextField } from '@ukd/ui';
import { type FormEvent, useState } from 'react';
import styles from './dashboard.module.css';
import { readSearch } from './search-params';

const AGE_OPTIONS = Array.from({ length: PROFILE_LIMITS.age.max - PROFILE_LIMITS.age.min + 1 }, (_, i) => {
  const age = String(PROFILE_LIMITS.age.min + i);
  return { value: age, label: age };
});

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

/** The dashboard's filters: edited here, applied to the address when the member asks. */
export function FilterForm({
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
