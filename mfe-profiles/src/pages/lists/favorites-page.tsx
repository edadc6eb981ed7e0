import { toFailure } from '@ukd/api-client';
import { memberPlaces } from '@ukd/contracts';
import { selectUser, unreadFavoritesSet } from '@ukd/store';
import {
  Badge,
  Button,
  EmptyState,
  relativeTime,
  SiteLink,
  Spinner,
  Tabs,
  tabPanelProps,
  useNow,
} from '@ukd/ui';
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import { cardPlace } from '../../components/card-photo';
import { Pager, pageParam } from '../../components/pager';
import { ProfileCard, ProfileGrid } from '../../components/profile-card';
import { ProfilesNav } from '../../components/profiles-nav';
import { useMyFavoritesQuery } from '../../profiles-api';
import styles from './lists.module.css';

export default function FavoritesPage() {
  const [params, setParams] = useSearchParams();
  const type = params.get('type') === 'received' ? 'received' : 'mine';
  const page = pageParam(params.get('page'));
  const user = useSelector(selectUser);
  const dispatch = useDispatch();
  const now = useNow();
  const { data, error, isLoading, isFetching, isSuccess, refetch } = useMyFavoritesQuery(
    { type, page },
    { refetchOnMountOrArgChange: true },
  );

  // Opening the first page of received favourites resets the unread count, on the API and here.
  useEffect(() => {
    if (isSuccess && type === 'received' && page === 1) dispatch(unreadFavoritesSet(0));
  }, [isSuccess, type, page, dispatch]);

  return (
    <div className={styles.page}>
      <ProfilesNav />
      <h1>{memberPlaces.favourites.label}</h1>
      <Tabs
        label="Favourites"
        idPrefix="favorites"
        selected={type}
        onSelect={(id) => setParams(id === 'received' ? { type: 'received' } : {})}
        items={[
          { id: 'mine', label: 'My favourites' },
          {
            id: 'received',
            label: (
              <>
                Favourited me <Badge count={user?.unread_favorites_count ?? 0} label="new" />
              </>
            ),
          },
        ]}
      />
      <div {...tabPanelProps('favorites', type)} aria-busy={isFetching}>
        {isLoading ? (
          <Spinner label="Loading favourites" />
        ) : error ? (
          <div className="ukd-notice ukd-notice--error" role="alert">
            {toFailure(error).message || 'Your favourites could not be loaded.'}{' '}
            <Button variant="ghost" onClick={() => refetch()}>
              Try again
            </Button>
          </div>
        ) : data?.data.length ? (
          <>
            <ProfileGrid label={type === 'received' ? 'Members who favourited me' : 'My favourites'}>
              {data.data.map((favorite, index) => (
                <li key={favorite.profile.uuid}>
                  <ProfileCard
                    profile={favorite.profile}
                    place={cardPlace(index)}
                    isNew={favorite.is_new}
                    note={`${type === 'received' ? 'Favourited you' : 'Added'} ${relativeTime(favorite.favorited_at, now)}`}
                  />
                </li>
              ))}
            </ProfileGrid>
            <Pager page={data.meta.current_page} lastPage={data.meta.last_page} />
          </>
        ) : type === 'received' ? (
          <EmptyState
            title="No one has favourited you yet"
            art="favourites"
            action={
              <SiteLink to="/profile/edit" className="ukd-button ukd-button--primary">
                Improve my profile
              </SiteLink>
            }
          >
            Members who add you to their favourites show here.
          </EmptyState>
        ) : (
          <EmptyState
            title="No favourites yet"
            art="likes"
            action={
              <SiteLink to="/dashboard" className="ukd-button ukd-button--primary">
                Browse members
              </SiteLink>
            }
          >
            Tap ★ Favourite on a profile to keep them here.
          </EmptyState>
        )}
      </div>
    </div>
  );
}
