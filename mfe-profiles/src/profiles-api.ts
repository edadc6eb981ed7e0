import { baseApi } from '@ukd/api-client/rtk';
import type {
  CompleteProfileRequest,
  CreditOrder,
  Favorite,
  InteractionKind,
  MyProfile,
  Photo,
  ProfileCard,
  ProfileRelation,
  PublicProfile,
  ReportRequest,
  UpdateMyProfileRequest,
  VipStatusResponse,
  Visitor,
} from '@ukd/contracts/api';
import { PHOTO_MESSAGES } from '@ukd/contracts/api/options';
import { type BrowseArgs, browseRequest, type Page, takeBrowseCall } from './browse-calls';

export const LIST_PAGE_SIZE = 24;

const relationFields = { like: 'liked', favorite: 'favorited', wink: 'winked' } as const;

type VipStatus = VipStatusResponse['data'];

const dataOf = <T>(response: { data: T }) => response.data;

/** The multipart body of `POST /my-photos`: the file under `photo`. */
function photoForm(file: File): FormData {
  const form = new FormData();
  form.append('photo', file, file.name || 'photo');
  return form;
}

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
        // The dashboard's first page may already be on its way (its route's `data`).
        async queryFn(args, _api, _options, baseQuery) {
          const early = takeBrowseCall(args);
          if (early) {
            try {
              return { data: await early };
            } catch {
              // Asked again below: the page shows the API's own answer to its own call.
            }
          }
          const result = await baseQuery(browseRequest(args));
          return result.error ? { error: result.error } : { data: result.data as Page<ProfileCard> };
        },
        providesTags: ['ProfileList'],
      }),
      profile: build.query<PublicProfile, string>({
        query: (uuid) => ({ url: `/profiles/${encodeURIComponent(uuid)}` }),
        transformResponse: dataOf<PublicProfile>,
        providesTags: (_result, _error, uuid) => [{ type: 'Profile', id: uuid }],
        // Each visit is recorded by the API; do not refetch on every remount within a minute.
        keepUnusedDataFor: 60,
      }),
      setInteraction: build.mutation<ProfileRelation, InteractionArgs>({
        query: ({ uuid, kind, on }) => ({
          url: `/profiles/${encodeURIComponent(uuid)}/${kind}`,
          method: on ? 'PUT' : 'DELETE',
        }),
        transformResponse: dataOf<ProfileRelation>,
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
        query: ({ uuid, on }) => ({
          url: `/profiles/${encodeURIComponent(uuid)}/block`,
          method: on ? 'PUT' : 'DELETE',
        }),
        transformResponse: dataOf<ProfileRelation>,
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
        query: ({ uuid, ...body }) => ({
          url: `/profiles/${encodeURIComponent(uuid)}/report`,
          method: 'POST',
          body,
        }),
      }),
      myBlocks: build.query<Page<BlockedMember>, number>({
        query: (page) => ({ url: '/my-blocks', query: { page, limit: 50 } }),
        providesTags: ['Blocks'],
      }),
      /** The conversation with a member: the existing one, or a new one (messaging contract). */
      startConversation: build.mutation<{ uuid: string }, string>({
        query: (recipientUuid) => ({
          url: '/user-conversations',
          method: 'POST',
          body: { recipient_uuid: recipientUuid },
        }),
        transformResponse: dataOf<{ uuid: string }>,
      }),
      /** Billing's records, shown on /account (the billing remote owns the full history page). */
      myPurchases: build.query<CreditOrder[], void>({
        query: () => ({ url: '/credit-orders' }),
        transformResponse: dataOf<CreditOrder[]>,
      }),
      vipStatus: build.query<VipStatus, void>({
        query: () => ({ url: '/vip' }),
        transformResponse: dataOf<VipStatus>,
      }),
      myProfile: build.query<MyProfile, void>({
        query: () => ({ url: '/my-profile' }),
        transformResponse: dataOf<MyProfile>,
        providesTags: ['MyProfile'],
      }),
      updateMyProfile: build.mutation<MyProfile, UpdateMyProfileRequest>({
        query: (body) => ({ url: '/my-profile', method: 'PUT', body }),
        transformResponse: dataOf<MyProfile>,
        async onQueryStarted(_args, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) dispatch(profilesApi.util.upsertQueryData('myProfile', undefined, data));
        },
      }),
      completeProfile: build.mutation<MyProfile, CompleteProfileRequest>({
        query: (body) => ({ url: '/profile/complete', method: 'POST', body }),
        transformResponse: dataOf<MyProfile>,
        async onQueryStarted(_args, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) dispatch(profilesApi.util.upsertQueryData('myProfile', undefined, data));
        },
      }),
      myPhotos: build.query<Photo[], void>({
        query: () => ({ url: '/my-photos' }),
        transformResponse: dataOf<Photo[]>,
        providesTags: ['MyPhotos'],
      }),
      uploadPhoto: build.mutation<Photo, File>({
        // Multipart: the shell's client sends a FormData body as it is (the browser sets the boundary).
        query: (file) => ({ url: '/my-photos', method: 'POST', body: photoForm(file) }),
        transformResponse: dataOf<Photo>,
        // A proxy refuses an oversized body with a bare 413; say what the API would have said.
        transformErrorResponse: (error) =>
          error.status === 413
            ? { ...error, fieldErrors: { photo: PHOTO_MESSAGES.tooLarge, ...error.fieldErrors } }
            : error,
        invalidatesTags: ['MyPhotos', 'MyProfile'],
      }),
      setPrimaryPhoto: build.mutation<Photo, string>({
        query: (id) => ({ url: `/my-photos/${encodeURIComponent(id)}/primary`, method: 'PUT' }),
        transformResponse: dataOf<Photo>,
        invalidatesTags: ['MyPhotos', 'MyProfile'],
      }),
      deletePhoto: build.mutation<{ message: string }, string>({
        query: (id) => ({ url: `/my-photos/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: ['MyPhotos', 'MyProfile'],
      }),
      myVisitors: build.query<Page<Visitor>, number>({
        query: (page) => ({
          url: '/my-visitors',
          query: { include: 'approved_primary', page, limit: LIST_PAGE_SIZE },
        }),
        providesTags: ['Visitors'],
        keepUnusedDataFor: 0,
      }),
      myFavorites: build.query<Page<Favorite>, FavoritesArgs>({
        query: ({ type, page }) => ({
          url: '/my-favorites',
          query: { 'filter[type]': type, include: 'approved_primary', page, limit: LIST_PAGE_SIZE },
        }),
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
  useMyPurchasesQuery,
  useVipStatusQuery,
} = profilesApi;
