import { toFailure } from '@ukd/api-client';
import type { MyProfile, UkRegion } from '@ukd/contracts/api';
import { Button, PageLoading, SiteLink } from '@ukd/ui';
import { type FieldSpec, Form, required, useForm, validateField } from '@ukd/validation';
import { type FormEvent, useState } from 'react';
import { useCompleteProfileMutation, useMyProfileQuery } from '../../profiles-api';
import { REQUIREMENT_TEXT } from '../my-profile/completion';
import styles from '../profile-edit/edit.module.css';
import { PhotoManager } from '../profile-edit/photo-manager';
import { useCompletionSync } from '../profile-edit/profile-edit-page';
import {
  AboutFields,
  formValues,
  PlaceFields,
  type ProfileFormValues,
  profileSpec,
} from '../profile-edit/profile-form';

const STEPS = ['About you', 'Where you are', 'Your photo'] as const;

/** The words and place the completion flow needs; the API asks for the same (completeProfileRequestSchema). */
const completeSpec: Record<string, FieldSpec> = {
  headline: { rules: [required, ...(profileSpec.headline?.rules ?? [])] },
  about: { rules: [required, ...(profileSpec.about?.rules ?? [])] },
  looking_for: { rules: [required, ...(profileSpec.looking_for?.rules ?? [])], label: 'looking for' },
  region: { rules: [required] },
  city: profileSpec.city ?? { rules: [] },
};

const STEP_FIELDS: Array<Array<keyof ProfileFormValues>> = [
  ['headline', 'about', 'looking_for'],
  ['region', 'city'],
  [],
];

export default function ProfileCompletePage() {
  const { data: profile, isLoading } = useMyProfileQuery();
  if (isLoading) return <PageLoading />;
  if (!profile) {
    return (
      <div className={styles.page}>
        <p className="ukd-notice ukd-notice--error" role="alert">
          Your profile could not be loaded. <SiteLink to="/profile/complete">Try again</SiteLink>
        </p>
      </div>
    );
  }
  return <CompletionFlow key={profile.uuid} profile={profile} />;
}

