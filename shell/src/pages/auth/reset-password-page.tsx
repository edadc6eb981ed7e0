import { selectFormErrors } from '@ukd/store';
import { Button, SiteLink, TextField } from '@ukd/ui';
import { confirmed, Form, min, required, useForm } from '@ukd/validation';
import type { FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import { useShellServices } from '../../session/shell-services';
import { AuthCard } from './auth-card';
import { useApiAction } from './use-api-action';

export default function ResetPasswordPage() {
  const { api } = useShellServices();
  const [params] = useSearchParams();
  const { state, run } = useApiAction();
  const form = useForm(
    { password: '', password_confirmation: '' },
    {
      password: { rules: [required, min(8), confirmed('password_confirmation')] },
      password_confirmation: { rules: [required], label: 'password confirmation' },
    },
    useSelector(selectFormErrors),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validateAll()) return;
    void run(() =>
      api('/reset-password', {
        method: 'POST',
        auth: false,
        body: {
          token: params.get('token') ?? '',
          email: params.get('email') ?? '',
          password: String(form.values.password),
          password_confirmation: String(form.values.password_confirmation),
        },
      }),
    );
  }

  if (state.status === 'done') {
    return (
      <AuthCard title="Choose a new password">
        <p className="ukd-notice ukd-notice--success" role="status">
          {state.message}
        </p>
        <SiteLink to="/login" className="ukd-button ukd-button--primary">
          Log in
        </SiteLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      {state.status === 'failed' ? (
        <p className="ukd-notice ukd-notice--error" role="alert">
          {state.message} <SiteLink to="/forgot-password">Ask for a new link</SiteLink>
        </p>
      ) : null}
      <Form form={form} onSubmit={submit}>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={form.errors.password}
          {...form.field('password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={form.errors.password_confirmation}
          {...form.field('password_confirmation')}
        />
        <Button type="submit" disabled={state.status === 'busy'} className="shell-auth-card__submit">
          Reset password
        </Button>
      </Form>
    </AuthCard>
  );
}
