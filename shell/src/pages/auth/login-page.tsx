import { selectFormErrors, selectSessionBusy } from '@ukd/store';
import { Button, SiteLink, TextField } from '@ukd/ui';
import { email, Form, required, useForm, withMessage } from '@ukd/validation';
import type { FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { useShellServices } from '../../session/shell-services';
import { AuthCard } from './auth-card';

export default function LoginPage() {
  const { session } = useShellServices();
  const busy = useSelector(selectSessionBusy);
  const serverErrors = useSelector(selectFormErrors);
  const form = useForm(
    { email: '', password: '' },
    {
      email: { rules: [required, withMessage(email, 'Please fill in a valid email address')] },
      password: { rules: [required] },
    },
    serverErrors,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validateAll()) return;
    // On success the guest guard sends the member on: to ?redirect=… or the dashboard.
    await session.login(String(form.values.email).trim(), String(form.values.password));
  }

  return (
    <AuthCard title="Log in" intro="Welcome back. Pick up where you left off.">
      <Form form={form} onSubmit={submit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          error={form.errors.email}
          {...form.field('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={form.errors.password}
          {...form.field('password')}
        />
        <Button type="submit" disabled={busy} className="shell-auth-card__submit">
          {busy ? 'Logging in…' : 'Log in'}
        </Button>
      </Form>
      <p className="shell-auth-card__links">
        <SiteLink to="/forgot-password">Forgot your password?</SiteLink>
        <span>
          New here? <SiteLink to="/register">Create account</SiteLink>
        </span>
      </p>
    </AuthCard>
  );
}
