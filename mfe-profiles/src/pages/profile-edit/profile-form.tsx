import type { Interest, MyProfile, UkRegion, UpdateMyProfileRequest } from '@ukd/contracts/api';
import { INTEREST_OPTIONS, PROFILE_LIMITS, UK_REGION_OPTIONS } from '@ukd/contracts/api/options';
import { SelectField, TextAreaField, TextField } from '@ukd/ui';
import {
  type FormSpec,
  integer,
  max,
  maxValue,
  min,
  minValue,
  required,
  type useForm,
  withMessage,
} from '@ukd/validation';
import { OPTION_FIELDS } from '../../lib/labels';
import styles from './edit.module.css';

export interface ProfileFormValues {
  [key: string]: string;
  headline: string;
  about: string;
  looking_for: string;
  city: string;
  region: string;
  height_cm: string;
  body_type: string;
  eye_colour: string;
  hair_colour: string;
  tattoos_piercings: string;
}

export function formValues(profile: MyProfile): ProfileFormValues {
  return {
    headline: profile.headline ?? '',
    about: profile.about ?? '',
    looking_for: profile.looking_for ?? '',
    city: profile.city,
    region: profile.region ?? '',
    height_cm: profile.height_cm?.toString() ?? '',
    body_type: String(profile.body_type),
    eye_colour: String(profile.eye_colour),
    hair_colour: String(profile.hair_colour),
    tattoos_piercings: String(profile.tattoos_piercings),
  };
}

/** The update to send: empty texts clear the field (null), options go as their keys. */
export function updateRequest(values: ProfileFormValues, interests: Interest[]): UpdateMyProfileRequest {
  const textOrNull = (v: string) => (v.trim() ? v.trim() : null);
  return {
    headline: textOrNull(values.headline),
    about: textOrNull(values.about),
    looking_for: textOrNull(values.looking_for),
    city: values.city.trim(),
    region: (values.region || null) as UkRegion | null,
    height_cm: values.height_cm ? Number(values.height_cm) : null,
    body_type: Number(values.body_type),
    eye_colour: Number(values.eye_colour),
    hair_colour: Number(values.hair_colour),
    tattoos_piercings: Number(values.tattoos_piercings),
    interests,
  };
}

/** SPEC §5 rules and messages, with the API's limits (PROFILE_LIMITS). */
export const profileSpec: FormSpec<ProfileFormValues> = {
  headline: { rules: [max(PROFILE_LIMITS.headline.max)] },
  about: { rules: [min(PROFILE_LIMITS.about.min), max(PROFILE_LIMITS.about.max)] },
  looking_for: { rules: [max(PROFILE_LIMITS.looking_for.max)], label: 'looking for' },
  city: { rules: [withMessage(required, 'Please fill in your city'), max(PROFILE_LIMITS.city.max)] },
  height_cm: {
    rules: [integer, minValue(PROFILE_LIMITS.height_cm.min), maxValue(PROFILE_LIMITS.height_cm.max)],
    label: 'height',
  },
};

type Form = ReturnType<typeof useForm<ProfileFormValues>>;

const counter = (value: string, limit: number) => `${[...value].length} / ${limit}`;

export function AboutFields({ form }: { form: Form }) {
  const { field, errors, values } = form;
  return (
    <>
      <TextField
        {...field('headline')}
        label="Headline"
        maxLength={PROFILE_LIMITS.headline.max}
        error={errors.headline}
        hint={`A line that makes members stop and look. ${counter(values.headline, PROFILE_LIMITS.headline.max)}`}
      />
      <TextAreaField
        {...field('about')}
        label="About me"
        rows={5}
        maxLength={PROFILE_LIMITS.about.max}
        error={errors.about}
        hint={`At least ${PROFILE_LIMITS.about.min} characters. ${counter(values.about, PROFILE_LIMITS.about.max)}`}
      />
      <TextAreaField
        {...field('looking_for')}
        label="Looking for"
        rows={3}
        maxLength={PROFILE_LIMITS.looking_for.max}
        error={errors.looking_for}
        hint={counter(values.looking_for, PROFILE_LIMITS.looking_for.max)}
      />
    </>
  );
}

export function PlaceFields({ form }: { form: Form }) {
  const { field, errors } = form;
  return (
    <div className={styles.twoCols}>
      <SelectField
        {...field('region')}
        label="Region"
        error={errors.region}
        placeholder="Choose your region"
        options={UK_REGION_OPTIONS.map((r) => ({ value: r.key, label: r.label }))}
      />
      <TextField
        {...field('city')}
        label="Town or city"
        autoComplete="address-level2"
        maxLength={PROFILE_LIMITS.city.max}
        error={errors.city}
      />
    </div>
  );
}

export function DetailFields({ form }: { form: Form }) {
  const { field, errors } = form;
  return (
    <div className={styles.twoCols}>
      <TextField
        {...field('height_cm')}
        label="Height (cm)"
        type="number"
        inputMode="numeric"
        min={PROFILE_LIMITS.height_cm.min}
        max={PROFILE_LIMITS.height_cm.max}
        error={errors.height_cm}
      />
      {OPTION_FIELDS.map(({ field: name, label, options }) => (
        <SelectField
          key={name}
          {...field(name)}
          label={label}
          error={errors[name]}
          options={options.map((o) => ({ value: String(o.key), label: o.label }))}
        />
      ))}
    </div>
  );
}

export function InterestFields({
  interests,
  onChange,
  error,
}: {
  interests: Interest[];
  onChange(next: Interest[]): void;
  error?: string | undefined;
}) {
  const limit = PROFILE_LIMITS.interests.max;
  return (
    <fieldset className={styles.interests} aria-describedby="interests-hint">
      <legend>Interests</legend>
      <p id="interests-hint" className={styles.hint} style={{ marginTop: 0, marginBottom: 8 }}>
        Pick up to {limit}. {interests.length} chosen.
      </p>
      <div className={styles.interestList}>
        {INTEREST_OPTIONS.map((option) => {
          const checked = interests.includes(option.key);
          return (
            <label key={option.key} className={styles.interest}>
              <input
                type="checkbox"
                checked={checked}
                disabled={!checked && interests.length >= limit}
                onChange={() =>
                  onChange(checked ? interests.filter((i) => i !== option.key) : [...interests, option.key])
                }
              />
              {option.label}
            </label>
          );
        })}
      </div>
      {error ? (
        <p className="ukd-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
