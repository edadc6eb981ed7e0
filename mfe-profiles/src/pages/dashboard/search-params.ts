import type { ProfileSearchFilters, UkRegion } from '@ukd/contracts/api';
import { PROFILE_LIMITS, UK_REGIONS } from '@ukd/contracts/api/options';
import type { BrowseArgs } from '../../browse-calls';

/** What /dashboard keeps in its address, so a search can be shared, reloaded and gone back to. */
export interface DashboardSearch {
  filters: ProfileSearchFilters;
  sort: 'newest' | 'active';
  page: number;
}

const age = (raw: string | null) => {
  if (!raw || !/^\d{1,2}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= PROFILE_LIMITS.age.min && n <= PROFILE_LIMITS.age.max ? n : undefined;
};

/** Reads the address leniently: a value the API would refuse is ignored rather than an error. */
export function readSearch(params: URLSearchParams): DashboardSearch {
  const filters: ProfileSearchFilters = {};
  const gender = params.get('gender');
  if (gender === 'male' || gender === 'female') filters.gender = gender;
  let ageMin = age(params.get('age_min'));
  let ageMax = age(params.get('age_max'));
  if (ageMin !== undefined && ageMax !== undefined && ageMin > ageMax) [ageMin, ageMax] = [ageMax, ageMin];
  if (ageMin !== undefined) filters.age_min = ageMin;
  if (ageMax !== undefined) filters.age_max = ageMax;
  const region = params.get('region');
  if (region && (UK_REGIONS as string[]).includes(region)) filters.region = region as UkRegion;
  const city = params.get('city')?.trim();
  if (city) filters.city = city.slice(0, PROFILE_LIMITS.city.max);
  const username = params.get('username')?.trim();
  if (username && /^[A-Za-z0-9_.-]{1,30}$/.test(username)) filters.username = username;
  if (params.get('online') === '1') filters.online = true;
  if (params.get('photo') === '1') filters.with_photo = true;
  const page = Number(params.get('page'));
  return {
    filters,
    sort: params.get('sort') === 'active' ? 'active' : 'newest',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address of a search; defaults are left out so the plain /dashboard stays plain. */
export function writeSearch({ filters, sort, page }: DashboardSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.gender) params.set('gender', filters.gender);
  if (filters.age_min !== undefined) params.set('age_min', String(filters.age_min));
  if (filters.age_max !== undefined) params.set('age_max', String(filters.age_max));
  if (filters.region) params.set('region', filters.region);
  if (filters.city) params.set('city', filters.city);
  if (filters.username) params.set('username', filters.username);
  if (filters.online) params.set('online', '1');
  if (filters.with_photo) params.set('photo', '1');
  if (sort === 'active') params.set('sort', 'active');
  if (page > 1) params.set('page', String(page));
  return params;
}

export function activeFilterCount(filters: ProfileSearchFilters): number {
  return Object.values(filters).filter((v) => v !== undefined && v !== false && v !== '').length;
}

/** The browse query a search asks for: the page's own and the one started ahead of it. */
export function browseArgs({ filters, sort, page }: DashboardSearch): BrowseArgs {
  return { filters, sort: sort === 'active' ? '-last_active_at' : '-created_at', page };
}
