import { baseApi } from '@ukd/api-client/rtk';
import type { ApiRequest } from '@ukd/contracts';
import type {
  CompleteProfileRequest,
  Favorite,
  InteractionKind,
  MyProfile,
  Photo,
  ProfileCard,
  ProfileRelation,
  ProfileSearchFilters,
  PublicProfile,
  ReportRequest,
  UpdateMyProfileRequest,
  Visitor,
} from '@ukd/contracts/api';

export interface Page<T> {
  data: T[];
  meta: { current_page: number; last_page: number; per_page?: number; total?: number };
}

export interface BrowseArgs {
  filters: ProfileSearchFilters;
  sort: '-created_at' | '-last_active_at';
  page: number;
}

/** Cards on /dashboard: two rows of a phone screen, four rows at 1280 px. */
export const BROWSE_PAGE_SIZE = 24;
export const LIST_PAGE_SIZE = 24;

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

const relationFields = { like: 'liked', favorite: 'favorited', wink: 'winked' } as const;

/** The error RTK Query hands back, as the base query shapes it. */
export interface ProfilesApiError {
  status: number;
  message: string;
  fieldErrors: Record<string, string>;
}

/**
 * The shell's `ApiError`, recognised by its shape. The base query's own `instanceof ApiError`
 * check fails in a remote: `@ukd/api-client/rtk` is bundled into each remote with its own copy
 * of the class, while the shell's client throws the shell's copy, so status and per-field
 * messages would be lost (every error a status 0).
 */
export function toApiError(error: unknown): ProfilesApiError {
  if (error && typeof error === 'object' && typeof (error as { status?: unknown }).status === 'number') {
    const e = error as { status: number; message?: string; fieldErrors?: Record<string, string> };
    return { status: e.status, message: e.message ?? '', fieldErrors: e.fieldErrors ?? {} };
  }
  return { status: 0, message: error instanceof Error ? error.message : String(error), fieldErrors: {} };
}

interface ShellCall {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
}

/** A `queryFn` that calls the shell's API client (the store's thunk `extra`) and keeps its errors whole. */
function viaShell<Arg, Result, Raw = Result>(
  toCall: (arg: Arg) => ShellCall,
  transform?: (raw: Raw) => Result,
) {
  return async (
    arg: Arg,
    { extra, signal }: { extra: unknown; signal: AbortSignal },
  ): Promise<{ data: Result; error?: undefined } | { error: ProfilesApiError; data?: undefined }> => {
    const { url, ...options } = toCall(arg);
    try {
      const raw = await (extra as { api: ApiRequest }).api<Raw>(url, { ...options, signal });
      return { data: transform ? transform(raw) : (raw as unknown as Result) };
    } catch (error) {
      return { error: toApiError(error) };
    }
  };
}

const dataOf = <T>(response: { data: T }) => response.data;

type InteractionArgs = { uuid: string; kind: InteractionKind; on: boolean };
type BlockArgs = { uuid: string; on: boolean };
type ReportArgs = { uuid: string } & ReportRequest;
export interface BlockedMember {
  uuid: string;
  username: string;
  blocked_at: string;
}
type FavoritesArgs = { type: 'mine' | 'received'; page: number };

/**
 * This remote's endpoints on the site's one RTK Query api. Tags: `Profile` (one member, by
 * uuid), `ProfileList` (browse results), `MyProfile`, `MyPhotos`, `Visitors`, `Favorites`.
 */
