import { toFailure } from '@ukd/api-client';
import type { Interest, MyProfile } from '@ukd/contracts/api';
import { profileMarkedComplete, selectUser } from '@ukd/store';
import { Button, PageLoading, SiteLink, useShell } from '@ukd/ui';
import { Form, useForm } from '@ukd/validation';
import { type FormEvent, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { ProfilesNav } from '../../components/profiles-nav';
import { useMyProfileQuery, useUpdateMyProfileMutation } from '../../profiles-api';
import styles from './edit.module.css';
import { PhotoManager } from './photo-manager';
import {
  AboutFields,
  DetailFields,
  formValues,
  InterestFields,
  PlaceFields,
  profileSpec,
  updateRequest,
} from './profile-form';

export default function ProfileEditPage() {
  const { data: profile, error, isLoading, refetch } = useMyProfileQuery();
  if (isLoading) return <PageLoading />;
  return (
    <div className={styles.page}>
      <ProfilesNav />
      <h1>Edit my profile</h1>
      {profile ? (
        <EditForm key={profile.uuid} profile={profile} />
      ) : (
        <div className="ukd-notice ukd-notice--error" role="alert">
          {(error && toFailure(error).message) || 'Your profile could not be loaded.'}{' '}
          <Button variant="ghost" onClick={() => refetch()}>
            Try again
          </Button>
        </div>
      )}
    </div>
  );
}

/** After a save or an upload: if the API now counts the profile complete, tell the shell. */
export function useCompletionSync() {
  const user = useSelector(selectUser);
  const dispatch = useDispatch();
  const shell = useShell();
  return (profile: MyProfile | undefined) => {
    if (profile?.profile_complete && user && !user.profile_complete) {
      dispatch(profileMarkedComplete());
      void shell?.session.reloadUser();
    }
  };
}

function EditForm({ profile }: { profile: MyProfile }) {
  const [save, saving] = useUpdateMyProfileMutation();
  const serverErrors = saving.error ? toFailure(saving.error).fieldErrors : {};
  const form = useForm(formValues(profile), profileSpec, serverErrors);
  const [interests, setInterests] = useState<Interest[]>(profile.interests);
  const [saved, setSaved] = useState(false);
  const syncCompletion = useCompletionSync();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    if (!form.validateAll()) return;
    const result = await save(updateRequest(form.values, interests));
    if ('data' in result) {
      setSaved(true);
      syncCompletion(result.data);
    }
  }

  const failure = saving.error ? toFailure(saving.error) : null;
  return (
    <>
      <Form form={form} onSubmit={submit} aria-label="Edit my profile">
        <section className={styles.section} aria-labelledby="edit-about">
          <h2 id="edit-about">About you</h2>
          <AboutFields form={form} />
        </section>
        <section className={styles.section} aria-labelledby="edit-place">
          <h2 id="edit-place">Where you are</h2>
          <PlaceFields form={form} />
        </section>
        <section className={styles.section} aria-labelledby="edit-details">
          <h2 id="edit-details">Details</h2>
          <DetailFields form={form} />
        </section>
        <section className={styles.section} aria-labelledby="edit-interests">
          <h2 id="edit-interests" className="ukd-visually-hidden">
            Interests
          </h2>
          <InterestFields interests={interests} onChange={setInterests} error={serverErrors.interests} />
        </section>
        <div role="status">
          {saved ? (
            <p className="ukd-notice ukd-notice--success">
              Your profile has been saved. <SiteLink to="/my-profile">See it as others do</SiteLink>
            </p>
          ) : failure && !Object.keys(failure.fieldErrors).length ? (
            <p className="ukd-notice ukd-notice--error">{failure.message}</p>
          ) : null}
        </div>
        <div className={styles.actions}>
          <SiteLink to="/my-profile" className="ukd-button ukd-button--ghost">
            Cancel
          </SiteLink>
          <Button type="submit" disabled={saving.isLoading}>
            {saving.isLoading ? 'Saving…' : 'Save profile'}
          </Button>
        </div>
      </Form>
      <section className={styles.section} aria-labelledby="photos-heading" id="photos">
        <h2 id="photos-heading">Photos</h2>
        <PhotoManager />
      </section>
    </>
  );
}
