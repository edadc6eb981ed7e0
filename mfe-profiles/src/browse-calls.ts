import type { ShellContext } from '@ukd/contracts';
import type { ProfileCard, ProfileSearchFilters } from '@ukd/contracts/api';
import { createEarlyCalls } from '@ukd/federation/early-calls';
import { preloadLeadPhotos } from './components/card-photo';

// Browse's call without RTK Query: the dashboard's route starts it from here while the shell
// checks the session, before this remote's RTK Query code has loaded (that code alone took a
// round trip and more on a phone before the call could leave).

export interface Page<T> {
  data: T[];
  meta: {
    current_page: number;
    last_page: number;
    per_page?: number;
    total?: number;
    /** Browse only: more match than `total`, which is then a round number ("500+ members"). */
    total_capped?: boolean;
  };
}

export interface BrowseArgs {
  filters: ProfileSearchFilters;
  sort: '-created_at' | '-last_active_at';
  page: number;
}

/** Cards on /dashboard: two rows of a phone screen, four rows at 1280 px. */
export const BROWSE_PAGE_SIZE = 24;

type Query = Record<string, string | number | boolean | undefined>;

/** `{ gender: 'female', online: true }` -> `{ 'filter[gender]': 'female', 'filter[online]': 1 }`. */
export function filterQuery(filters: ProfileSearchFilters): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '' || value === false) continue;
    query[`filter[${key}]`] = value === true ? 1 : value;
  }
  return query;
}

/** `GET /profiles` for a page of browse results. */
export function browseRequest({ filters, sort, page }: BrowseArgs): { url: string; query: Query } {
  return { url: '/profiles', query: { ...filterQuery(filters), sort, page, limit: BROWSE_PAGE_SIZE } };
}

const earlyCalls = createEarlyCalls();
const browseKey = (query: Query) => `browse:${JSON.stringify(query)}`;

/** The dashboard's first page, asked for beside the session check (its route's `data`). */
export function startBrowseCall(shell: Pick<ShellContext, 'api'>, args: BrowseArgs): void {
  const { url, query } = browseRequest(args);
  earlyCalls.start(browseKey(query), async () => {
    const page = await shell.api<Page<ProfileCard>>(url, { query });
    preloadLeadPhotos(page.data);
    return page;
  });
}

/** That answer, once, for the page's first ask with the same arguments. */
export function takeBrowseCall(args: BrowseArgs): Promise<Page<ProfileCard>> | undefined {
  return earlyCalls.take<Page<ProfileCard>>(browseKey(browseRequest(args).query));
}