function CompletionFlow({ profile }: { profile: MyProfile }) {
  // Start at the first step that still has something missing.
  const firstStep = (() => {
    const missing = profile.completion.missing;
    if (missing.some((m) => m === 'headline' || m === 'about' || m === 'looking_for')) return 0;
    if (missing.includes('region')) return 1;
    return 2;
  })();
  const [step, setStep] = useState(profile.completion.complete ? 3 : firstStep);
  const [complete, completing] = useCompleteProfileMutation();
  const serverErrors = completing.error ? toFailure(completing.error).fieldErrors : {};
  const form = useForm(formValues(profile), completeSpec, serverErrors);
  const { data: latest } = useMyProfileQuery();
  const syncCompletion = useCompletionSync();
  const current = latest ?? profile;

  /** Whether a step's fields pass their rules now (the form shows the messages after validateAll). */
  function stepOk(index: number) {
    return (STEP_FIELDS[index] ?? []).every((name) => {
      const spec = completeSpec[name as string];
      return (
        !spec ||
        validateField(
          spec.rules,
          form.values[name],
          spec.label ?? String(name).replace(/_/g, ' '),
          form.values,
        ) === null
      );
    });
  }

  async function next(event: FormEvent) {
    event.preventDefault();
    form.validateAll();
    if (!stepOk(0)) return setStep(0);
    if (step === 0) return setStep(1);
    if (step === 1) {
      if (!stepOk(1)) return;
      const { headline, about, looking_for, region, city } = form.values;
      const result = await complete({
        headline: headline.trim(),
        about: about.trim(),
        looking_for: looking_for.trim(),
        region: region as UkRegion,
        city: city.trim(),
      });
      if (result.data) {
        syncCompletion(result.data);
        setStep(result.data.completion.complete ? 3 : 2);
      } else {
        const fields = Object.keys(toFailure(result.error).fieldErrors);
        if (fields.some((f) => STEP_FIELDS[0]?.includes(f))) setStep(0);
      }
    }
  }

  const failure = completing.error ? toFailure(completing.error) : null;
  return (
    <div className={styles.page}>
      <h1>Complete your profile</h1>
      {step < 3 ? (
        <ol
          aria-label="Steps"
          style={{ display: 'flex', gap: 8, listStyle: 'none', padding: 0, margin: '0 0 16px' }}
        >
          {STEPS.map((name, index) => (
            <li
              key={name}
              aria-current={index === step ? 'step' : undefined}
              style={{
                flex: 1,
                borderTop: `4px solid ${index <= step ? 'var(--ukd-color-brand)' : 'var(--ukd-color-border)'}`,
                paddingTop: 4,
                fontSize: '0.8125rem',
                fontWeight: index === step ? 700 : 400,
              }}
            >
              <span className="ukd-visually-hidden">{`Step ${index + 1} of ${STEPS.length}: `}</span>
              {name}
            </li>
          ))}
        </ol>
      ) : null}

      {step === 0 || step === 1 ? (
        <Form form={form} onSubmit={next} className={styles.section} aria-labelledby="step-heading">
          <h2 id="step-heading">{STEPS[step]}</h2>
          {step === 0 ? <AboutFields form={form} /> : <PlaceFields form={form} />}
          {failure && !Object.keys(failure.fieldErrors).length ? (
            <p className="ukd-notice ukd-notice--error" role="alert">
              {failure.message}
            </p>
          ) : null}
          <div style={{ display: 'flex', gap: 8, justifyContent: 'space-between' }}>
            {step === 1 ? (
              <Button variant="ghost" onClick={() => setStep(0)}>
                Back
              </Button>
            ) : (
              <SiteLink to="/dashboard" className="ukd-button ukd-button--ghost">
                Later
              </SiteLink>
            )}
            <Button type="submit" disabled={completing.isLoading}>
              {step === 1 ? (completing.isLoading ? 'Saving…' : 'Save and continue') : 'Continue'}
            </Button>
          </div>
        </Form>
      ) : null}

      {step === 2 ? (
        <section className={styles.section} aria-labelledby="step-heading">
          <h2 id="step-heading">Your photo</h2>
          <p>Members with a photo get far more visits and messages. Add at least one.</p>
          <PhotoManager onUploaded={() => undefined} />
          <CompletionStatus profile={current} onDone={() => setStep(3)} sync={syncCompletion} />
        </section>
      ) : null}

      {step === 3 ? (
        <section className={styles.section} aria-labelledby="done-heading">
          <h2 id="done-heading">Your profile is complete</h2>
          <p>Members can now find you. New photos show once our team has approved them.</p>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            <SiteLink to="/dashboard" className="ukd-button ukd-button--primary">
              Browse members
            </SiteLink>
            <SiteLink to="/my-profile" className="ukd-button ukd-button--secondary">
              See my profile
            </SiteLink>
          </div>
        </section>
      ) : null}
    </div>
  );
}

/** On the photo step: moves on once the API counts the profile complete (the upload refetches it). */
function CompletionStatus({
  profile,
  onDone,
  sync,
}: {
  profile: MyProfile;
  onDone(): void;
  sync(profile: MyProfile): void;
}) {
  const { complete, missing } = profile.completion;
  return (
    <div style={{ marginTop: 16 }}>
      {complete ? (
        <Button
          onClick={() => {
            sync(profile);
            onDone();
          }}
        >
          Finish
        </Button>
      ) : (
        <>
          <p style={{ margin: '0 0 8px' }}>Still to do:</p>
          <ul style={{ margin: '0 0 12px' }}>
            {missing.map((item) => (
              <li key={item}>{REQUIREMENT_TEXT[item]}</li>
            ))}
          </ul>
          <SiteLink to="/dashboard" className="ukd-button ukd-button--ghost">
            Later
          </SiteLink>
        </>
      )}
    </div>
  );
}