export const profilesApi = baseApi
  .enhanceEndpoints({
    addTagTypes: ['Profile', 'ProfileList', 'MyProfile', 'MyPhotos', 'Visitors', 'Favorites', 'Blocks'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      browseProfiles: build.query<Page<ProfileCard>, BrowseArgs>({
        queryFn: viaShell<BrowseArgs, Page<ProfileCard>>(({ filters, sort, page }) => ({
          url: '/profiles',
          query: { ...filterQuery(filters), sort, page, limit: BROWSE_PAGE_SIZE },
        })),
        providesTags: ['ProfileList'],
      }),
      profile: build.query<PublicProfile, string>({
        queryFn: viaShell(
          (uuid: string) => ({ url: `/profiles/${encodeURIComponent(uuid)}` }),
          dataOf<PublicProfile>,
        ),
        providesTags: (_result, _error, uuid) => [{ type: 'Profile', id: uuid }],
        // Each visit is recorded by the API; do not refetch on every remount within a minute.
        keepUnusedDataFor: 60,
      }),
      setInteraction: build.mutation<ProfileRelation, InteractionArgs>({
        queryFn: viaShell(
          ({ uuid, kind, on }: InteractionArgs) => ({
            url: `/profiles/${encodeURIComponent(uuid)}/${kind}`,
            method: on ? 'PUT' : 'DELETE',
          }),
          dataOf<ProfileRelation>,
        ),
        // Optimistic: the toggle flips at once and flips back if the API refuses.
        async onQueryStarted({ uuid, kind, on }, { dispatch, queryFulfilled }) {
          const patch = dispatch(
            profilesApi.util.updateQueryData('profile', uuid, (draft) => {
              draft.relation[relationFields[kind]] = on;
            }),
          );
          try {
            const { data } = await queryFulfilled;
            dispatch(
              profilesApi.util.updateQueryData('profile', uuid, (draft) => {
                draft.relation = data;
              }),
            );
          } catch {
            patch.undo();
          }
        },
        invalidatesTags: (_r, _e, { kind }) => (kind === 'favorite' ? ['Favorites'] : []),
      }),
      setBlocked: build.mutation<ProfileRelation, BlockArgs>({
        queryFn: viaShell(
          ({ uuid, on }: BlockArgs) => ({
            url: `/profiles/${encodeURIComponent(uuid)}/block`,
            method: on ? 'PUT' : 'DELETE',
          }),
          dataOf<ProfileRelation>,
        ),
        invalidatesTags: (_r, _e, { uuid, on }) => [
          'Blocks',
          'ProfileList',
          'Visitors',
          'Favorites',
          // Unblocked: their profile shows again. Blocked: it is a 404 now; no need to ask.
          ...(on ? [] : [{ type: 'Profile' as const, id: uuid }]),
        ],
      }),
      reportProfile: build.mutation<{ message: string }, ReportArgs>({
        queryFn: viaShell<ReportArgs, { message: string }>(({ uuid, ...body }) => ({
          url: `/profiles/${encodeURIComponent(uuid)}/report`,
          method: 'POST',
          body,
        })),
      }),
      myBlocks: build.query<Page<BlockedMember>, number>({
        queryFn: viaShell<number, Page<BlockedMember>>((page) => ({
          url: '/my-blocks',
          query: { page, limit: 50 },
        })),
        providesTags: ['Blocks'],
      }),
      /** The conversation with a member: the existing one, or a new one (messaging contract). */
      startConversation: build.mutation<{ uuid: string }, string>({
        queryFn: viaShell(
          (recipientUuid: string) => ({
            url: '/user-conversations',
            method: 'POST',
            body: { recipient_uuid: recipientUuid },
          }),
          dataOf<{ uuid: string }>,
        ),
      }),
      myProfile: build.query<MyProfile, void>({
        queryFn: viaShell(() => ({ url: '/my-profile' }), dataOf<MyProfile>),
        providesTags: ['MyProfile'],
      }),
      updateMyProfile: build.mutation<MyProfile, UpdateMyProfileRequest>({
        queryFn: viaShell(
          (body: UpdateMyProfileRequest) => ({ url: '/my-profile', method: 'PUT', body }),
          dataOf<MyProfile>,
        ),
        async onQueryStarted(_args, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) dispatch(profilesApi.util.upsertQueryData('myProfile', undefined, data));
        },
      }),
      completeProfile: build.mutation<MyProfile, CompleteProfileRequest>({
        queryFn: viaShell(
          (body: CompleteProfileRequest) => ({ url: '/profile/complete', method: 'POST', body }),
          dataOf<MyProfile>,
        ),
        async onQueryStarted(_args, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) dispatch(profilesApi.util.upsertQueryData('myProfile', undefined, data));
        },
      }),
      myPhotos: build.query<Photo[], void>({
        queryFn: viaShell(() => ({ url: '/my-photos' }), dataOf<Photo[]>),
        providesTags: ['MyPhotos'],
      }),
      uploadPhoto: build.mutation<Photo, File>({
        queryFn: async (file, { extra, signal, getState }) => {
          const { api } = extra as { api: ApiRequest };
          const siteKey = (getState() as { site?: { key?: string } }).site?.key ?? '';
          // Only members who upload a photo load the multipart code.
          const { uploadPhotoFile } = await import('./photo-upload');
          return uploadPhotoFile(file, api, siteKey, signal);
        },
        invalidatesTags: ['MyPhotos', 'MyProfile'],
      }),
      setPrimaryPhoto: build.mutation<Photo, string>({
        queryFn: viaShell(
          (id: string) => ({ url: `/my-photos/${encodeURIComponent(id)}/primary`, method: 'PUT' }),
          dataOf<Photo>,
        ),
        invalidatesTags: ['MyPhotos', 'MyProfile'],
      }),
      deletePhoto: build.mutation<{ message: string }, string>({
        queryFn: viaShell<string, { message: string }>((id) => ({
          url: `/my-photos/${encodeURIComponent(id)}`,
          method: 'DELETE',
        })),
        invalidatesTags: ['MyPhotos', 'MyProfile'],
      }),
      myVisitors: build.query<Page<Visitor>, number>({
        queryFn: viaShell<number, Page<Visitor>>((page) => ({
          url: '/my-visitors',
          query: { include: 'approved_primary', page, limit: LIST_PAGE_SIZE },
        })),
        providesTags: ['Visitors'],
        keepUnusedDataFor: 0,
      }),
      myFavorites: build.query<Page<Favorite>, FavoritesArgs>({
        queryFn: viaShell<FavoritesArgs, Page<Favorite>>(({ type, page }) => ({
          url: '/my-favorites',
          query: { 'filter[type]': type, include: 'approved_primary', page, limit: LIST_PAGE_SIZE },
        })),
        providesTags: ['Favorites'],
        keepUnusedDataFor: 0,
      }),
    }),
  });

export const {
  useBrowseProfilesQuery,
  useProfileQuery,
  useSetInteractionMutation,
  useSetBlockedMutation,
  useReportProfileMutation,
  useStartConversationMutation,
  useMyBlocksQuery,
  useMyProfileQuery,
  useUpdateMyProfileMutation,
  useCompleteProfileMutation,
  useMyPhotosQuery,
  useUploadPhotoMutation,
  useSetPrimaryPhotoMutation,
  useDeletePhotoMutation,
  useMyVisitorsQuery,
  useMyFavoritesQuery,
} = profilesApi;

export function apiError(error: unknown): ProfilesApiError | null {
  if (error && typeof error === 'object' && 'status' in error && 'message' in error) {
    const e = error as Partial<ProfilesApiError>;
    return { status: Number(e.status), message: String(e.message), fieldErrors: e.fieldErrors ?? {} };
  }
  return null;
}
