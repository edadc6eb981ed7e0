import type { RegisterRequest } from '@ukd/contracts/api';
import { selectFormErrors, selectSessionBusy, selectSettings } from '@ukd/store';
import {
  Button,
  Captcha,
  type CaptchaHandle,
  CheckboxField,
  captchaConfig,
  SelectField,
  SiteLink,
  TextField,
} from '@ukd/ui';
import {
  alphaDash,
  confirmed,
  date,
  email,
  Form,
  included,
  max,
  min,
  minAge,
  required,
  useForm,
  withMessage,
} from '@ukd/validation';
import { type FormEvent, useRef } from 'react';
import { useSelector } from 'react-redux';
import { useShellServices } from '../../session/shell-services';
import { AuthCard } from './auth-card';

const genders = [
  { value: 'male', label: 'Man' },
  { value: 'female', label: 'Woman' },
];

export default function RegisterPage() {
  const { session } = useShellServices();
  const busy = useSelector(selectSessionBusy);
  const serverErrors = useSelector(selectFormErrors);
  const settings = useSelector(selectSettings);
  const captcha = useRef<CaptchaHandle>(null);
  const form = useForm(
    {
      username: '',
      email: '',
      password: '',
      password_confirmation: '',
      gender: '',
      date_of_birth: '',
      city: '',
      terms: false as boolean,
    },
    {
      username: { rules: [required, min(3), max(30), alphaDash] },
      email: { rules: [required, withMessage(email, 'Please fill in a valid email address')] },
      password: { rules: [required, min(8), confirmed('password_confirmation')] },
      password_confirmation: { rules: [required], label: 'password confirmation' },
      gender: { rules: [required, included('male', 'female')], label: 'gender' },
      date_of_birth: { rules: [required, date, minAge(18)], label: 'date of birth' },
      city: { rules: [withMessage(required, 'Please fill in your city'), max(100)] },
      terms: { rules: [withMessage(required, 'Please accept the terms of use to join')] },
    },
    serverErrors,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validateAll()) return;
    const { values } = form;
    const details: RegisterRequest = {
      username: String(values.username).trim(),
      email: String(values.email).trim(),
      password: String(values.password),
      password_confirmation: String(values.password_confirmation),
      gender: values.gender === 'female' ? 'female' : 'male',
      date_of_birth: String(values.date_of_birth),
      city: String(values.city).trim(),
      terms: values.terms === true,
      captcha: (await captcha.current?.token()) ?? '',
    };
    if (!(await session.register(details))) captcha.current?.reset();
  }

  return (
    <AuthCard title="Create your free account" intro="It takes about a minute. You must be 18 or over.">
      <Form form={form} onSubmit={submit}>
        <TextField
          label="Username"
          autoComplete="nickname"
          hint="3 to 30 letters, numbers, dashes or underscores. Other members see it."
          error={form.errors.username}
          {...form.field('username')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={form.errors.email}
          {...form.field('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters. A phrase of a few words is easy to remember."
          error={form.errors.password}
          {...form.field('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          hint="Type the same password again."
          error={form.errors.password_confirmation}
          {...form.field('password_confirmation')}
        />
        <SelectField
          label="I am a"
          options={genders}
          placeholder="Choose…"
          autoComplete="sex"
          error={form.errors.gender}
          {...form.field('gender')}
        />
        <TextField
          label="Date of birth"
          type="date"
          autoComplete="bday"
          hint="You must be 18 or over to join."
          error={form.errors.date_of_birth}
          {...form.field('date_of_birth')}
        />
        <TextField
          label="Town or city"
          autoComplete="address-level2"
          error={form.errors.city}
          {...form.field('city')}
        />
        <CheckboxField
          id="field-terms"
          name="terms"
          checked={form.values.terms === true}
          onCheckedChange={(checked) => form.setValue('terms', checked)}
          error={form.errors.terms}
        >
          I am 18 or over and accept the <SiteLink to="/terms-of-use">terms of use</SiteLink> and{' '}
          <SiteLink to="/privacy">privacy notice</SiteLink>.
        </CheckboxField>
        <Captcha
          ref={captcha}
          config={captchaConfig(settings)}
          action="register"
          error={serverErrors.captcha}
        />
        <Button type="submit" disabled={busy} className="shell-auth-card__submit">
          {busy ? 'Creating your account…' : 'Create account'}
        </Button>
      </Form>
      <p className="shell-auth-card__links">
        <span>
          Already a member? <SiteLink to="/login">Log in</SiteLink>
        </span>
      </p>
    </AuthCard>
  );
}
