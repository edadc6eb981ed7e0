import { toFailure } from '@ukd/api-client';
import { memberPlaces } from '@ukd/contracts';
import { newVisitorsSet } from '@ukd/store';
import { Button, EmptyState, relativeTime, SiteLink, Spinner, useNow } from '@ukd/ui';
import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { useSearchParams } from 'react-router';
import { cardPlace } from '../../components/card-photo';
import { Pager, pageParam } from '../../components/pager';
import { ProfileCard, ProfileGrid } from '../../components/profile-card';
import { ProfilesNav } from '../../components/profiles-nav';
import { useMyVisitorsQuery } from '../../profiles-api';
import styles from './lists.module.css';

export default function VisitorsPage() {
  const [params] = useSearchParams();
  const page = pageParam(params.get('page'));
  const dispatch = useDispatch();
  const now = useNow();
  const { data, error, isLoading, isSuccess, refetch } = useMyVisitorsQuery(page, {
    refetchOnMountOrArgChange: true,
  });

  // The API resets the new-visitors count when the first page is opened; so does the top bar.
  useEffect(() => {
    if (isSuccess && page === 1) dispatch(newVisitorsSet(0));
  }, [isSuccess, page, dispatch]);

  return (
    <div className={styles.page}>
      <ProfilesNav />
      <h1>{memberPlaces.visitors.label}</h1>
      {isLoading ? (
        <Spinner label="Loading visitors" />
      ) : error ? (
        <div className="ukd-notice ukd-notice--error" role="alert">
          {toFailure(error).message || 'Your visitors could not be loaded.'}{' '}
          <Button variant="ghost" onClick={() => refetch()}>
            Try again
          </Button>
        </div>
      ) : data?.data.length ? (
        <>
          <p className={styles.intro}>Members who looked at your profile, latest first.</p>
          <ProfileGrid label="Visitors">
            {data.data.map((visit, index) => (
              <li key={visit.profile.uuid}>
                <ProfileCard
                  profile={visit.profile}
                  place={cardPlace(index)}
                  isNew={visit.is_new}
                  note={`Visited ${relativeTime(visit.visited_at, now)}${visit.visits > 1 ? ` · ${visit.visits} visits` : ''}`}
                />
              </li>
            ))}
          </ProfileGrid>
          <Pager page={data.meta.current_page} lastPage={data.meta.last_page} />
        </>
      ) : (
        <EmptyState
          title="No visitors yet"
          art="visitors"
          action={
            <SiteLink to="/profile/edit" className="ukd-button ukd-button--primary">
              Improve my profile
            </SiteLink>
          }
        >
          A photo and a few words about you bring members to your profile.
        </EmptyState>
      )}
    </div>
  );
}
